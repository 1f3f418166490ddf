"""deploy/balancer.py: round robin per request, failover on refused connections, bodies streamed."""

from __future__ import annotations

import asyncio
import http.server
import importlib.util
import socket
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from types import ModuleType

import httpx
import pytest
from deploy_files import DEPLOY


def _load_balancer() -> ModuleType:
    spec = importlib.util.spec_from_file_location("neon_arbiter_balancer", DEPLOY / "balancer.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


balancer = _load_balancer()


class _Backend(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _NamedServer

    def _answer(self, body: bytes) -> None:
        self.send_response(200)
        self.send_header("X-Served-By", self.server.name)
        self.send_header("X-Seen-Forwarded-For", self.headers.get("X-Forwarded-For", ""))
        self.send_header("X-Seen-Request-ID", self.headers.get("X-Request-ID", ""))
        self.send_header("X-Seen-Upgrade", self.headers.get("Upgrade", ""))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:  # noqa: N802
        self._answer(self.path.encode())

    def do_POST(self) -> None:  # noqa: N802
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            body = b""
            while size := int(self.rfile.readline().strip(), 16):
                body += self.rfile.read(size)
                self.rfile.readline()
            self.rfile.readline()
        else:
            body = self.rfile.read(int(self.headers["Content-Length"]))
        self._answer(body)

    def log_message(self, *args: object) -> None:
        pass


class _NamedServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, name: str) -> None:
        super().__init__(("127.0.0.1", 0), _Backend)
        self.name = name


@pytest.fixture
def backends() -> Iterator[list[_NamedServer]]:
    servers = [_NamedServer(f"backend-{i}") for i in (1, 2, 3)]
    for server in servers:
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    yield servers
    for server in servers:
        server.shutdown()
        server.server_close()


def _address(server: _NamedServer) -> tuple[str, int]:
    return ("127.0.0.1", server.server_address[1])


@asynccontextmanager
async def _serving(addresses: list[tuple[str, int]]) -> AsyncIterator[str]:
    server, url = await balancer.start(("127.0.0.1", 0), addresses)
    try:
        yield url
    finally:
        server.close()


async def test_each_request_goes_to_the_next_backend_even_on_one_connection(backends) -> None:
    async with _serving([_address(s) for s in backends]) as url:
        async with httpx.AsyncClient(base_url=url, timeout=10) as client:  # one keep-alive connection
            served = [(await client.get(f"/n/{i}")).headers["x-served-by"] for i in range(6)]
    assert served == ["backend-1", "backend-2", "backend-3"] * 2


async def test_a_backend_that_refuses_connections_is_skipped(backends) -> None:
    dead = backends[1]
    dead.shutdown()
    dead.server_close()
    async with _serving([_address(s) for s in backends]) as url:
        async with httpx.AsyncClient(base_url=url, timeout=10) as client:
            served = {(await client.get("/")).headers["x-served-by"] for _ in range(6)}
    assert served == {"backend-1", "backend-3"}


async def test_no_backend_answering_is_a_502() -> None:
    with socket.socket() as closed:  # bound, never listening: connections to it are refused
        closed.bind(("127.0.0.1", 0))
        async with _serving([closed.getsockname()]) as url:
            async with httpx.AsyncClient(base_url=url, timeout=10) as client:
                response = await client.get("/v1/mechanics")
    assert response.status_code == 502


async def test_metrics_stay_private_behind_the_balancer(backends) -> None:
    async with _serving([_address(s) for s in backends]) as url:
        async with httpx.AsyncClient(base_url=url, timeout=10) as client:
            assert (await client.get("/metrics")).status_code == 404
            assert (await client.get("/metrics-not")).status_code == 200


async def test_bodies_headers_and_query_strings_pass_through(backends) -> None:
    async def chunks() -> AsyncIterator[bytes]:
        for part in (b'{"expression": ', b'"4d6kh3"}'):
            yield part
            await asyncio.sleep(0.01)

    async with _serving([_address(backends[0])]) as url:
        async with httpx.AsyncClient(base_url=url, timeout=10) as client:
            sized = await client.post("/echo", content=b"x" * 100_000, headers={"X-Request-ID": "abc-123"})
            streamed = await client.post("/echo", content=chunks())
            query = await client.get("/log", params={"cursor": "7", "limit": "2"})
    assert sized.content == b"x" * 100_000
    assert sized.headers["x-seen-request-id"] == "abc-123"
    assert sized.headers["x-seen-forwarded-for"] == "127.0.0.1"
    assert streamed.content == b'{"expression": "4d6kh3"}'
    assert query.text == "/log?cursor=7&limit=2"


async def test_a_websocket_is_passed_through_both_ways_with_its_subprotocol() -> None:
    from websockets.asyncio.client import connect
    from websockets.asyncio.server import serve

    async def echo(ws) -> None:
        await ws.send("hello")  # sent at once, before the client says anything: it must not be lost
        async for message in ws:
            await ws.send(f"echo {message}")

    async with serve(echo, "127.0.0.1", 0, subprotocols=["graphql-transport-ws"]) as backend:
        port = backend.sockets[0].getsockname()[1]
        async with _serving([("127.0.0.1", port)]) as url:
            async with connect(url.replace("http", "ws", 1) + "/graphql", subprotocols=["graphql-transport-ws"], open_timeout=10) as ws:
                assert ws.subprotocol == "graphql-transport-ws"
                assert ws.response.status_code == 101
                assert await asyncio.wait_for(ws.recv(), 5) == "hello"
                for text in ("one", "x" * 200_000):  # a frame bigger than one read
                    await ws.send(text)
                    assert await asyncio.wait_for(ws.recv(), 5) == f"echo {text}"


async def test_a_request_for_another_upgrade_reaches_the_backend_without_it(backends) -> None:
    async with _serving([_address(backends[0])]) as url:
        async with httpx.AsyncClient(base_url=url, timeout=10) as client:
            response = await client.get("/plain", headers={"Connection": "Upgrade", "Upgrade": "h2c"})
            again = await client.get("/after")  # the connection still carries requests
    assert response.status_code == 200 and response.text == "/plain"
    assert response.headers["x-seen-upgrade"] == ""
    assert again.text == "/after"
