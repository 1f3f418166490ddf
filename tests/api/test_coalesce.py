"""A response's head and body leave in one write; nothing is lost, reordered or held past a turn."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest

from service.coalesce import CoalescingTransport
from service.server import BoundedHttpToolsProtocol


class Recorder:
    """A transport that records what reaches it."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []
        self.closing = False

    def write(self, data: bytes) -> None:
        self.calls.append(("write", data))

    def write_eof(self) -> None:
        self.calls.append(("write_eof", None))

    def close(self) -> None:
        self.closing = True
        self.calls.append(("close", None))

    def abort(self) -> None:
        self.closing = True
        self.calls.append(("abort", None))

    def is_closing(self) -> bool:
        return self.closing

    def get_write_buffer_size(self) -> int:
        return 7

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("127.0.0.1", 9) if name == "peername" else default


async def turn() -> None:
    await asyncio.sleep(0)


async def test_a_head_and_body_written_in_one_turn_reach_the_socket_as_one_write() -> None:
    inner = Recorder()
    transport = CoalescingTransport(inner, asyncio.get_running_loop())  # type: ignore[arg-type]
    transport.write(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n")
    transport.write(memoryview(b"ok"))
    assert inner.calls == []  # held until the loop's next turn
    assert transport.get_write_buffer_size() == 7 + 40
    await turn()
    assert inner.calls == [("write", b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok")]
    await turn()
    assert len(inner.calls) == 1


async def test_a_streamed_response_sends_its_head_at_once_and_each_chunk_in_its_own_turn() -> None:
    inner = Recorder()
    transport = CoalescingTransport(inner, asyncio.get_running_loop())  # type: ignore[arg-type]
    transport.write(b"HEAD")
    await turn()
    assert inner.calls == [("write", b"HEAD")]  # a client waiting on the stream has its head
    transport.writelines([b"a", b"", b"b"])
    await turn()
    transport.write(b"c")
    await turn()
    assert inner.calls == [("write", b"HEAD"), ("write", b"ab"), ("write", b"c")]


async def test_close_and_eof_send_what_is_held_first_and_abort_drops_it() -> None:
    loop = asyncio.get_running_loop()
    inner = Recorder()
    transport = CoalescingTransport(inner, loop)  # type: ignore[arg-type]
    transport.write(b"answer")
    transport.write_eof()
    transport.write(b"late")
    transport.close()
    await turn()
    assert inner.calls == [("write", b"answer"), ("write_eof", None), ("write", b"late"), ("close", None)]

    dropped = Recorder()
    transport = CoalescingTransport(dropped, loop)  # type: ignore[arg-type]
    transport.write(b"never")
    transport.abort()
    await turn()
    assert dropped.calls == [("abort", None)]


async def test_nothing_is_written_to_a_transport_closed_underneath() -> None:
    inner = Recorder()
    transport = CoalescingTransport(inner, asyncio.get_running_loop())  # type: ignore[arg-type]
    transport.write(b"x")
    inner.closing = True  # the peer went away before the loop's turn
    await turn()
    assert inner.calls == []
    assert transport.is_closing()  # everything else is the wrapped transport's own
    assert transport.get_extra_info("peername") == ("127.0.0.1", 9)


class Counted:
    """The socket's transport, counting the writes that reach it."""

    def __init__(self, transport: asyncio.Transport, writes: list[bytes]) -> None:
        self._transport, self._writes = transport, writes

    def write(self, data: bytes) -> None:
        self._writes.append(bytes(data))
        self._transport.write(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


async def serve(app: Any, writes: list[bytes]) -> tuple[Any, int]:
    """uvicorn with the service's protocol, in this loop, on a free port; the socket's writes go to `writes`."""
    import uvicorn

    class Spied(BoundedHttpToolsProtocol):
        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(Counted(transport, writes))  # type: ignore[arg-type]

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, http=Spied, log_level="warning", lifespan="off"))
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        await asyncio.sleep(0.01)
    return (server, task), sock.getsockname()[1]


async def stop(handle: Any) -> None:
    server, task = handle
    server.should_exit = True
    await task


async def test_over_a_real_socket_each_answer_is_one_write_and_a_stream_gets_its_head_before_its_body() -> None:
    release = asyncio.Event()

    async def app(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        if scope["path"] == "/stream":
            await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/event-stream")]})
            await release.wait()
            await send({"type": "http.response.body", "body": b"data: 1\n\n", "more_body": False})
            return
        body = b'{"status":"ok"}'
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    writes: list[bytes] = []
    handle, port = await serve(app, writes)
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        for _ in range(3):
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            head = await reader.readuntil(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 200") and await reader.readexactly(15) == b'{"status":"ok"}'
        assert len(writes) == 3 and all(w.endswith(b'\r\n\r\n{"status":"ok"}') for w in writes)

        writer.write(b"GET /stream HTTP/1.1\r\nHost: x\r\n\r\n")
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)  # the body is still held by the app
        assert head.startswith(b"HTTP/1.1 200") and b"text/event-stream" in head
        release.set()
        assert (await asyncio.wait_for(reader.readuntil(b"0\r\n\r\n"), 5)).endswith(b"data: 1\n\n\r\n0\r\n\r\n")
        assert len(writes) == 5  # the stream's head, then its last chunk
        writer.close()
    finally:
        await stop(handle)


def test_the_protocol_hands_uvicorn_a_coalescing_transport() -> None:
    loop = asyncio.new_event_loop()
    try:
        import uvicorn
        from uvicorn.server import ServerState

        config = uvicorn.Config(app=lambda *_: None, http=BoundedHttpToolsProtocol)
        config.load()
        protocol = BoundedHttpToolsProtocol(config=config, server_state=ServerState(), app_state={}, _loop=loop)
        inner = Recorder()
        protocol.connection_made(inner)  # type: ignore[arg-type]
        assert isinstance(protocol.transport, CoalescingTransport)
        protocol.connection_lost(None)
    finally:
        loop.close()
