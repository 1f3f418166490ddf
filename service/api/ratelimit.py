"""Per-client rate limiting: a token bucket per client, answered with 429 and `Retry-After`.

A client is a verified seat (its token seen to match a seat; hashed, the raw token is never
kept), else its address (`service/api/clients.py`): a made-up token is charged to its address.
Each replica limits on its own, so N replicas behind a balancer admit up to N times the rate;
size the limit per replica accordingly.

The headers are the three of the earlier IETF RateLimit drafts (draft-ietf-httpapi-ratelimit-
headers up to -06, as most clients read them), not the later drafts' `RateLimit` and
`RateLimit-Policy`: `RateLimit-Limit` is the sustained rate, in requests per second;
`RateLimit-Remaining` is how many requests the bucket admits at once now (up to the burst);
a 429 adds `RateLimit-Reset` and `Retry-After`, the seconds until the next is admitted.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.api.clients import Clients
from service.errors import Problem

EXEMPT = frozenset({"/healthz", "/readyz", "/metrics"})


class _Bucket:
    __slots__ = ("tokens", "stamp")

    def __init__(self, tokens: float, stamp: float) -> None:
        self.tokens = tokens
        self.stamp = stamp


class RateLimit:
    """ASGI middleware. `rate` tokens per second refill a bucket of `burst`; one request costs one."""

    def __init__(
        self,
        app: ASGIApp | None,
        *,
        rate: float,
        burst: int,
        clients: Clients | None = None,
        max_clients: int = 100_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app = app
        self.rate = rate
        self.burst = burst
        self.clients = clients or Clients()
        self.max_clients = max_clients
        self.clock = clock
        self.buckets: OrderedDict[str, _Bucket] = OrderedDict()
        self._limit = f"{rate:g}".encode()

    def take(self, client: str) -> tuple[bool, int, float]:
        """(allowed, remaining, seconds until one token is back)."""
        now = self.clock()
        bucket = self.buckets.get(client)
        if bucket is None:
            bucket = _Bucket(float(self.burst), now)
            self.buckets[client] = bucket
            if len(self.buckets) > self.max_clients:  # forget the least recently seen client
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(client)
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.stamp) * self.rate)
            bucket.stamp = now
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return True, int(bucket.tokens), 0.0
        return False, 0, (1 - bucket.tokens) / self.rate

    def headers(self, remaining: int) -> list[tuple[bytes, bytes]]:
        """What an admitted request's answer carries."""
        return [(b"ratelimit-limit", self._limit), (b"ratelimit-remaining", str(remaining).encode())]

    async def refuse(self, wait: float, send: Send) -> None:
        """Answer 429, with when to come back."""
        retry = max(1, math.ceil(wait))
        problem = Problem("rate-limited", f"too many requests: at most {self.rate:g} per second (burst {self.burst})")
        body = orjson.dumps(problem.body())
        headers = [
            (b"content-type", b"application/problem+json"),
            (b"content-length", str(len(body)).encode()),
            (b"retry-after", str(retry).encode()),
            (b"ratelimit-reset", str(retry).encode()),
            *self.headers(0),
        ]
        await send({"type": "http.response.start", "status": 429, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        # A middleware of its own where it must sit inside CORS; else ObservabilityMiddleware
        # asks `take` itself, with the headers it has already scanned.
        app = self.app
        assert app is not None, "a RateLimit without an app only answers `take`"
        if scope["type"] != "http" or scope["path"] in EXEMPT:
            await app(scope, receive, send)
            return
        allowed, remaining, wait = self.take(self.clients.bucket(scope))
        if not allowed:
            await self.refuse(wait, send)
            return
        limit_headers = self.headers(remaining)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *limit_headers]}
            await send(message)

        await app(scope, receive, send_with_headers)
