"""The Redis store keeps the command connections its load uses, and at most `idle_connections` once the load falls."""

from __future__ import annotations

import asyncio
import time

import pytest
import redis.asyncio as redis

from service.api.app import make_store
from service.config import ConfigError, Settings
from service.sessions.redis_store import RedisStore
from support.redis_probe import connections_opened as opened

pytestmark = pytest.mark.redis
# No test here needs the store timeout to fire: they count connections. 64 connects at once on a loaded
# machine took longer than half a second.
STORE_TIMEOUT_S = 5.0




async def settles_at(probe: redis.Redis, count: int) -> None:
    """Wait until the server holds exactly `count` command connections besides the probe's."""
    deadline = time.monotonic() + 10  # polled: a loaded machine may close connections late
    while (held := len(await probe.client_list(_type="normal")) - 1) != count:
        assert time.monotonic() < deadline, f"the server holds {held} connections of the store, not {count}"
        await asyncio.sleep(0.01)


async def burst(store: RedisStore, size: int) -> None:
    """`size` commands at once: each takes a connection of its own."""
    assert await asyncio.gather(*(store.log("s", 0, 1) for _ in range(size))) == [[]] * size


async def quiet(store: RedisStore, commands: int) -> None:
    """Let two of the store's load windows pass, then send `commands` one at a time."""
    await asyncio.sleep(2.5 * store._idle_window_s)
    for _ in range(commands):
        await store.ping()


async def test_steady_load_keeps_every_connection_it_uses_and_a_fall_leaves_the_idle_limit(server) -> None:
    redis_server, probe = server
    # "Steady" is judged over the load window: 0.5 s, so a slow machine's bursts of ten still fall in one
    # (two windows of quiet then cost 1.25 s each).
    store = RedisStore(redis_server.url, timeout_s=STORE_TIMEOUT_S, idle_connections=3, idle_window_s=0.5)
    try:
        start = await opened(probe)
        await burst(store, 10)
        assert await opened(probe) - start == 10  # ten at once: ten connections
        for _ in range(5):  # the same load again: it runs on the ten kept
            await burst(store, 10)
        assert await opened(probe) - start == 10
        await settles_at(probe, 10)
        await quiet(store, 10)  # the load fell: each command closes one more surplus connection
        await settles_at(probe, 3)
        assert await opened(probe) - start == 10  # one at a time ran on kept connections
        await burst(store, 10)
        assert await opened(probe) - start == 17  # three kept, seven opened again
        assert len(store._idle) == 10
        await quiet(store, 10)
        await settles_at(probe, 3)
        assert len(store._idle) == 3
    finally:
        await store.aclose()
    await settles_at(probe, 0)


async def test_a_load_above_the_idle_limit_opens_no_connection_once_it_is_steady(server) -> None:
    """The case the fixed cap got wrong: 64 commands always under way, 16 kept, 48 reopened per round."""
    redis_server, probe = server
    store = RedisStore(redis_server.url, timeout_s=STORE_TIMEOUT_S, idle_connections=16)
    try:
        start = await opened(probe)
        for _ in range(20):
            await burst(store, 64)
        assert await opened(probe) - start == 64
    finally:
        await store.aclose()


async def test_a_limit_of_zero_opens_a_connection_per_command_and_keeps_none(server) -> None:
    redis_server, probe = server
    store = RedisStore(redis_server.url, timeout_s=STORE_TIMEOUT_S, idle_connections=0)
    try:
        start = await opened(probe)
        await burst(store, 4)
        await store.ping()
        assert await opened(probe) - start == 5
        await settles_at(probe, 0)
    finally:
        await store.aclose()


async def test_the_setting_reaches_the_store(server) -> None:
    redis_server, probe = server
    # Pipelining off: six commands at once then take six connections (pipelined, one turn's share one).
    settings = Settings.from_env(
        {"NA_STORE": redis_server.url, "NA_SEED_SECRET": "s" * 32, "NA_REDIS_IDLE_CONNECTIONS": "2", "NA_REDIS_PIPELINING": "off"}
    )
    store = make_store(settings)
    assert isinstance(store, RedisStore)
    try:
        await burst(store, 6)
        await quiet(store, 6)
        await settles_at(probe, 2)
    finally:
        await store.aclose()


def test_the_idle_limit_is_16_unless_set_and_never_negative() -> None:
    assert Settings().redis_idle_connections == Settings.from_env({}).redis_idle_connections == 16
    assert Settings.from_env({"NA_REDIS_IDLE_CONNECTIONS": "0"}).redis_idle_connections == 0
    with pytest.raises(ConfigError, match="NA_REDIS_IDLE_CONNECTIONS must be at least 0"):
        Settings.from_env({"NA_REDIS_IDLE_CONNECTIONS": "-1"})
