"""The Store contract: the same behaviour from the memory store and from Redis."""

from __future__ import annotations

import asyncio
import socket
import time
import traceback
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import aclosing, suppress
from dataclasses import dataclass
from typing import Any

import pytest
import redis.asyncio as redis
from redis.asyncio.connection import AbstractConnection

from redis_cluster import CLUSTER
from service.sessions.cluster_store import ClusterStore
from service.sessions.memory import MemoryStore
from service.sessions.redis_store import RedisStore
from service.sessions.store import Commit, Store, StoreUnavailable

TTL = 60_000


@dataclass
class Backend:
    store: Store
    elapse: Callable[[float], Awaitable[None]]  # let time pass (a fake clock for memory)
    listeners: Callable[[str], Awaitable[int]]  # events() subscribers of a session


# `redis-pooled`: the store with NA_REDIS_OWN_CONNECTIONS off, every command through redis-py's pool.
# `cluster`: a Redis Cluster of three masters and three replicas (`cluster-library`: scripts through
# redis-py's RedisCluster.execute_command instead of the store's own packed commands; `cluster-pipelined`:
# the store's own commands, a turn's commands for one node in one write).
@pytest.fixture(
    params=[
        "memory",
        pytest.param("redis", marks=pytest.mark.redis),
        pytest.param("redis-pipelined", marks=pytest.mark.redis),
        pytest.param("redis-pooled", marks=pytest.mark.redis),
        pytest.param("cluster", marks=CLUSTER),
        pytest.param("cluster-pipelined", marks=CLUSTER),
        pytest.param("cluster-library", marks=CLUSTER),
    ]
)
async def backend(request: pytest.FixtureRequest) -> AsyncIterator[Backend]:
    if request.param == "memory":
        now = [0.0]
        memory = MemoryStore(clock=lambda: now[0])

        async def advance(seconds: float) -> None:
            now[0] += seconds

        async def queues(session_id: str) -> int:
            return len(memory._listeners.get(session_id, ()))  # no public count to ask

        yield Backend(memory, advance, queues)
        await memory.aclose()
        return
    if request.param.startswith("cluster"):
        cluster_url = request.getfixturevalue("redis_cluster_url")
        prefix = f"t{uuid.uuid4().hex}"
        cluster = ClusterStore(
            cluster_url, prefix=prefix, own_connections=request.param != "cluster-library", pipelining=request.param == "cluster-pipelined"
        )
        # The first slot map is learnt here, untimed: its discovery (connections, CLUSTER SLOTS, the
        # command table) is no part of the contract, and on a loaded machine it can outlast the store timeout.
        await asyncio.wait_for(cluster._cluster.initialize(), 30)
        probes: dict[str, redis.Redis] = {}

        async def shard_subscribers(session_id: str) -> int:
            # Asked of the master that owns the session's slot: sharded channels are per shard.
            channel = f"{prefix}:s:{{{session_id}}}:events"
            node = await cluster._node(channel)
            probe = probes.setdefault(node.name, redis.Redis(host=node.host, port=int(node.port)))
            [_, count] = await probe.execute_command("PUBSUB", "SHARDNUMSUB", channel)
            return int(count)

        yield Backend(cluster, asyncio.sleep, shard_subscribers)
        await cluster.aclose()
        for probe in probes.values():
            await probe.aclose()
        return
    url = request.getfixturevalue("redis_url")
    prefix = f"t{uuid.uuid4().hex}"  # the server is shared: each test keeps to its own keys
    store = RedisStore(url, prefix=prefix, own_connections=request.param != "redis-pooled", pipelining=request.param == "redis-pipelined")
    probe = redis.Redis.from_url(url)

    yield Backend(store, asyncio.sleep, lambda session_id: subscribers(probe, prefix, session_id))
    await store.aclose()
    await probe.aclose()


async def subscribers(probe: redis.Redis, prefix: str, session_id: str) -> int:
    [(_, count)] = await probe.pubsub_numsub(f"{prefix}:s:{{{session_id}}}:events")
    return int(count)


@pytest.fixture
def store(backend: Backend) -> Store:
    return backend.store


def step(session_id: str, version: int, **fields: Any) -> Commit:
    """The commit that moves `session_id` from `version` to the next one."""
    fields.setdefault("doc", b"doc %d" % (version + 1))
    fields.setdefault("ttl_ms", TTL)
    return Commit(session_id=session_id, expected_version=version, version=version + 1, **fields)


async def until(probe: Callable[[], Awaitable[int]], expected: int) -> None:
    """Subscribing and unsubscribing complete asynchronously: wait for them."""
    for _ in range(200):
        if await probe() == expected:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"expected {expected}, still {await probe()}")


async def test_create_then_load_gives_version_1_and_the_doc(store: Store) -> None:
    assert await store.create("s1", b"\x00\xff doc", TTL) is True

    loaded = await store.load("s1")

    assert loaded is not None
    assert (loaded.version, loaded.doc, loaded.log_length, loaded.idempotent) == (1, b"\x00\xff doc", 0, None)


async def test_create_refuses_a_taken_id(store: Store) -> None:
    await store.create("s1", b"first", TTL)

    assert await store.create("s1", b"second", TTL) is False
    loaded = await store.load("s1")
    assert loaded is not None and loaded.doc == b"first"


async def test_load_of_a_missing_session_is_none(store: Store) -> None:
    assert await store.load("nobody") is None
    assert await store.load("nobody", "key") is None


async def test_commit_bumps_version_appends_log_and_keeps_the_answer(store: Store) -> None:
    await store.create("s1", b"doc 1", TTL)

    committed = await store.commit(
        step("s1", 1, log_entry=b"roll 2d6", idempotency_key="k1", idempotent_answer=b"answer 1")
    )

    assert committed is True
    loaded = await store.load("s1", "k1")
    assert loaded is not None
    assert (loaded.version, loaded.doc, loaded.log_length, loaded.idempotent) == (2, b"doc 2", 1, b"answer 1")
    assert await store.log("s1", 0, 10) == [b"roll 2d6"]


async def test_answers_belong_to_their_key_and_session(store: Store) -> None:
    await store.create("s1", b"", TTL)
    await store.create("s2", b"", TTL)
    await store.commit(step("s1", 1, idempotency_key="k1", idempotent_answer=b"answer"))

    other_key = await store.load("s1", "k2")
    other_session = await store.load("s2", "k1")

    assert other_key is not None and other_key.idempotent is None
    assert other_session is not None and other_session.idempotent is None


async def test_commit_without_log_entry_keeps_the_log(store: Store) -> None:
    await store.create("s1", b"", TTL)
    await store.commit(step("s1", 1, log_entry=b"first"))

    assert await store.commit(step("s1", 2)) is True

    loaded = await store.load("s1")
    assert loaded is not None and (loaded.version, loaded.log_length) == (3, 1)


async def test_commit_with_a_stale_version_changes_nothing(store: Store) -> None:
    await store.create("s1", b"doc 1", TTL)
    await store.commit(step("s1", 1, log_entry=b"first"))

    stale = step("s1", 1, doc=b"lost", log_entry=b"lost", idempotency_key="k", idempotent_answer=b"lost")

    assert await store.commit(stale) is False
    loaded = await store.load("s1", "k")
    assert loaded is not None
    assert (loaded.version, loaded.doc, loaded.log_length, loaded.idempotent) == (2, b"doc 2", 1, None)
    assert await store.log("s1", 0, 10) == [b"first"]


async def test_commit_on_a_missing_session_fails_and_creates_nothing(store: Store) -> None:
    assert await store.commit(step("ghost", 1, log_entry=b"boo")) is False
    assert await store.commit(step("ghost", 0)) is False

    assert await store.load("ghost") is None
    assert await store.log("ghost", 0, 10) == []


async def test_log_pages_by_start_and_limit(store: Store) -> None:
    await store.create("s1", b"", TTL)
    for version in range(1, 6):
        await store.commit(step("s1", version, log_entry=b"entry %d" % (version - 1)))

    assert await store.log("s1", 0, 2) == [b"entry 0", b"entry 1"]
    assert await store.log("s1", 2, 2) == [b"entry 2", b"entry 3"]
    assert await store.log("s1", 4, 2) == [b"entry 4"]
    assert await store.log("s1", 5, 2) == []
    assert await store.log("s1", 50, 2) == []
    assert await store.log("s1", 0, 0) == []
    assert await store.log("nobody", 0, 10) == []


async def test_remember_keeps_the_first_answer(store: Store) -> None:
    assert await store.recall("k") is None

    assert await store.remember("k", b"first", TTL) is None
    assert await store.remember("k", b"second", TTL) == b"first"
    assert await store.recall("k") == b"first"
    assert await store.recall("other") is None


async def test_remembered_answer_expires(backend: Backend) -> None:
    store = backend.store
    await store.remember("k", b"first", 100)

    await backend.elapse(0.15)

    assert await store.recall("k") is None
    # The second answer must outlive the recall that follows: a long TTL, so a slow round trip
    # (real time on Redis) cannot expire it in between.
    assert await store.remember("k", b"second", TTL) is None
    assert await store.recall("k") == b"second"


async def test_session_expires_and_its_id_starts_afresh(backend: Backend) -> None:
    store = backend.store
    await store.create("s1", b"old", 100)
    await store.commit(step("s1", 1, log_entry=b"old entry", ttl_ms=100))

    await backend.elapse(0.15)

    assert await store.load("s1") is None
    assert await store.log("s1", 0, 10) == []
    assert await store.commit(step("s1", 2)) is False
    assert await store.create("s1", b"new", TTL) is True
    loaded = await store.load("s1")
    assert loaded is not None and (loaded.version, loaded.doc, loaded.log_length) == (1, b"new", 0)


async def test_commit_renews_the_ttl(backend: Backend) -> None:
    # Real time on Redis: windows of 0.4 s and more (not 0.1 s), so a slow round trip between two
    # steps cannot end a TTL early. Sleeps only run late, so "past" a TTL holds however slow.
    store = backend.store
    await store.create("s1", b"", 1000)
    await backend.elapse(0.4)  # 0.6 s left of the first ttl for the commit to land in
    await store.commit(step("s1", 1, log_entry=b"entry", ttl_ms=2000))

    await backend.elapse(0.8)  # past the first ttl (1.2 s in), within the renewed one (1.2 s of it left)

    loaded = await store.load("s1")
    assert loaded is not None and (loaded.version, loaded.log_length) == (2, 1)
    await backend.elapse(1.4)  # 2.2 s or more since the commit: past the renewed ttl
    assert await store.load("s1") is None


async def test_events_reach_a_subscriber_in_order_for_its_session_only(backend: Backend) -> None:
    store = backend.store
    await store.create("a", b"", TTL)
    await store.create("b", b"", TTL)
    received: list[bytes] = []

    async def listen() -> None:
        async with aclosing(store.events("a")) as events:
            async for event in events:
                received.append(event)
                if len(received) == 3:
                    return

    listener = asyncio.create_task(listen())
    await until(lambda: backend.listeners("a"), 1)
    await store.commit(step("a", 1, event=b"a1"))
    await store.commit(step("b", 1, event=b"b1"))
    await store.commit(step("a", 2, event=b"a2"))
    await store.commit(step("a", 3))  # no event, nothing published
    await store.commit(step("a", 1, event=b"stale"))  # refused, so nothing published
    await store.commit(step("a", 4, event=b"a3"))
    await asyncio.wait_for(listener, 2)

    assert received == [b"a1", b"a2", b"a3"]


async def test_events_unsubscribe_when_the_listener_stops(backend: Backend) -> None:
    store = backend.store
    await store.create("a", b"", TTL)

    async def forever() -> None:
        async for _ in store.events("a"):
            pass

    cancelled = asyncio.create_task(forever())
    await until(lambda: backend.listeners("a"), 1)
    cancelled.cancel()
    with suppress(asyncio.CancelledError):
        await cancelled
    await until(lambda: backend.listeners("a"), 0)

    async def first() -> bytes:
        async with aclosing(store.events("a")) as events:
            async for event in events:
                return event
        raise AssertionError("events ended")

    closed = asyncio.create_task(first())
    await until(lambda: backend.listeners("a"), 1)
    await store.commit(step("a", 1, event=b"e"))
    assert await asyncio.wait_for(closed, 2) == b"e"
    await until(lambda: backend.listeners("a"), 0)


async def test_concurrent_committers_lose_no_update(store: Store) -> None:
    await store.create("s1", b"doc 1", TTL)

    async def player(seat: int) -> None:
        done = 0
        while done < 10:
            loaded = await store.load("s1")
            assert loaded is not None
            await asyncio.sleep(0)  # let the others move in between read and write
            entry = b"%d:%d" % (seat, done)
            if await store.commit(step("s1", loaded.version, log_entry=entry)):
                done += 1

    await asyncio.gather(*(player(seat) for seat in range(20)))

    loaded = await store.load("s1")
    assert loaded is not None
    assert (loaded.version, loaded.doc, loaded.log_length) == (201, b"doc 201", 200)
    log = await store.log("s1", 0, 500)
    for seat in range(20):
        assert [e for e in log if e.startswith(b"%d:" % seat)] == [b"%d:%d" % (seat, n) for n in range(10)]


# Redis only: round trips, outages.


@pytest.fixture(params=["own-connections", "pipelined", "pooled"])
async def redis_store(redis_url: str, request: pytest.FixtureRequest) -> AsyncIterator[RedisStore]:
    store = RedisStore(
        redis_url, prefix=f"t{uuid.uuid4().hex}", own_connections=request.param != "pooled", pipelining=request.param == "pipelined"
    )
    yield store
    await store.aclose()


@pytest.mark.redis
async def test_load_and_commit_each_take_one_round_trip(
    redis_store: RedisStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = redis_store
    await store.create("s1", b"", TTL)  # connects, and loads the scripts on the first use
    await store.commit(step("s1", 1))
    await store.load("s1")
    await store.remember("warm", b"v", TTL)  # a plain command too, on the same kind of connection
    sent = 0
    send = AbstractConnection.send_packed_command

    async def counting(self: AbstractConnection, *args: Any, **kwargs: Any) -> None:
        nonlocal sent
        sent += 1
        await send(self, *args, **kwargs)

    monkeypatch.setattr(AbstractConnection, "send_packed_command", counting)

    answer = dict(idempotency_key="k", idempotent_answer=b"a")
    for call in (
        store.create("s2", b"", TTL),
        store.load("s1"),
        store.load("s1", "k"),
        store.commit(step("s1", 2, log_entry=b"e", event=b"e", **answer)),
        store.commit(step("s1", 2)),  # stale
        store.remember("k", b"v", TTL),
    ):
        sent = 0
        await call
        assert sent == 1, call


def traceback_text(error: StoreUnavailable) -> str:
    return "".join(traceback.format_exception(error))  # with the chained redis-py errors


@pytest.mark.redis
async def test_unreachable_redis_is_store_unavailable_without_the_password() -> None:
    with socket.socket() as reserved:  # bound, not listening: connections are refused
        reserved.bind(("127.0.0.1", 0))
        # A refusal is answered at once, not by the store timeout: 2 s, so a refusal that waited
        # for it stands well apart from the 1 s allowed a prompt one on a busy machine.
        store = RedisStore(f"redis://:sekrit@127.0.0.1:{reserved.getsockname()[1]}/0", timeout_s=2.0)
        calls: list[Callable[[], Awaitable[object]]] = [
            store.ping,
            lambda: store.load("s1", "k"),
            lambda: store.commit(step("s1", 1)),
            lambda: store.create("s1", b"", TTL),
            lambda: store.remember("k", b"v", TTL),
            lambda: anext(store.events("s1")),
        ]
        for call in calls:
            started = time.monotonic()
            with pytest.raises(StoreUnavailable) as error:
                await call()
            assert time.monotonic() - started < 1.0
            assert "sekrit" not in traceback_text(error.value)
        await store.aclose()


@pytest.mark.redis
async def test_silent_redis_times_out_as_store_unavailable() -> None:
    with socket.socket() as silent:  # accepts connections (the kernel does), never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        store = RedisStore(f"redis://:sekrit@127.0.0.1:{silent.getsockname()[1]}/0", timeout_s=1.0)

        async def timed(call: Awaitable[object]) -> float:
            started = time.monotonic()
            with pytest.raises(StoreUnavailable) as error:
                await call
            assert "sekrit" not in traceback_text(error.value)
            return time.monotonic() - started

        # Side by side, each on a connection of its own, to keep the test short.
        took = await asyncio.gather(timed(store.ping()), timed(store.load("s1")), timed(store.commit(step("s1", 1))))
        # Ended by the 1 s store timeout: not sooner (a refusal would be instant), and stopped by
        # 9/8 of it, with room for a busy machine while staying under two timeouts (a deadline
        # stacked on another, or a hang, would reach them).
        assert all(0.8 < seconds < 1.9 for seconds in took), took
        await store.aclose()


@pytest.mark.redis
async def test_store_serves_again_after_a_redis_restart(start_redis_server: Callable[..., Any]) -> None:
    server = start_redis_server(appendonly=True)
    store = RedisStore(server.url, timeout_s=2.0)  # the outage is seen as refused connections, not by the timeout
    probe = redis.Redis.from_url(server.url)
    await store.create("s1", b"", TTL)
    await store.commit(step("s1", 1, log_entry=b"before"))
    listener = asyncio.create_task(anext(store.events("s1")))
    await until(lambda: subscribers(probe, "na", "s1"), 1)

    server.stop()
    with pytest.raises(StoreUnavailable):
        await store.load("s1")
    with pytest.raises(StoreUnavailable):  # a listener learns that its events have stopped
        await asyncio.wait_for(listener, 2)
    server.start()

    # The script cache died with the server: the commit loads its script again.
    assert await store.commit(step("s1", 2, log_entry=b"after")) is True
    assert await store.log("s1", 0, 10) == [b"before", b"after"]
    await store.aclose()
    await probe.aclose()


async def test_subscribe_is_live_as_soon_as_the_block_starts(backend: Backend) -> None:
    store = backend.store
    assert await store.create("live", b"d", TTL)
    async with store.subscribe("live") as events:
        # No waiting: a commit right after entering must be delivered.
        assert await store.commit(Commit("live", 1, 2, b"d2", TTL, log_entry=b"e", event=b"first"))
        assert await asyncio.wait_for(anext(events), 5) == b"first"
    assert await backend.listeners("live") == 0


@pytest.mark.redis
async def test_a_subscriber_waits_out_a_quiet_table_longer_than_the_store_timeout(redis_url: str) -> None:
    # Operations have a deadline (the store timeout); waiting for the next event has none.
    # A 1 s timeout: the first create and subscribe open connections within it, on a busy machine.
    store = RedisStore(redis_url, prefix=f"t{uuid.uuid4().hex}", timeout_s=1.0)
    try:
        assert await store.create("quiet", b"d", TTL)
        async with store.subscribe("quiet") as events:
            waiting = asyncio.ensure_future(anext(events))
            await asyncio.sleep(3.0)  # three store timeouts without an event
            assert not waiting.done()
            assert await store.commit(Commit("quiet", 1, 2, b"d2", TTL, log_entry=b"e", event=b"at last"))
            assert await asyncio.wait_for(waiting, 5) == b"at last"
    finally:
        await store.aclose()


async def test_a_commit_must_match_the_stamp_as_well_as_the_version(backend: Backend) -> None:
    store = backend.store
    assert await store.create("stamped", b"d1", TTL)
    assert (await store.load("stamped")).stamp == ""
    assert await store.commit(Commit("stamped", 1, 2, b"d2", TTL, expected_stamp="", stamp="first-2"))
    loaded = await store.load("stamped")
    assert (loaded.version, loaded.stamp) == (2, "first-2")
    # Version 2 written by someone else (as after a lost write): the version matches, the stamp does not.
    assert not await store.commit(Commit("stamped", 2, 3, b"d3", TTL, expected_stamp="other-2", stamp="x-3"))
    assert (await store.load("stamped")).doc == b"d2"
    assert await store.commit(Commit("stamped", 2, 3, b"d3", TTL, expected_stamp="first-2", stamp="first-3"))


@pytest.mark.redis
async def test_a_flushed_script_runs_again_from_its_body_in_one_more_round_trip(
    redis_store: RedisStore, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = redis_store
    await store.create("s1", b"", TTL)
    probe = redis.Redis.from_url(redis_url)
    await probe.script_flush()  # as a restarted Redis: the next EVALSHA answers NOSCRIPT
    await probe.aclose()
    sent: list[bytes] = []
    send = AbstractConnection.send_packed_command

    async def recording(self: AbstractConnection, command: Any, *args: Any, **kwargs: Any) -> None:
        packed = b"".join(command) if isinstance(command, list) else bytes(command)  # the pool's path sends chunks
        sent.append(packed.split(b"\r\n")[2])  # the command's name
        await send(self, command, *args, **kwargs)

    monkeypatch.setattr(AbstractConnection, "send_packed_command", recording)
    assert await store.commit(step("s1", 1, log_entry=b"e"))
    assert sent == [b"EVALSHA", b"EVAL"]
    assert await store.log("s1", 0, 5) == [b"e"]
