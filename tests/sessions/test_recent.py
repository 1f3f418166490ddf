"""Writes that start from a replica's last commit stay correct when another replica wrote in between."""

from __future__ import annotations

import copy

import orjson
import pytest

from service.errors import Problem
from service.systems import REGISTRY
from service.sessions.memory import MemoryStore
from service.sessions.service import Sessions

SECRET = "recent-secret-" + "s" * 32


def _count(doc, actor, stream):
    state = {**doc["state"], "count": doc["state"].get("count", 0) + 1}
    return {**doc, "state": state}, {"count": state["count"]}


def _refuse_until_three(doc, actor, stream):
    if doc["state"].get("count", 0) < 3:
        raise Problem("validation-failed", "not yet")
    return _count(doc, actor, stream)


class Loads(MemoryStore):
    def __init__(self) -> None:
        super().__init__()
        self.loads = 0

    async def load(self, session_id, idempotency_key=None):
        self.loads += 1
        return await super().load(session_id, idempotency_key)


async def _table():
    store = Loads()
    one, two = (Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600) for _ in range(2))  # two replicas
    doc, seats = await one.create("dice", [{"name": "gm", "role": "gm"}], "", None)
    return store, one, two, doc["id"], seats[0]["token"]


async def test_a_replica_that_wrote_last_writes_again_without_a_read() -> None:
    store, one, _, sid, token = await _table()
    await one.act(sid, token, "count", _count)
    before = store.loads
    answers = [await one.act(sid, token, "count", _count) for _ in range(5)]
    assert [a["result"]["count"] for a in answers] == [2, 3, 4, 5, 6]
    assert store.loads == before  # every write started from the kept commit


async def test_a_write_after_another_replica_wrote_retries_on_fresh_state_and_loses_nothing() -> None:
    _, one, two, sid, token = await _table()
    await one.act(sid, token, "count", _count)  # one keeps version 2
    await two.act(sid, token, "count", _count)  # version 3, written elsewhere
    answer = await one.act(sid, token, "count", _count)  # one's kept state is stale: the compare-and-set says so
    assert answer["result"]["count"] == 3 and answer["version"] == 4
    doc, _ = await two.read(sid, token)
    assert doc["version"] == 4


async def test_a_refusal_or_a_version_check_is_never_decided_on_stale_kept_state() -> None:
    _, one, two, sid, token = await _table()
    await one.act(sid, token, "count", _count)  # one keeps count 1 at version 2
    await two.act(sid, token, "count", _count)
    await two.act(sid, token, "count", _count)  # count 3, version 4: the rule now allows it
    allowed = await one.act(sid, token, "gated", _refuse_until_three)
    assert allowed["result"]["count"] == 4
    await two.act(sid, token, "count", _count)  # version 6 elsewhere
    on_time = await one.act(sid, token, "count", _count, expected_version=6)  # one kept version 5
    assert on_time["version"] == 7
    with pytest.raises(Problem) as stale:
        await one.act(sid, token, "count", _count, expected_version=6)
    assert stale.value.code == "version-conflict"


async def test_a_session_closed_by_another_replica_refuses_writes() -> None:
    _, one, two, sid, token = await _table()
    await one.act(sid, token, "count", _count)
    await two.act(sid, token, "session/close", two.close_transition)
    with pytest.raises(Problem) as closed:
        await one.act(sid, token, "count", _count)
    assert closed.value.code == "session-closed"


def _append(mark: str):
    def transition(doc, actor, stream):
        return {**doc, "state": {**doc["state"], "seen": [*doc["state"].get("seen", []), mark]}}, {"mark": mark}

    return transition


async def test_a_write_lost_by_the_store_is_never_built_upon_after_another_replica_reused_its_version() -> None:
    store, one, two, sid, token = await _table()
    before = copy.deepcopy(store._sessions[sid])
    await one.act(sid, token, "a1", _append("A1"))  # one keeps version 2 with A1
    store._sessions[sid] = before  # the store loses that write (a failover to a replica that missed it)
    await two.act(sid, token, "b1", _append("B1"))  # version 2 again, written by two
    await one.act(sid, token, "a2", _append("A2"))  # one's kept version 2 is not this version 2
    doc, _ = await two.read(sid, token)
    assert doc["state"]["seen"] == ["B1", "A2"]
    assert [orjson.loads(e)["action"] for e in await store.log(sid, 0, 10)] == ["b1", "a2"]  # state and log agree
