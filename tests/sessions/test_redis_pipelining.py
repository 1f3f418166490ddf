"""Pipelining: the commands of one turn of the event loop share one connection and one write, and each
caller still gets exactly its own reply, its own error, or its own timeout.

The store's contract (tests/sessions/test_store_contract.py, `redis-pipelined`) and its reconnect
cases (tests/sessions/test_redis_reconnect.py, `pipelined`) run pipelined too; these pin what is
particular to it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
import redis.asyncio as redis

from service.api.app import make_store
from service.config import Settings
from service.sessions.redis_store import RedisStore
from service.sessions.store import Commit, StoreUnavailable
from support.redis_probe import connections_opened as opened

pytestmark = pytest.mark.redis

TTL = 60_000


@pytest.fixture
async def store(server: tuple[Any, redis.Redis]) -> AsyncIterator[RedisStore]:
    """A pipelined store on the test's own server, with a timeout no test here waits for."""
    store = RedisStore(server[0].url, timeout_s=5.0, pipelining=True)
    yield store
    await store.aclose()


async def test_one_turns_commands_share_one_connection_and_each_caller_gets_its_own_reply(server, store: RedisStore) -> None:
    _, probe = server
    start = await opened(probe)
    keys = [f"k{n}" for n in range(20)]
    assert await asyncio.gather(*(store.remember(key, key.encode() * 3, TTL) for key in keys)) == [None] * 20
    assert await asyncio.gather(*(store.recall(key) for key in reversed(keys))) == [key.encode() * 3 for key in reversed(keys)]
    assert await opened(probe) - start == 1  # forty commands, one connection
    # Twenty sessions created and loaded at once: each load answers its own session.
    sessions = [f"s{n}" for n in range(20)]
    assert all(await asyncio.gather(*(store.create(sid, sid.encode(), TTL) for sid in sessions)))
    loaded = await asyncio.gather(*(store.load(sid) for sid in sessions))
    assert [item.doc for item in loaded if item is not None] == [sid.encode() for sid in sessions]


async def test_an_error_reply_is_its_own_commands_and_the_replies_after_it_are_read_on(server, store: RedisStore) -> None:
    _, probe = server
    sessions = [f"s{n}" for n in range(6)]
    assert all(await asyncio.gather(*(store.create(sid, b"d", TTL) for sid in sessions)))
    await probe.script_flush()  # every EVALSHA of the next batch answers NOSCRIPT; the LRANGEs do not
    commits = [Commit(sid, 1, 2, b"doc 2", TTL, log_entry=b"e") for sid in sessions]
    answers = await asyncio.gather(*(store.commit(c) for c in commits), *(store.log(sid, 0, 10) for sid in sessions))
    assert answers[:6] == [True] * 6  # each loaded the script again and ran
    assert all(log in ([], [b"e"]) for log in answers[6:])  # read before or after its commit, never another's
    assert await asyncio.gather(*(store.log(sid, 0, 10) for sid in sessions)) == [[b"e"]] * 6


async def test_a_caller_that_gave_up_before_the_batch_went_out_is_left_out_of_it(server, store: RedisStore) -> None:
    _, probe = server
    await store.ping()
    kept = asyncio.create_task(store.remember("kept", b"v", TTL))
    gone = asyncio.create_task(store.remember("gone", b"v", TTL))
    await asyncio.sleep(0)  # both queued; the batch goes out on the next turn
    gone.cancel()
    assert await kept is None
    with pytest.raises(asyncio.CancelledError):
        await gone
    assert await probe.get("na:idem:kept") == b"v"
    assert await probe.get("na:idem:gone") is None  # never sent


async def test_a_server_that_stops_answering_fails_every_waiting_caller_within_the_timeout(server) -> None:
    redis_server, probe = server
    store = RedisStore(redis_server.url, timeout_s=0.3, pipelining=True)
    try:
        assert await store.create("s1", b"d", TTL)
        await probe.execute_command("CLIENT", "PAUSE", 1500, "ALL")  # the store's next commands wait unanswered
        began = time.monotonic()
        outcomes = await asyncio.gather(store.load("s1"), store.log("s1", 0, 1), store.recall("k"), store.ping(), return_exceptions=True)
        waited = time.monotonic() - began
        assert all(isinstance(outcome, StoreUnavailable) for outcome in outcomes), outcomes
        assert waited < 0.3 * 9 / 8 + 1.0  # the store timeout and its sweep, not the pause
        await asyncio.sleep(1.6 - waited)  # the pause is over: the store answers again, on a new connection
        loaded = await store.load("s1")
        assert loaded is not None and loaded.doc == b"d"
    finally:
        await store.aclose()


def test_pipelining_is_on_unless_switched_off_and_reaches_the_store() -> None:
    base = {"NA_STORE": "redis://127.0.0.1:1/0", "NA_SEED_SECRET": "s" * 32}
    assert Settings().redis_pipelining and Settings.from_env(base).redis_pipelining
    assert make_store(Settings.from_env(base))._pipeline is not None  # type: ignore[attr-defined]
    off = Settings.from_env({**base, "NA_REDIS_PIPELINING": "off"})
    assert not off.redis_pipelining and make_store(off)._pipeline is None  # type: ignore[attr-defined]
    pooled = Settings.from_env({**base, "NA_REDIS_OWN_CONNECTIONS": "off"})
    assert make_store(pooled)._pipeline is None  # type: ignore[attr-defined]  # it rides on the store's own connections
