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


async def test_through_timeouts_and_pauses_every_reply_a_caller_gets_is_its_own(server) -> None:
    # Batches given up with replies outstanding (the store timeout, shorter than each pause) must leave
    # their connections so that no later command reads those replies as its own.
    redis_server, probe = server
    store = RedisStore(redis_server.url, timeout_s=0.05, pipelining=True)
    keys = [f"k{n}" for n in range(16)]
    for key in keys:
        await probe.set(f"na:idem:{key}", f"value of {key}")
    answered: list[bool] = []

    async def reader(n: int) -> None:
        for i in range(60):
            key = keys[(n * 7 + i) % len(keys)]
            try:
                got = await store.recall(key)
            except StoreUnavailable:
                answered.append(False)
            else:
                assert got == f"value of {key}".encode()
                answered.append(True)
            if i % 3 == n % 3:
                await asyncio.sleep(0.002)

    async def pauses() -> None:
        for _ in range(4):
            await asyncio.sleep(0.03)
            await probe.execute_command("CLIENT", "PAUSE", 80, "ALL")

    try:
        await asyncio.gather(*(reader(n) for n in range(24)), pauses())
        await asyncio.sleep(0.1)  # the last pause is over
        assert await asyncio.gather(*(store.recall(key) for key in keys)) == [f"value of {key}".encode() for key in keys]
        assert len(answered) == 24 * 60
        assert store._in_use == 0  # every connection given up on came back (closed, to reconnect when used)
    finally:
        await store.aclose()


async def test_batches_given_up_behind_a_stalled_server_leave_no_connection_counted_in_use(server) -> None:
    redis_server, probe = server
    store = RedisStore(redis_server.url, timeout_s=0.05, pipelining=True)
    try:
        await store.ping()
        await probe.execute_command("CLIENT", "PAUSE", 200, "ALL")

        async def reader(n: int) -> bool:
            await asyncio.sleep(n * 0.0005)  # each in a turn of its own: a batch each
            try:
                await store.recall("x")
            except StoreUnavailable:
                return False
            return True

        answered = await asyncio.gather(*(reader(n) for n in range(20)))
        assert not any(answered)  # all given up within the pause
        await asyncio.sleep(0.3)  # the pause is over
        assert store._in_use == 0
        assert await store.recall("x") is None and store._in_use == 0  # and the store serves on
    finally:
        await store.aclose()
