"""The write path's shortcuts change nothing a client or the store sees: the kept document is the
stored one, a kept token is still checked for its role and for its session, the clock reads as
`datetime` does, stamps are unique, and writers to one session take turns in arrival order."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

import orjson
import pytest

from service.errors import Problem
from service.sessions.clock import Clock, Stamps
from service.sessions.locks import SessionQueues
from service.sessions.memory import MemoryStore
from service.sessions.service import Sessions
from service.systems import REGISTRY

SECRET = "write-path-" + "s" * 32


def _roll(doc, actor, stream):
    return doc.with_state({**doc["state"], "last": stream.roll(20), "rolls": [*doc["state"].get("rolls", []), actor.seat]}), {}


async def _table(*seats: tuple[str, str]):
    store = MemoryStore()
    sessions = Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600)
    doc, issued = await sessions.create("dice", [{"name": n, "role": r} for n, r in seats], "", None)
    return store, sessions, doc["id"], [seat["token"] for seat in issued]


async def test_the_kept_document_is_the_stored_one_decoded_after_every_write() -> None:
    store, sessions, sid, (ana, bo) = await _table(("ana", "player"), ("bo", "player"))
    for n in range(6):
        await sessions.act(sid, ana if n % 2 else bo, "roll", _roll, params={"visibility": "gm" if n == 3 else "public"})
        kept = sessions.recent.get(sid)
        loaded = await store.load(sid)
        assert kept is not None and loaded is not None
        assert (kept.version, kept.log_length, kept.stamp) == (loaded.version, len(await store.log(sid, 0, 99)), loaded.stamp)
        assert kept.doc == orjson.loads(loaded.doc)
    assert kept.doc["sealed"] == [0] and kept.doc["nonce"] == 6


async def test_a_token_kept_for_a_session_is_still_checked_for_its_role_and_its_session() -> None:
    store, sessions, sid, (player, watcher) = await _table(("ana", "player"), ("sol", "spectator"))
    _, _, other, (stranger,) = await _table(("eve", "player"))
    await sessions.act(sid, player, "roll", _roll)
    for _ in range(2):  # the second time from the kept commit, with the spectator's token seen once
        with pytest.raises(Problem) as refused:
            await sessions.act(sid, watcher, "roll", _roll)
        assert refused.value.code == "forbidden" and "spectator" in refused.value.detail
    for token, code in ((stranger, "forbidden"), (None, "unauthorized"), ("nat_made-up", "forbidden")):
        with pytest.raises(Problem) as refused:
            await sessions.act(sid, token, "roll", _roll)
        assert refused.value.code == code
    assert (await sessions.act(sid, player, "roll", _roll))["version"] == 3


def test_the_clock_reads_as_datetime_formats_now(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    for ns in (1_764_610_000_000_000_000, 1_764_610_000_999_999_999, 1_764_610_001_000_000_000, 1_764_630_123_045_678_901):
        monkeypatch.setattr(time, "time_ns", lambda ns=ns: ns)
        expected = datetime.fromtimestamp(ns // 1000 / 1e6, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        assert clock() == expected


def test_commit_stamps_differ_within_and_between_processes() -> None:
    one, two = Stamps(), Stamps()
    stamps = [one() for _ in range(1000)] + [two() for _ in range(1000)]
    assert len(set(stamps)) == 2000


async def test_writers_to_one_session_take_turns_in_arrival_order_and_a_cancelled_one_gives_up_its_place() -> None:
    queues = SessionQueues()
    order: list[str] = []

    async def writer(name: str) -> None:
        await queues.enter("s")
        try:
            order.append(name)
            await asyncio.sleep(0.01)
        finally:
            queues.leave("s")

    tasks = [asyncio.create_task(writer(name)) for name in "abcd"]
    await asyncio.sleep(0.001)  # a holds the session, b c d wait
    tasks[1].cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    assert order == ["a", "c", "d"] and len(queues) == 0
    assert queues.try_enter("s") and not queues.try_enter("s")


async def test_a_waiter_cancelled_just_as_it_is_handed_the_session_passes_it_on() -> None:
    queues = SessionQueues()
    assert queues.try_enter("s")
    got: list[str] = []

    async def waiter(name: str) -> None:
        await queues.enter("s")
        got.append(name)
        queues.leave("s")

    b, c = asyncio.create_task(waiter("b")), asyncio.create_task(waiter("c"))
    await asyncio.sleep(0)  # both wait
    queues.leave("s")  # hands the session to b ...
    b.cancel()  # ... which is cancelled before it runs
    await asyncio.gather(b, c, return_exceptions=True)
    assert got == ["c"] and len(queues) == 0


async def test_a_typed_state_is_validated_again_only_when_the_write_did_not_start_from_the_kept_commit(monkeypatch: pytest.MonkeyPatch) -> None:
    import service.declare as declare
    from service.api.operations import Call, build_operations
    from service.systems.neuroscape.rules.autoplay import STARTER_MATCH, RandomPlayer
    from service.systems.neuroscape.state import NeuroscapeState

    store = MemoryStore()
    one, two = (Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600) for _ in range(2))  # two replicas
    doc, issued = await one.create("neuroscape", [{"name": "ana", "role": "player"}, {"name": "bo", "role": "player"}], "", STARTER_MATCH)
    tokens = {seat["id"]: seat["token"] for seat in issued}
    ops = {op.path.rsplit("/", 1)[1]: op for op in build_operations(REGISTRY) if op.session and "/neuroscape/" in op.path}
    players = {seat: RandomPlayer(f"typed:{seat}", concede_one_in=100_000) for seat in tokens}
    loads: list[int] = []
    real = declare.load_state
    monkeypatch.setattr(declare, "load_state", lambda model, stored: loads.append(1) or real(model, stored))
    for n in range(12):
        loaded = await store.load(doc["id"])
        assert loaded is not None
        state = orjson.loads(loaded.doc)["state"]
        seat = state["flow"]["awaiting"][0]
        name, params = players[seat].choose(real(NeuroscapeState, state), seat)
        op = ops[name]
        replica = two if n == 6 else one  # the seventh write is another replica's: one's kept commit is stale after it
        call = Call(sessions=replica, store=store, idempotency_ttl_ms=1000, session_id=doc["id"], token=tokens[seat])
        before = len(loads)
        await op.run(call, op.input.model_validate(params.model_dump(mode="json", by_alias=True, exclude_none=True)))  # type: ignore[union-attr]
        # The first write starts from the typed state the session was created with; the seventh is another
        # replica's, which kept nothing, and the eighth is back on a replica whose kept commit is stale.
        assert len(loads) - before == (1 if n in (6, 7) else 0), n
    replayed = orjson.loads((await store.load(doc["id"])).doc)["state"]  # type: ignore[union-attr]
    assert declare.dump_state(NeuroscapeState, real(NeuroscapeState, replayed)) == replayed


async def test_a_shared_read_answers_the_kept_document_only_while_it_is_the_stored_one() -> None:
    store, sessions, sid, (ana, bo) = await _table(("ana", "player"), ("bo", "player"))
    await sessions.act(sid, ana, "roll", _roll)
    kept = sessions.recent.get(sid)
    assert kept is not None
    shared, actor = await sessions.read(sid, bo, shared=True)
    fresh, same_actor = await sessions.read(sid, bo)
    assert shared is kept.doc and fresh is not kept.doc
    assert shared == fresh and actor == same_actor and actor.seat == fresh.seats[1].id
    # Another replica writes: the kept document is stale, and a shared read decodes the stored one.
    other = Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600)
    await other.act(sid, bo, "roll", _roll)
    after, _ = await sessions.read(sid, ana, shared=True)
    assert after is not kept.doc and after["version"] == kept.version + 1 == (await store.load(sid)).version
    assert after["state"]["rolls"][-1] == actor.seat
    with pytest.raises(Problem) as refused:
        await sessions.read(sid, "nat_made-up", shared=True)
    assert refused.value.code == "forbidden"


async def test_shared_reads_of_another_replicas_commit_decode_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from service.sessions import service as sessions_module

    store, sessions, sid, (ana, bo) = await _table(("ana", "player"), ("bo", "player"))
    other = Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600)
    await other.act(sid, bo, "roll", _roll)  # the commit is the other replica's
    decoded: list[bytes] = []
    real = sessions_module.SessionDoc.from_json
    monkeypatch.setattr(sessions_module.SessionDoc, "from_json", classmethod(lambda cls, raw: decoded.append(raw) or real(raw)))
    first, actor = await sessions.read(sid, ana, shared=True)
    again, other_actor = await sessions.read(sid, bo, shared=True)
    assert again is first and len(decoded) == 1  # one decode for every shared read of that commit
    assert actor.seat != other_actor.seat  # each read still authorizes its own token
    plain, _ = await sessions.read(sid, ana)
    assert plain is not first and plain == first and len(decoded) == 2  # a read that may change it gets its own
    with pytest.raises(Problem) as refused:
        await sessions.read(sid, "nat_made-up", shared=True)
    assert refused.value.code == "forbidden"
    await other.act(sid, bo, "roll", _roll)  # the other replica moves the session on
    after, _ = await sessions.read(sid, ana, shared=True)
    assert after is not first and after["version"] == first["version"] + 1 and len(decoded) == 3
    assert after["state"]["rolls"] == [other_actor.seat, other_actor.seat]


async def test_a_new_session_is_kept_as_stored_so_its_first_write_and_read_decode_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from service.sessions import service as sessions_module

    store, sessions, sid, (ana,) = await _table(("ana", "player"))
    kept, loaded = sessions.recent.get(sid), await store.load(sid)
    assert kept is not None and loaded is not None
    assert (kept.version, kept.log_length, kept.stamp) == (loaded.version, 0, loaded.stamp) == (1, 0, "")
    assert kept.doc == orjson.loads(loaded.doc)
    decoded: list[bytes] = []
    real = sessions_module.SessionDoc.from_json
    monkeypatch.setattr(sessions_module.SessionDoc, "from_json", classmethod(lambda cls, raw: decoded.append(raw) or real(raw)))
    doc, _ = await sessions.read(sid, ana, shared=True)
    assert doc is kept.doc and not decoded
    await sessions.act(sid, ana, "roll", _roll)
    assert not decoded and (await store.load(sid)).version == 2  # committed from the kept creation


async def test_a_new_session_another_replica_wrote_first_is_read_afresh() -> None:
    store, sessions, sid, (ana,) = await _table(("ana", "player"))
    other = Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600)
    await other.act(sid, ana, "roll", _roll)  # the other replica's commit: version 2
    doc, _ = await sessions.read(sid, ana, shared=True)
    assert doc["version"] == 2 and doc is not sessions.recent.get(sid).doc
    await sessions.act(sid, ana, "roll", _roll)  # the kept creation fails its compare-and-set, then a fresh read commits
    loaded = await store.load(sid)
    assert loaded is not None and loaded.version == 3 and orjson.loads(loaded.doc)["state"]["rolls"] == ["seat-1", "seat-1"]
