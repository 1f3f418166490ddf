"""Session odds read the replica's kept document and typed state when it made the stored commit, and
answer exactly what they answer from the stored JSON decoded and validated afresh."""

from __future__ import annotations

import pytest

from service import declare
from service.api.examples import IN_SESSION, session_table
from service.api.odds import compute
from service.api.operations import Call, build_operations
from service.dice import memo
from service.dice.notation import DEFAULT_LIMITS
from service.errors import Problem
from service.sessions.memory import MemoryStore
from service.sessions.models import CreateSession
from service.sessions.service import Sessions
from service.systems import REGISTRY

SECRET = "shared-odds-" + "s" * 32


def _answer(odds, state, params, actor) -> object:
    try:
        return compute(odds, DEFAULT_LIMITS, state, params, actor)
    except Problem as problem:
        return ("problem", problem.code)


async def _table(system: str) -> tuple[MemoryStore, Sessions, dict, dict, dict, list]:
    """The system's example session, just created: its store, sessions, operations and session-odds
    mechanics by field, the created document and the seats issued."""
    store = MemoryStore()
    sessions = Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600)
    operations = {op.field: op for op in build_operations(REGISTRY)}
    odds_of = {m.system + "".join(p.capitalize() for p in m.name.split("-")) + "InSession": m for m in REGISTRY.mechanics.values()}
    table = CreateSession.model_validate(session_table(system))
    doc, issued = await sessions.create(system, [{"name": s.name, "role": s.role} for s in table.seats], table.client_seed, table.setup)
    return store, sessions, operations, odds_of, doc, issued


@pytest.mark.parametrize("system", sorted(IN_SESSION))
async def test_session_odds_from_the_kept_state_equal_those_from_the_stored_json(system: str) -> None:
    store, sessions, operations, odds_of, doc, issued = await _table(system)
    sid, tokens = doc["id"], {seat["name"]: seat["token"] for seat in issued}
    names = {seat["id"]: seat["name"] for seat in issued}
    compared = shared_typed = 0
    memo.set_enabled(False)  # every answer computed, none remembered
    try:
        for seat, field, body in IN_SESSION[system]:
            if seat == "*":
                now, _ = await sessions.read(sid, next(iter(tokens.values())))
                seat = names[now["state"]["flow"]["awaiting"][0]]
            op = operations[field]
            params = op.input.model_validate(body) if op.input is not None else None
            mechanic = odds_of.get(field)
            if mechanic is not None and mechanic.session_odds is not None:
                shared, actor = await sessions.read(sid, tokens[seat], shared=True)
                fresh, fresh_actor = await sessions.read(sid, tokens[seat])
                assert shared == fresh and actor == fresh_actor
                shared_typed += id(shared["state"]) in declare._TYPED
                assert _answer(mechanic.session_odds, shared["state"], params, actor) == _answer(
                    mechanic.session_odds, fresh["state"], params, fresh_actor
                ), field
                compared += 1
            call = Call(sessions=sessions, store=store, idempotency_ttl_ms=1000, session_id=sid, token=tokens[seat])
            try:
                await op.run(call, params)
            except Problem:
                pass  # a call the example list says may be refused
    finally:
        memo.set_enabled(True)
    assert compared >= 1
    if system != "dice":  # the typed games: the state the last write kept is read as it was kept
        assert shared_typed >= 1



@pytest.mark.parametrize("system", sorted(set(IN_SESSION) - {"dice"}))
async def test_a_new_session_is_read_from_the_typed_state_it_started_with(system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first state is kept typed as a write's is: odds asked before any write validate nothing,
    and answer what the stored JSON validated afresh answers."""
    _, sessions, operations, odds_of, doc, issued = await _table(system)
    # The first example call in the session whose mechanic has odds, asked of the state as created.
    seat, field, body = next(c for c in IN_SESSION[system] if c[0] != "*" and getattr(odds_of.get(c[1]), "session_odds", None))
    odds, params = odds_of[field].session_odds, operations[field].input.model_validate(body)
    token = next(s["token"] for s in issued if s["name"] == seat)
    shared, actor = await sessions.read(doc["id"], token, shared=True)
    fresh, _ = await sessions.read(doc["id"], token)
    loads: list[object] = []
    real = declare.load_state
    monkeypatch.setattr(declare, "load_state", lambda model, state: loads.append(model) or real(model, state))
    memo.set_enabled(False)
    try:
        kept = _answer(odds, shared["state"], params, actor)
        assert loads == []  # read from the typed state the session started with
        assert kept == _answer(odds, fresh["state"], params, actor)
        assert len(loads) == 1  # the stored JSON, decoded anew, validated once
    finally:
        memo.set_enabled(True)


@pytest.mark.parametrize("system", sorted(set(IN_SESSION) - {"dice"}))
async def test_another_replicas_commit_is_validated_once_for_all_the_odds_asked_of_it(system: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A replica that did not make the stored commit decodes it on the first shared read and validates its
    state on the first odds that need it; the odds asked after, of the same commit, reuse both."""
    store, _, operations, odds_of, doc, issued = await _table(system)  # made, and kept, by the first replica
    reader = Sessions(store, REGISTRY, secret=SECRET, ttl_seconds=600)
    seat, field, body = next(c for c in IN_SESSION[system] if c[0] != "*" and getattr(odds_of.get(c[1]), "session_odds", None))
    odds, params = odds_of[field].session_odds, operations[field].input.model_validate(body)
    token = next(s["token"] for s in issued if s["name"] == seat)
    loads: list[object] = []
    real = declare.load_state
    monkeypatch.setattr(declare, "load_state", lambda model, state: loads.append(model) or real(model, state))
    memo.set_enabled(False)  # every answer computed, none remembered
    try:
        first, actor = await reader.read(doc["id"], token, shared=True)
        answered = _answer(odds, first["state"], params, actor)
        again, _ = await reader.read(doc["id"], token, shared=True)
        assert again is first and _answer(odds, again["state"], params, actor) == answered
        assert len(loads) == 1  # validated for the first odds only
        fresh, _ = await reader.read(doc["id"], token)
        assert _answer(odds, fresh["state"], params, actor) == answered and len(loads) == 2
    finally:
        memo.set_enabled(True)
