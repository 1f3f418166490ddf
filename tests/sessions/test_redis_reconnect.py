"""The Redis store after its connections die: closed ones are replaced before use, a lost write
is never sent again, a read is, and a follower's subscription is made again."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis.asyncio as redis

from service.systems import REGISTRY
from service.sessions.live import follow
from service.sessions.redis_store import RedisStore
from service.sessions.service import Sessions
from service.sessions.store import Commit, StoreUnavailable
from service.systems.dice.mechanics import roll_in_session as roll
from service.systems.dice.models import DiceSessionRollInput

pytestmark = pytest.mark.redis

TTL = 60_000
# No test here needs the store timeout to fire (closed connections, lost replies and a stopped
# server all fail at once): a generous one, so a busy machine's first connections are not cut.
STORE_TIMEOUT_S = 2.0
SECRET = "reconnect-secret-" + "r" * 32
SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana", "role": "player"}]


# Every test here runs with commands sent one per connection and pipelined (service/sessions/pipelining.py).
PIPELINING = [False]


@pytest.fixture(autouse=True, params=[False, True], ids=["alone", "pipelined"])
def _pipelining(request: pytest.FixtureRequest) -> Iterator[None]:
    PIPELINING[0] = request.param
    yield
    PIPELINING[0] = False


def step(session_id: str, version: int, **fields: Any) -> Commit:
    return Commit(session_id=session_id, expected_version=version, version=version + 1, doc=b"doc %d" % (version + 1), ttl_ms=TTL, **fields)


async def evalsha_calls(probe: redis.Redis) -> int:
    return int((await probe.info("commandstats")).get("cmdstat_evalsha", {}).get("calls", 0))


async def kill_clients(probe: redis.Redis, store: RedisStore) -> None:
    """CLIENT KILL every connection but the probe's, and wait until the store's side has read the close."""
    await probe.execute_command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes")
    await probe.execute_command("CLIENT", "KILL", "TYPE", "pubsub", "SKIPME", "yes")
    deadline = time.monotonic() + 2
    while not all(c._reader is None or c._reader.at_eof() or c._reader.exception() for c in store._idle):
        assert time.monotonic() < deadline, "the store never saw its connections close"
        await asyncio.sleep(0)


class LosingProxy:
    """A TCP relay to Redis that, when armed, hangs up on the client instead of relaying the next reply.

    The command reaches Redis and runs; only its answer is lost, as when a connection dies mid-command.
    """

    def __init__(self, port: int) -> None:
        self._upstream = port
        self.armed = False
        self._server: asyncio.Server | None = None
        self.port = 0

    async def __aenter__(self) -> LosingProxy:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._server is not None
        self._server.close()

    async def _relay(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self._upstream)

        async def pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter, replies: bool) -> None:
            while chunk := await source.read(65536):
                if replies and self.armed:
                    self.armed = False
                    client_writer.transport.abort()  # the reply never reaches the client
                    server_writer.close()
                    return
                sink.write(chunk)
                await sink.drain()
            sink.close()

        await asyncio.gather(pump(client_reader, server_writer, False), pump(server_reader, client_writer, True), return_exceptions=True)


async def test_every_operation_succeeds_on_connections_the_server_closed_while_idle(server) -> None:
    redis_server, probe = server
    store = RedisStore(redis_server.url, timeout_s=STORE_TIMEOUT_S, pipelining=PIPELINING[0])
    try:
        sessions = [f"s{n}" for n in range(8)]
        assert all(await asyncio.gather(*(store.create(sid, b"d", TTL) for sid in sessions)))
        for _ in range(2):  # many connections, each opened before the kill
            await asyncio.gather(*(store.load(sid, "k") for sid in sessions), *(store.log(sid, 0, 10) for sid in sessions))
            await asyncio.gather(*(store.recall(sid) for sid in sessions), *(store.ping() for _ in sessions))
        assert len(store._idle) >= (1 if PIPELINING[0] else 16)  # pipelined, a turn's commands share one
        await kill_clients(probe, store)

        created = await asyncio.gather(*(store.create(f"new-{sid}", b"d", TTL) for sid in sessions))
        committed = await asyncio.gather(*(store.commit(step(sid, 1, log_entry=b"e", event=b"e")) for sid in sessions))
        loaded = await asyncio.gather(*(store.load(sid) for sid in sessions))
        logs = await asyncio.gather(*(store.log(sid, 0, 10) for sid in sessions))
        remembered = await asyncio.gather(*(store.remember(sid, b"v", TTL) for sid in sessions))
        recalled = await asyncio.gather(*(store.recall(sid) for sid in sessions))
        await asyncio.gather(*(store.ping() for _ in sessions))
        assert created == committed == [True] * 8
        assert [(item.version, item.doc) for item in loaded] == [(2, b"doc 2")] * 8
        assert logs == [[b"e"]] * 8 and remembered == [None] * 8 and recalled == [b"v"] * 8
    finally:
        await store.aclose()


async def test_a_subscription_after_the_server_closed_the_connections_hears_the_next_commit(server) -> None:
    redis_server, probe = server
    store = RedisStore(redis_server.url, timeout_s=STORE_TIMEOUT_S, pipelining=PIPELINING[0])
    try:
        assert await store.create("s1", b"d", TTL)
        async with store.subscribe("s1"):
            await asyncio.gather(*(store.log("s1", 0, 1) for _ in range(4)), *(store.recall("k") for _ in range(4)))
        await kill_clients(probe, store)
        async with store.subscribe("s1") as events:
            assert await store.commit(step("s1", 1, log_entry=b"e", event=b"after the kill"))
            assert await asyncio.wait_for(anext(events), 2) == b"after the kill"
    finally:
        await store.aclose()


async def test_scripts_are_loaded_again_when_the_server_forgot_them(server) -> None:
    redis_server, probe = server
    store = RedisStore(redis_server.url, timeout_s=STORE_TIMEOUT_S, pipelining=PIPELINING[0])
    try:
        assert await store.create("s1", b"d", TTL)
        await probe.script_flush()  # what a restarted Redis knows of our scripts
        assert await store.commit(step("s1", 1))
        await probe.script_flush()
        assert (await store.load("s1")).version == 2
        await probe.script_flush()
        assert await store.create("s2", b"d", TTL)
    finally:
        await store.aclose()


async def test_a_commit_whose_reply_was_lost_is_not_sent_again(server) -> None:
    redis_server, probe = server
    async with LosingProxy(redis_server.port) as proxy:
        store = RedisStore(f"redis://127.0.0.1:{proxy.port}/0", timeout_s=STORE_TIMEOUT_S, pipelining=PIPELINING[0])
        try:
            assert await store.create("s1", b"d", TTL)
            assert await store.create("warm", b"d", TTL) and await store.commit(step("warm", 1))  # the script is loaded
            before = await evalsha_calls(probe)
            proxy.armed = True
            with pytest.raises(StoreUnavailable):
                await store.commit(step("s1", 1, log_entry=b"once", stamp="mine"))
            assert await evalsha_calls(probe) == before + 1  # sent once: it landed, and was not sent again
            assert await probe.lrange("na:s:{s1}:log", 0, -1) == [b"once"]
            assert (await store.load("s1")).stamp == "mine"  # and the store serves on
        finally:
            await store.aclose()


async def test_a_read_whose_reply_was_lost_is_sent_once_more(server) -> None:
    redis_server, probe = server
    async with LosingProxy(redis_server.port) as proxy:
        store = RedisStore(f"redis://127.0.0.1:{proxy.port}/0", timeout_s=STORE_TIMEOUT_S, pipelining=PIPELINING[0])
        try:
            assert await store.create("s1", b"d", TTL)
            await store.load("s1")  # the script is loaded
            before = await evalsha_calls(probe)
            proxy.armed = True
            assert (await store.load("s1")).version == 1
            assert await evalsha_calls(probe) == before + 2
        finally:
            await store.aclose()


async def test_reads_whose_replies_were_lost_are_sent_again_pipelined_together(server, monkeypatch: pytest.MonkeyPatch) -> None:
    redis_server, probe = server
    sends: list[int] = []
    send = redis.connection.Connection.send_packed_command

    async def counted(self: Any, command: Any, check_health: bool = True) -> None:
        if not check_health:  # the store's own commands (a new connection's handshake checks its health)
            sends.append(1)
        await send(self, command, check_health=check_health)

    monkeypatch.setattr(redis.connection.Connection, "send_packed_command", counted)
    sessions = [f"s{n}" for n in range(10)]
    async with LosingProxy(redis_server.port) as proxy:
        store = RedisStore(f"redis://127.0.0.1:{proxy.port}/0", timeout_s=STORE_TIMEOUT_S, pipelining=PIPELINING[0])
        try:
            assert all(await asyncio.gather(*(store.create(sid, sid.encode(), TTL) for sid in sessions)))
            await store.load("s0")  # the script is loaded
            before, sent = await evalsha_calls(probe), len(sends)
            proxy.armed = True  # the next reply to reach the proxy is lost with its connection
            loaded = await asyncio.gather(*(store.load(sid) for sid in sessions))
            assert [item.doc for item in loaded if item is not None] == [sid.encode() for sid in sessions]
            if PIPELINING[0]:  # one batch lost whole, then sent again whole: two writes
                assert len(sends) - sent == 2 and await evalsha_calls(probe) == before + 20
            else:  # ten commands on ten connections, and the one that lost its reply again
                assert len(sends) - sent == 11 and await evalsha_calls(probe) == before + 11
        finally:
            await store.aclose()


def _roll_transition():
    params = DiceSessionRollInput(expression="1d20")

    def transition(doc, actor, stream):
        state, result = roll(doc["state"], params, stream, actor)
        return {**doc, "state": state}, result

    return transition, params.model_dump(mode="json", by_alias=True)


async def test_an_action_whose_commit_reply_was_lost_is_not_applied_twice(server) -> None:
    redis_server, probe = server
    async with LosingProxy(redis_server.port) as proxy:
        store = RedisStore(f"redis://127.0.0.1:{proxy.port}/0", timeout_s=STORE_TIMEOUT_S, pipelining=PIPELINING[0])
        sessions = Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600)
        try:
            doc, seats = await sessions.create("dice", SEATS, "", None)
            sid, gm = doc["id"], seats[0]["token"]
            transition, params = _roll_transition()
            await sessions.act(sid, gm, "dice/roll", transition, params=params)  # kept: the next act sends only its commit
            proxy.armed = True
            with pytest.raises(StoreUnavailable):
                await sessions.act(sid, gm, "dice/roll", transition, params=params)
            after, _ = await sessions.read(sid, gm)
            assert (after["version"], after["nonce"]) == (3, 2)  # it landed once; the service did not roll again
            answer = await sessions.act(sid, gm, "dice/roll", transition, params=params)
            assert (answer["version"], answer["seq"], answer["audit"]["nonce"]) == (4, 2, 2)
        finally:
            await store.aclose()


async def test_a_follower_resumes_across_a_redis_restart_and_misses_nothing(start_redis_server: Callable[..., Any]) -> None:
    redis_server = start_redis_server(appendonly=True, fsync="always")
    store = RedisStore(redis_server.url, timeout_s=STORE_TIMEOUT_S, pipelining=PIPELINING[0])
    sessions = Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600)
    try:
        doc, seats = await sessions.create("dice", SEATS, "", None)
        sid, gm = doc["id"], seats[0]["token"]
        transition, params = _roll_transition()
        stream = follow(sessions, sid, gm, after=None)
        assert await anext(stream) is None  # subscribed
        await sessions.act(sid, gm, "dice/roll", transition, params=params)
        assert (await asyncio.wait_for(anext(stream), 2))["seq"] == 0
        waiting = asyncio.ensure_future(anext(stream))
        # In threads, so this event loop runs on through the restart as a service's does: the
        # follower tries to subscribe again while Redis is down.
        await asyncio.to_thread(redis_server.kill)
        await asyncio.to_thread(redis_server.start)
        for _ in range(2):  # committed while the follower may still be subscribing again: the log fills the gap
            await sessions.act(sid, gm, "dice/roll", transition, params=params)
        assert (await asyncio.wait_for(waiting, 5))["seq"] == 1
        assert (await asyncio.wait_for(anext(stream), 2))["seq"] == 2
        await stream.aclose()
    finally:
        await store.aclose()


async def test_a_follower_gives_up_when_the_store_stays_away(start_redis_server: Callable[..., Any]) -> None:
    redis_server = start_redis_server()
    store = RedisStore(redis_server.url, timeout_s=STORE_TIMEOUT_S, pipelining=PIPELINING[0])
    sessions = Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600)
    try:
        doc, seats = await sessions.create("dice", SEATS, "", None)
        stream = follow(sessions, doc["id"], seats[0]["token"], after=None, heartbeat_s=0.2, resume_s=0.6)
        assert await anext(stream) is None
        redis_server.kill()
        started = time.monotonic()
        beats = 0
        with pytest.raises(StoreUnavailable):
            while True:
                assert await asyncio.wait_for(anext(stream), 2) is None
                beats += 1
        # Not before resume_s (0.6 s); the give-up comes at the first failed try past it, about 0.75 s
        # in (tries after 0.05, 0.1, 0.2 and 0.4 s), with room for a busy machine: far below the
        # 15 s of the default patience, or a follower that never gives up.
        assert 0.6 <= time.monotonic() - started < 4.0
        assert beats >= 1  # heartbeats kept the client's connection alive while it waited
    finally:
        await store.aclose()
