"""What the Redis store's tests share: a redis-server of the test's own, with a client to look into it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
import redis.asyncio as redis


@pytest.fixture
async def server(start_redis_server: Callable[..., Any]) -> AsyncIterator[tuple[Any, redis.Redis]]:
    """A redis-server of this test's own, so every connection and command it counts is the store's, and a probe."""
    server = start_redis_server()
    probe = redis.Redis.from_url(server.url)
    yield server, probe
    await probe.aclose()

