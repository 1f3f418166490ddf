"""A round-robin HTTP/1.1 reverse proxy for the local cluster: standard library and h11 only.

    python deploy/balancer.py --listen 127.0.0.1:8080 --backend 127.0.0.1:8001 --backend 127.0.0.1:8002

Each request (not each connection) goes to the next backend, so one keep-alive client is
spread over every replica, as nginx does. It keeps no state but that counter: a session
lives in Redis, and any replica can serve any request. A backend that refuses the
connection is skipped; once a request has been sent it is never re-sent (it may have been
applied), and a failure after that is a 502 for the client to retry with its
Idempotency-Key. Bodies stream in both directions (event streams included). A WebSocket
handshake (`Upgrade: websocket`, as GraphQL subscriptions send) is passed on with its Upgrade
and Connection headers; once the backend answers 101 the two connections are joined byte for
byte until either side closes, with no idle timeout. It answers 404 for /metrics, as
deploy/nginx.conf does: metrics are scraped from each replica directly.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import signal
from collections.abc import Sequence

import h11

# Hop-by-hop headers stay on their hop. Content-Length and Transfer-Encoding pass: h11
# frames each side's body by them (and `expect` is answered here, not forwarded).
_HOP_BY_HOP = {b"connection", b"keep-alive", b"proxy-connection", b"te", b"trailer", b"upgrade", b"expect"}
_READ = 65536
_CONNECT_TIMEOUT_S = 2.0
# After one side of a joined WebSocket closes, how long the other may take to close too.
_CLOSE_GRACE_S = 5.0


class _Peer:
    """One side of the proxy: a socket and its h11 state machine."""

    def __init__(self, role: type[h11.CLIENT] | type[h11.SERVER], reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.conn = h11.Connection(our_role=role)
        self.reader = reader
        self.writer = writer

    async def next_event(self) -> h11.Event | type[h11.PAUSED]:
        while True:
            event = self.conn.next_event()
            if event is not h11.NEED_DATA:
                return event
            self.conn.receive_data(await self.reader.read(_READ))

    async def send(self, event: h11.Event) -> None:
        data = self.conn.send(event)
        if data:
            self.writer.write(data)
            await self.writer.drain()

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(OSError):
            await self.writer.wait_closed()


def _forwarded(headers: Sequence[tuple[bytes, bytes]], client: str) -> list[tuple[bytes, bytes]]:
    kept = [(name, value) for name, value in headers if name.lower() not in _HOP_BY_HOP]
    if _asks_for_websocket(headers):  # the one upgrade passed on: Upgrade is hop-by-hop, so it is re-sent
        kept += [(b"connection", b"upgrade"), (b"upgrade", b"websocket")]
    return [*kept, (b"x-forwarded-for", client.encode()), (b"x-forwarded-proto", b"http")]


def _asks_for_websocket(headers: Sequence[tuple[bytes, bytes]]) -> bool:
    """`Connection: upgrade` and `Upgrade: websocket` (RFC 6455's handshake); other upgrades are dropped."""
    connection = {token.strip().lower() for name, value in headers if name.lower() == b"connection" for token in value.split(b",")}
    upgrade = {token.strip().lower() for name, value in headers if name.lower() == b"upgrade" for token in value.split(b",")}
    return b"upgrade" in connection and b"websocket" in upgrade


class Balancer:
    def __init__(self, backends: Sequence[tuple[str, int]]) -> None:
        assert backends, "a balancer needs at least one backend"
        self.backends = list(backends)
        self._turn = itertools.count()

    async def _connect(self) -> _Peer | None:
        """The next backend that accepts a connection, trying each once."""
        start = next(self._turn)
        for offset in range(len(self.backends)):
            host, port = self.backends[(start + offset) % len(self.backends)]
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), _CONNECT_TIMEOUT_S)
            except (OSError, TimeoutError):
                continue
            return _Peer(h11.CLIENT, reader, writer)
        return None

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        client = _Peer(h11.SERVER, reader, writer)
        address = writer.get_extra_info("peername") or ("unknown", 0)
        try:
            while await self._one_request(client, str(address[0])):
                client.conn.start_next_cycle()
        except (h11.RemoteProtocolError, ConnectionError, OSError):
            pass
        finally:
            await client.close()

    async def _one_request(self, client: _Peer, address: str) -> bool:
        """Serve one request; True when the client connection may carry another."""
        event = await client.next_event()
        if isinstance(event, h11.ConnectionClosed):
            return False
        assert isinstance(event, h11.Request), event
        if event.target.split(b"?")[0] == b"/metrics":
            await _answer(client, 404, b"not found\n")
            return client.conn.our_state is h11.DONE and client.conn.their_state is h11.DONE
        upstream = await self._connect()
        if upstream is None:
            await _answer(client, 502, b"no backend accepted the connection\n")
            return False
        try:
            await upstream.send(h11.Request(method=event.method, target=event.target, headers=_forwarded(event.headers, address)))
            if client.conn.client_is_waiting_for_100_continue:
                await client.send(h11.InformationalResponse(status_code=100, headers=[]))
            while True:  # the request body, as it arrives
                part = await client.next_event()
                if isinstance(part, h11.Data):
                    await upstream.send(part)
                elif isinstance(part, h11.EndOfMessage):
                    await upstream.send(h11.EndOfMessage())
                    break
                else:
                    return False
            response = await upstream.next_event()
            while isinstance(response, h11.InformationalResponse):  # the backend's own 100 Continue
                if response.status_code == 101:  # h11 accepts it only when a WebSocket was asked for
                    await _join(client, upstream, response)
                    return False
                response = await upstream.next_event()
            if not isinstance(response, h11.Response):
                raise ConnectionError("the backend closed without answering")
            headers = [(n, v) for n, v in response.headers if n.lower() not in _HOP_BY_HOP]
            await client.send(h11.Response(status_code=response.status_code, headers=headers, reason=response.reason))
            while True:  # the response body, as it arrives
                part = await upstream.next_event()
                if isinstance(part, h11.Data):
                    await client.send(part)
                elif isinstance(part, h11.EndOfMessage):
                    await client.send(h11.EndOfMessage())
                    break
                else:
                    return False
        except (h11.ProtocolError, ConnectionError, OSError):
            if client.conn.our_state is h11.SEND_RESPONSE:
                await _answer(client, 502, b"the backend failed before answering\n")
            return False
        finally:
            await upstream.close()
        return client.conn.our_state is h11.DONE and client.conn.their_state is h11.DONE


async def _join(client: _Peer, upstream: _Peer, switched: h11.InformationalResponse) -> None:
    """Pass the backend's 101 on, then copy bytes both ways (frames either side sent early included)."""
    headers = [(n, v) for n, v in switched.headers if n.lower() not in _HOP_BY_HOP]
    headers += [(b"connection", b"upgrade"), (b"upgrade", b"websocket")]
    await client.send(h11.InformationalResponse(status_code=101, headers=headers, reason=switched.reason))
    for source, target in ((client, upstream), (upstream, client)):
        early, _ = source.conn.trailing_data
        if early:
            target.writer.write(early)
    copies = {asyncio.ensure_future(_copy(client, upstream)), asyncio.ensure_future(_copy(upstream, client))}
    done, pending = await asyncio.wait(copies, return_when=asyncio.FIRST_COMPLETED)
    if pending:  # one side has closed and its end was passed on: the other has a moment to close too
        done, pending = await asyncio.wait(pending, timeout=_CLOSE_GRACE_S)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)


async def _copy(source: _Peer, target: _Peer) -> None:
    try:
        while data := await source.reader.read(_READ):
            target.writer.write(data)
            await target.writer.drain()
    except (ConnectionError, OSError):
        pass
    with contextlib.suppress(ConnectionError, OSError, RuntimeError):
        if target.writer.can_write_eof():
            target.writer.write_eof()


async def _answer(client: _Peer, status: int, body: bytes) -> None:
    headers = [(b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode())]
    if client.conn.their_state is not h11.DONE:
        headers.append((b"connection", b"close"))  # the unread request body ends this connection
    await client.send(h11.Response(status_code=status, headers=headers))
    await client.send(h11.Data(data=body))
    await client.send(h11.EndOfMessage())


def _address(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    return host or "127.0.0.1", int(port)


async def start(listen: tuple[str, int], backends: Sequence[tuple[str, int]]) -> tuple[asyncio.Server, str]:
    """A listening balancer and its URL (`listen` may ask for port 0: any free one)."""
    server = await asyncio.start_server(Balancer(backends).handle, listen[0], listen[1])
    host, port = server.sockets[0].getsockname()[:2]
    return server, f"http://{host}:{port}"


async def serve_until_signalled(server: asyncio.Server) -> None:
    """Serve until SIGINT or SIGTERM."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        server.close()  # open connections end with the loop; a keep-alive client must not hold it


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listen", type=_address, default=("127.0.0.1", 8080), help="host:port (port 0: any free one)")
    parser.add_argument("--backend", type=_address, action="append", required=True, help="host:port, repeatable")
    args = parser.parse_args(argv)

    async def run() -> None:
        server, url = await start(args.listen, args.backend)
        print(f"balancer listening on {url}", flush=True)
        await serve_until_signalled(server)

    asyncio.run(run())


if __name__ == "__main__":
    main()
