"""Which seeds a rotation reveals: never one that would let a seat recompute a draw hidden from it."""

from __future__ import annotations

import orjson

from service.systems import REGISTRY
from service.sessions.memory import MemoryStore
from service.sessions.service import Sessions
from service.systems.dice.mechanics import roll_in_session as roll
from service.systems.dice.models import DiceSessionRollInput

SECRET = "sealed-secret-" + "s" * 32
SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana", "role": "player"}]


def _roll(visibility: str):
    params = DiceSessionRollInput(expression="1d20", visibility=visibility)

    def transition(doc, actor, stream):
        state, result = roll(doc["state"], params, stream, actor)
        return {**doc, "state": state}, result

    return transition, params.model_dump(mode="json", by_alias=True)


async def _table() -> tuple[MemoryStore, Sessions, str, str]:
    store = MemoryStore()
    sessions = Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600)
    doc, seats = await sessions.create("dice", SEATS, "", None)
    return store, sessions, doc["id"], seats[0]["token"]


async def _rotate(sessions: Sessions, sid: str, gm: str) -> dict:
    return (await sessions.act(sid, gm, "session/rotate-seed", sessions.rotate_transition))["result"]["revealed"]


async def test_each_epoch_is_judged_on_its_own_draws() -> None:
    _, sessions, sid, gm = await _table()
    for visibility, revealed in (("public", True), ("self", False), ("public", True), ("gm", False), ("blind", False)):
        transition, params = _roll(visibility)
        await sessions.act(sid, gm, "dice/roll", transition, params=params)
        assert bool((await _rotate(sessions, sid, gm))["seed"]) is revealed, visibility
    doc, actor = await sessions.read(sid, gm)
    assert "sealed" not in sessions.view(doc, actor)  # bookkeeping, not part of any view
    closed = await sessions.act(sid, gm, "session/close", sessions.close_transition)
    assert all(seed["seed"] for seed in closed["result"]["seeds"])  # the close reveals every one


async def test_a_session_that_kept_no_record_of_hidden_rolls_keeps_its_seed_until_the_close() -> None:
    store, sessions, sid, gm = await _table()
    held = store._sessions[sid]
    legacy = orjson.loads(held.doc)
    del legacy["sealed"]  # as written before the record was kept
    held.doc = orjson.dumps(legacy)
    sessions.recent.drop(sid)  # written by an earlier deployment: this replica keeps no commit of it
    assert (await _rotate(sessions, sid, gm))["seed"] is None
    assert (await _rotate(sessions, sid, gm))["seed"]  # the new epoch is recorded from its start
