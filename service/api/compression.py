"""gzip for the large documentation responses: the OpenAPI document, the SDL and the Swagger UI and
GraphiQL assets, when the client sends `Accept-Encoding: gzip`.

Only the routes wrapped here are touched: the API's own routes never pass through this code, so
their speed cannot change. Each distinct body is compressed once, in a worker thread (gzip of the
1.5 MB Swagger bundle takes ~160 ms of CPU, which the event loop must not spend while it serves
the API), and kept in memory (a few hundred KB for all the documents together); later requests
send the stored bytes. A body under `MINIMUM_BYTES`, of a type that does not shrink, or a
response other than 200 is sent as it is.
"""

from __future__ import annotations

import gzip
import hashlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence

import anyio.to_thread
from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, request_response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MINIMUM_BYTES = 1024  # below this, gzip's header and the Vary dance cost more than they save
LEVEL = 6  # zlib's default: level 9 saves 0.3% more on the Swagger bundle for 40% more CPU
_KEPT = 64  # distinct bodies remembered (the documents and assets are a few dozen)
_SHRINKS = ("text/", "application/json", "application/javascript", "image/svg+xml")


def accepts_gzip(value: str | None) -> bool:
    """Whether an Accept-Encoding value admits gzip (by name or `*`, with a q above 0)."""
    if not value:
        return False
    for item in value.split(","):
        coding, *params = (part.strip() for part in item.split(";"))
        if coding.lower() not in ("gzip", "x-gzip", "*"):
            continue
        q = next((p.partition("=")[2] for p in params if p.lower().startswith("q=")), "1")
        try:
            return float(q) > 0
        except ValueError:
            return False
    return False


class Precompressed:
    """An ASGI app that serves `app`'s 200 answers gzip-compressed to clients that accept it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._compressed: OrderedDict[tuple[str, bytes], bytes] = OrderedDict()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET":
            await self.app(scope, receive, send)
            return
        wants_gzip = accepts_gzip(Headers(scope=scope).get("accept-encoding"))
        start: Message | None = None
        chunks: list[bytes] = []

        async def collect(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))
            else:
                await send(message)

        extensions = {k: v for k, v in scope.get("extensions", {}).items() if k != "http.response.pathsend"}
        await self.app({**scope, "extensions": extensions}, receive, collect)  # the body in messages, not a file path
        if start is None:
            return
        body = b"".join(chunks)
        headers = MutableHeaders(raw=list(start["headers"]))
        if start["status"] == 200 and _shrinks(headers, body):
            headers.add_vary_header("Accept-Encoding")
            if wants_gzip:
                body = await self._gzip(scope["path"], headers.get("etag"), body)
                headers["Content-Encoding"] = "gzip"
                headers["Content-Length"] = str(len(body))
                if headers.get("etag", "W/").startswith('"'):  # the same content, other bytes: a weak tag,
                    headers["ETag"] = "W/" + headers["etag"]  # which StaticFiles still matches for a 304
        await send({**start, "headers": headers.raw})
        await send({"type": "http.response.body", "body": body})

    async def _gzip(self, path: str, etag: str | None, body: bytes) -> bytes:
        key = (path, (etag or "").encode() or hashlib.blake2b(body, digest_size=16).digest())
        found = self._compressed.get(key)
        if found is None:
            found = await anyio.to_thread.run_sync(lambda: gzip.compress(body, compresslevel=LEVEL, mtime=0))
            self._compressed[key] = found
            while len(self._compressed) > _KEPT:
                self._compressed.popitem(last=False)
        return found


def _shrinks(headers: MutableHeaders, body: bytes) -> bool:
    content_type = headers.get("content-type", "")
    return len(body) >= MINIMUM_BYTES and "content-encoding" not in headers and content_type.startswith(_SHRINKS)


def precompressed(endpoint: Callable[[Request], Awaitable[Response]]) -> ASGIApp:
    """A request -> response endpoint as an ASGI app whose answer is compressed (see `Precompressed`)."""
    return Precompressed(request_response(endpoint))


def precompressed_mounts(routes: Sequence[BaseRoute]) -> list[BaseRoute]:
    """The static asset mounts, each serving compressed files (see `Precompressed`)."""
    out: list[BaseRoute] = []
    for route in routes:
        assert isinstance(route, Mount), f"{route!r}: only mounted assets are compressed this way"
        out.append(Mount(route.path, app=Precompressed(route.app), name=route.name))
    return out
