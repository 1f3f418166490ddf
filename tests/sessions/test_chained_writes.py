"""Chained writes (NA_CHAINED_WRITES): writers queued on a session whose commit is in flight are
prepared by the holder and sent behind it, one chain in flight per session. Every answer is still
its own commit's, nothing is lost or applied twice when a commit in the chain fails or its writer
goes away, and a write the chain cannot take (an Idempotency-Key, a refusal) meets the store on its
own turn. The last two
run on a real Redis, pipelined: one replica, and two racing for the same session."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
import pytest

from service.errors import Problem
from service.sessions.memory import MemoryStore
from service.sessions.redis_store import RedisStore
from service.sessions.service import Sessions
from service.sessions.store import Commit
from service.systems import REGISTRY

SECRET = "chained-" + "c" * 32


class HeldStore(MemoryStore):
    """A memory store whose commits wait until the test lets them through, as commits in flight to
    Redis do; `held` lists them in the order they were issued."""

    ordered_commits = True

    def __init__(self) -> None:
        super().__init__()
        self.held: list[tuple[Commit, asyncio.Future[None]]] = []
        self.holding = True

    async def commit(self, commit: Commit) -> bool:
        if self.holding:
            turn = asyncio.get_running_loop().create_future()
            self.held.append((commit, turn))
            await turn
        return await super().commit(commit)

    def versions(self) -> list[int]:
        return [commit.version for commit, turn in self.held if not turn.done()]

    def release(self, count: int | None = None) -> None:
        """Let the first `count` held commits (all by default) go on, in the order they came."""
        waiting = [(commit, turn) for commit, turn in self.held if not turn.done()]
        for _, turn in waiting[:count]:
            turn.set_result(None)
        self.held = waiting[count:] if count is not None else []


def _roll(doc: Any, actor: Any, stream: Any) -> tuple[Any, dict[str, Any]]:
    face = stream.roll(20)
    return doc.with_state({**doc["state"], "faces": [*doc["state"].get("faces", []), face]}), {"face": face}


async def _settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


async def _table(*, chained: bool = True) -> tuple[HeldStore, Sessions, str, str]:
    store = HeldStore()
    sessions = Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600, chained=chained)
    doc, issued = await sessions.create("dice", [{"name": "gm", "role": "gm"}], "", None)
    return store, sessions, doc["id"], issued[0]["token"]


async def _queued(store: HeldStore, sessions: Sessions, sid: str, token: str, writers: int, **each: Any) -> list[asyncio.Task[Any]]:
    """The first writer's commit in flight, the others queued behind it; then the first answered,
    so the second holds the session with the rest waiting."""
    tasks = [asyncio.create_task(sessions.act(sid, token, "roll", _roll, **each)) for _ in range(writers)]
    await _settle()
    assert store.versions() == [2]  # one commit in flight, the session held for it
    store.release(1)
    await _settle()
    assert tasks[0].done()
    return tasks


async def _log(store: HeldStore, sid: str) -> list[dict[str, Any]]:
    return [orjson.loads(entry) for entry in await store.log(sid, 0, 100)]


@pytest.mark.parametrize("budget", [0.002, 0.0], ids=["default-budget", "one-per-turn"])
async def test_writers_queued_behind_a_commit_are_sent_behind_it_and_each_answer_is_its_own_commits(budget: float, monkeypatch: pytest.MonkeyPatch) -> None:
    # With no time budget a holder prepares one queued write; the session passes to the writer after
    # it once that chain of two has landed, so the same writes land over more round trips.
    monkeypatch.setattr("service.sessions.service._CHAIN_BUDGET_S", budget)
    store, sessions, sid, token = await _table()
    tasks = await _queued(store, sessions, sid, token, 8)
    if budget:  # the six writes behind the second writer's were prepared and sent behind it: seven in flight
        assert store.versions() == [3, 4, 5, 6, 7, 8, 9]
    else:  # one chained behind it, and nothing more in flight until that chain has landed
        assert store.versions() == [3, 4]
    assert not any(task.done() for task in tasks[1:])
    store.holding = False
    store.release()
    answers = await asyncio.gather(*tasks)
    log = await _log(store, sid)
    assert [answer["seq"] for answer in answers] == list(range(8)) == [entry["seq"] for entry in log]
    assert [answer["version"] for answer in answers] == list(range(2, 10))
    for answer, entry in zip(answers, log, strict=True):
        assert answer["result"] == entry["result"] and answer["audit"]["nonce"] == entry["audit"]["nonce"]
    assert [entry["audit"]["nonce"] for entry in log] == list(range(8))
    stored = orjson.loads((await store.load(sid)).doc)  # type: ignore[union-attr]
    assert stored["state"]["faces"] == [entry["result"]["face"] for entry in log] and stored["nonce"] == 8
    assert sessions.retries == 0


async def test_a_commit_lost_to_another_replica_takes_the_chain_behind_it_down_and_every_writer_lands_once() -> None:
    store, sessions, sid, token = await _table()
    tasks = await _queued(store, sessions, sid, token, 8)
    assert store.versions() == [3, 4, 5, 6, 7, 8, 9]
    store.holding = False
    other = Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600)  # another replica writes in between
    foreign = await other.act(sid, token, "roll", _roll)
    assert foreign["version"] == 3
    store.release()  # every chained commit now fails its compare-and-set: each writer tries again
    answers = await asyncio.gather(*tasks)
    log = await _log(store, sid)
    assert [entry["seq"] for entry in log] == list(range(9)) and [entry["audit"]["nonce"] for entry in log] == list(range(9))
    assert sorted(answer["version"] for answer in [*answers, foreign]) == list(range(2, 11))
    by_seq = {entry["seq"]: entry for entry in log}
    for answer in [*answers, foreign]:
        assert by_seq[answer["seq"]]["result"] == answer["result"]
    assert sessions.retries == 7


async def test_a_chained_writer_that_goes_away_before_its_commit_leaves_no_trace_and_the_rest_land() -> None:
    store, sessions, sid, token = await _table()
    tasks = await _queued(store, sessions, sid, token, 8)
    assert store.versions() == [3, 4, 5, 6, 7, 8, 9]
    tasks[3].cancel()  # its commit (version 5) has not reached the store
    await _settle()
    store.holding = False
    store.release()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    assert isinstance(results[3], asyncio.CancelledError)
    answers = [result for result in results if isinstance(result, dict)]
    log = await _log(store, sid)
    assert len(answers) == 7 and [entry["seq"] for entry in log] == list(range(7))
    assert sorted(answer["seq"] for answer in answers) == list(range(7))
    assert [entry["audit"]["nonce"] for entry in log] == list(range(7))


async def test_the_last_chained_writer_going_away_as_it_is_handed_its_write_leaves_no_state_to_build_on() -> None:
    # Cancelled after the holder handed it its prepared write and before it ran: the commit is dropped,
    # and so is the state the holder kept from it, which no commit will make.
    store, sessions, sid, token = await _table()
    tasks = [asyncio.create_task(sessions.act(sid, token, "roll", _roll)) for _ in range(4)]
    hand = sessions._queues.hand

    def handing(key: str, handed: Any) -> None:
        hand(key, handed)
        if handed.answer["version"] == 5:  # the last of the chain
            tasks[3].cancel()

    sessions._queues.hand = handing  # type: ignore[method-assign]
    await _settle()
    assert store.versions() == [2]
    store.release(1)
    await _settle()
    assert store.versions() == [3, 4]  # version 5's commit never went out
    store.holding = False
    store.release()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    assert isinstance(results[3], asyncio.CancelledError) and [r["version"] for r in results[:3]] == [2, 3, 4]
    later = await sessions.act(sid, token, "roll", _roll)
    assert later["version"] == 5 and later["seq"] == 3
    assert sessions.retries == 0  # built on the store's version 4, not on a version 5 that never landed


async def test_a_queued_write_with_an_idempotency_key_is_not_chained_and_replays_its_answer() -> None:
    store, sessions, sid, token = await _table()
    tasks = [asyncio.create_task(sessions.act(sid, token, "roll", _roll)) for _ in range(2)]
    keyed = asyncio.create_task(sessions.act(sid, token, "roll", _roll, params={"n": 1}, idempotency_key="k-1"))
    tasks.append(keyed)
    tasks.append(asyncio.create_task(sessions.act(sid, token, "roll", _roll)))
    await _settle()
    store.release(1)
    await _settle()
    # The second writer sent its own commit alone, and the keyed one waits for it to land rather
    # than read a version about to change.
    assert [commit.expected_version for commit, _ in store.held] == [2]
    store.release(1)
    await _settle()
    # Then it read the store itself (version 3) and chained the last writer behind its own commit.
    assert [commit.expected_version for commit, _ in store.held] == [3, 4]
    store.holding = False
    store.release()
    answers = await asyncio.gather(*tasks)
    assert sorted(answer["version"] for answer in answers) == [2, 3, 4, 5]
    assert sessions.retries == 0
    again = await sessions.act(sid, token, "roll", _roll, params={"n": 1}, idempotency_key="k-1")
    assert again == answers[2] and len(await _log(store, sid)) == 4


async def test_a_refusal_on_the_chained_state_is_given_by_its_writer_on_its_own_turn() -> None:
    store, sessions, sid, token = await _table()
    first, second = (asyncio.create_task(sessions.act(sid, token, "roll", _roll)) for _ in range(2))
    pinned = asyncio.create_task(sessions.act(sid, token, "roll", _roll, expected_version=2))  # If-Match: "2"
    await _settle()
    store.release(1)  # version 2 stored; the second writer holds the session
    await _settle()
    assert store.versions()[0] == 3  # the pinned write was not chained on the second's version 3
    store.holding = False
    store.release()
    with pytest.raises(Problem) as refused:
        await pinned
    assert refused.value.code == "version-conflict"
    assert [answer["version"] for answer in await asyncio.gather(first, second)] == [2, 3]
    assert len(await _log(store, sid)) == 2


async def test_a_pinned_write_chained_on_a_version_that_never_landed_is_checked_on_a_fresh_read() -> None:
    # The second writer chains the pinned one (If-Match: "3") on the version 3 its own commit would
    # make; another replica's version 3 lands first. The session is then at version 3, as the
    # pinned write asks: it is applied, not refused for a version that never existed.
    store, sessions, sid, token = await _table()
    first, second = (asyncio.create_task(sessions.act(sid, token, "roll", _roll)) for _ in range(2))
    pinned = asyncio.create_task(sessions.act(sid, token, "roll", _roll, expected_version=3))
    await _settle()
    store.release(1)  # version 2 stored; the second writer holds the session and chains the pinned one
    await _settle()
    assert [commit.expected_version for commit, _ in store.held] == [2, 3]
    store.holding = False
    other = Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600)
    assert (await other.act(sid, token, "roll", _roll))["version"] == 3
    store.release()
    assert (await pinned)["version"] == 4
    assert [answer["version"] for answer in await asyncio.gather(first, second)] == [2, 5]
    assert [entry["version"] for entry in await _log(store, sid)] == [2, 3, 4, 5]


async def test_with_the_switch_off_one_commit_is_in_flight_at_a_time() -> None:
    store, sessions, sid, token = await _table(chained=False)
    tasks = [asyncio.create_task(sessions.act(sid, token, "roll", _roll)) for _ in range(5)]
    for version in range(2, 7):
        await _settle()
        assert store.versions() == [version]
        store.release()
    answers = await asyncio.gather(*tasks)
    assert [answer["version"] for answer in answers] == list(range(2, 7))


def test_the_app_chains_writes_on_a_store_that_sends_commits_as_issued_with_the_switch_on_and_nowhere_else() -> None:
    from service.api.app import create_app
    from service.config import Settings

    base = {"NA_STORE": "redis://127.0.0.1:1/0", "NA_SEED_SECRET": SECRET}  # never connected here
    assert create_app(Settings.from_env(base)).state.sessions.chained
    assert not create_app(Settings.from_env({**base, "NA_CHAINED_WRITES": "off"})).state.sessions.chained
    assert not create_app(Settings.from_env({**base, "NA_REDIS_PIPELINING": "off"})).state.sessions.chained
    assert not create_app(Settings.from_env({"NA_SEED_SECRET": SECRET})).state.sessions.chained  # the memory store
    cluster = {"NA_STORE": "redis+cluster://127.0.0.1:1", "NA_SEED_SECRET": SECRET}
    assert create_app(Settings.from_env(cluster)).state.sessions.chained
    assert not create_app(Settings.from_env({**cluster, "NA_REDIS_OWN_CONNECTIONS": "off"})).state.sessions.chained


# -- on a real Redis, pipelined ------------------------------------------------------------------


class CountingRedisStore(RedisStore):
    """The pipelined Redis store, counting the commits it has in flight at once."""

    def __init__(self, url: str) -> None:
        super().__init__(url, timeout_s=5.0, pipelining=True)
        self.in_flight = self.most_in_flight = 0

    async def commit(self, commit: Commit) -> bool:
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            return await super().commit(commit)
        finally:
            self.in_flight -= 1


async def _answers_are_their_entries(store: RedisStore, sid: str, answers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    log = [orjson.loads(entry) for entry in await store.log(sid, 0, 1000)]
    assert [entry["seq"] for entry in log] == list(range(len(answers)))
    assert [entry["audit"]["nonce"] for entry in log] == list(range(len(answers)))
    for answer in answers:
        entry = log[answer["seq"]]
        assert (entry["version"], entry["result"], entry["audit"]["draws"]) == (answer["version"], answer["result"], answer["audit"]["draws"])
    return log


@pytest.mark.redis
async def test_on_redis_forty_writers_to_one_session_are_chained_and_each_lands_once(server: tuple[Any, Any]) -> None:
    store = CountingRedisStore(server[0].url)
    try:
        sessions = Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600, chained=store.ordered_commits)
        doc, issued = await sessions.create("dice", [{"name": "gm", "role": "gm"}], "", None)
        answers = await asyncio.gather(*(sessions.act(doc["id"], issued[0]["token"], "roll", _roll) for _ in range(40)))
        assert sorted(answer["version"] for answer in answers) == list(range(2, 42))
        await _answers_are_their_entries(store, doc["id"], answers)
        assert store.most_in_flight > 1  # commits went out behind one still unanswered
    finally:
        await store.aclose()


@pytest.mark.redis
async def test_on_redis_two_replicas_chaining_on_one_session_lose_nothing_and_apply_nothing_twice(server: tuple[Any, Any]) -> None:
    stores = [RedisStore(server[0].url, timeout_s=5.0, pipelining=True) for _ in range(2)]
    try:
        one, two = (Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600, chained=True) for store in stores)
        doc, issued = await one.create("dice", [{"name": "gm", "role": "gm"}], "", None)
        sid, token = doc["id"], issued[0]["token"]
        answers = await asyncio.gather(*(replica.act(sid, token, "roll", _roll) for _ in range(30) for replica in (one, two)))
        assert sorted(answer["version"] for answer in answers) == list(range(2, 62))
        log = await _answers_are_their_entries(stores[0], sid, answers)
        stored = orjson.loads((await stores[1].load(sid)).doc)  # type: ignore[union-attr]
        assert stored["state"]["faces"] == [entry["result"]["face"] for entry in log]
    finally:
        for store in stores:
            await store.aclose()
