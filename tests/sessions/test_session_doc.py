"""The session document: typed to the service, the same bytes to the store as it has always been."""

from __future__ import annotations

import hashlib
import itertools

import orjson
import pytest

import service.sessions.service as session_service
from service.api.operations import Call, build_operations
from service.systems import REGISTRY
from service.sessions.doc import EpochSeed, Seat, SessionDoc
from service.sessions.memory import MemoryStore

SEATS = [{"name": "Ria", "role": "gm"}, {"name": "Kay", "role": "player"}]
OPERATIONS = {op.field: op for op in build_operations(REGISTRY)}

# SHA-256 (first 16 hex digits) of the stored document after creation and after each action of
# `_played`, then of the reader's view of the closed session: recorded with the dict-based
# document this model replaced, so existing sessions are written back exactly as they were.
STORED = [
    "0b3540beb337332d", "030e41e620aebfbe", "9ff8610699e870a7", "ff95543573a369d6", "17bb3b42a4ce5d30",
    "f8c29afc38a1d19d", "76fa44b74fa47465", "6c92288ac2f6df95", "64c9ecf4d95d38fd",
]
# The same for a session stored before `sealed` was kept: the first hidden roll adds it last.
STORED_BEFORE_SEALED = [
    "eafb9cda09b655b4", "3115738b9bd88a5f", "ef68c984c98bea74", "9e8c3bbd81f42d8d", "f781ef6e1f9c8bd1",
    "2f6f2dff274dfcb7", "28ecb47794f2df17", "5f8394bce97bd7a4", "64c9ecf4d95d38fd",
]


async def _played(monkeypatch: pytest.MonkeyPatch, *, before_sealed: bool) -> list[bytes]:
    """A dice table with fixed ids, tokens and clock: public, GM and self rolls, two rotations, the close."""
    ids, tokens, ticks = itertools.count(), itertools.count(), itertools.count()
    monkeypatch.setattr(session_service, "new_id", lambda: f"id{next(ids)}")
    monkeypatch.setattr(session_service, "new_token", lambda: f"token-{next(tokens)}")
    monkeypatch.setattr(session_service, "_now", lambda: f"2026-12-01T00:00:{next(ticks):02d}.000Z")
    store = MemoryStore()
    sessions = session_service.Sessions(store, REGISTRY, secret="golden-" + "g" * 32, ttl_seconds=3600)
    doc, issued = await sessions.create("dice", SEATS, "golden", None)
    held = store._sessions[doc.id]
    if before_sealed:
        stored = orjson.loads(held.doc)
        del stored["sealed"]
        held.doc = orjson.dumps(stored)
        sessions.recent.drop(doc.id)  # written by an earlier deployment: this replica keeps no commit of it
    out = [held.doc]
    gm, kay = (seat["token"] for seat in issued)

    async def run(field: str, token: str, body: dict | None = None) -> None:
        op = OPERATIONS[field]
        call = Call(sessions=sessions, store=store, idempotency_ttl_ms=1000, session_id=doc.id, token=token)
        reply = await op.run(call, None if body is None else op.input.model_validate(body))  # type: ignore[union-attr]
        out.append(held.doc if field != "session" else orjson.dumps(reply.body))

    await run("diceRollInSession", kay, {"expression": "2d6"})
    await run("diceRollInSession", kay, {"expression": "1d20", "visibility": "gm"})
    await run("rotateSessionSeed", gm)
    await run("diceRollInSession", gm, {"expression": "1d8"})
    await run("diceRollInSession", kay, {"expression": "1d4", "visibility": "self"})
    await run("rotateSessionSeed", gm)
    await run("closeSession", gm)
    await run("session", kay)
    return out


def _digests(stored: list[bytes]) -> list[str]:
    return [hashlib.sha256(item).hexdigest()[:16] for item in stored]


async def test_every_stored_version_is_the_bytes_the_dict_document_wrote(monkeypatch: pytest.MonkeyPatch) -> None:
    stored = await _played(monkeypatch, before_sealed=False)
    assert _digests(stored) == STORED
    final = orjson.loads(stored[-2])
    assert list(final) == [
        "id", "system", "version", "epoch", "nonce", "clientSeed", "closed", "createdAt", "updatedAt",
        "seats", "seeds", "setup", "sealed", "state",
    ]


async def test_a_session_stored_before_sealed_was_kept_loads_and_is_written_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    stored = await _played(monkeypatch, before_sealed=True)
    assert _digests(stored) == STORED_BEFORE_SEALED
    assert SessionDoc.from_json(stored[0]).sealed is None  # it cannot tell which epochs hid a roll
    assert list(orjson.loads(stored[2]))[-2:] == ["state", "sealed"]  # the GM roll recorded it, last
    # Its first epoch's seed waited for the close, as the hidden roll requires.
    rotated = SessionDoc.from_json(stored[3])
    assert rotated.seeds[0].seed is None and rotated.epoch == 1


async def test_a_stored_document_reads_back_to_the_same_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    for raw in (await _played(monkeypatch, before_sealed=False))[:-1]:
        assert SessionDoc.from_json(raw).to_json() == raw


def _doc() -> SessionDoc:
    return SessionDoc.new(
        id="s1",
        system="dice",
        client_seed="",
        now="2026-12-01T00:00:00.000Z",
        seats=(Seat("seat-1", "Ria", "gm", "a" * 64), Seat("seat-2", "Kay", "player", "b" * 64)),
        seeds=(EpochSeed(0, "c" * 64, None),),
        setup=None,
        state={"round": 1},
    )


def test_fields_are_typed_records() -> None:
    doc = _doc()
    assert doc.seats == (Seat("seat-1", "Ria", "gm", "a" * 64), Seat("seat-2", "Kay", "player", "b" * 64))
    assert doc.seeds == (EpochSeed(0, "c" * 64, None),)
    assert (doc.version, doc.epoch, doc.nonce, doc.closed, doc.sealed, doc.state) == (1, 0, 0, False, (), {"round": 1})
    assert doc.seat_with("b" * 64) == Seat("seat-2", "Kay", "player", "b" * 64)
    assert doc.seat_with("d" * 64) is None
    assert doc.has_gm


def test_a_document_is_changed_by_copy_only() -> None:
    doc = _doc()
    with pytest.raises(AttributeError, match="no setter"):
        doc.version = 2  # type: ignore[misc]
    for change in (lambda: doc.__setitem__("version", 2), lambda: doc.update(version=2), lambda: doc.pop("state")):
        with pytest.raises(TypeError, match="immutable"):
            change()
    later = doc.evolve(version=2, sealed=(0,), seeds=(EpochSeed(0, "c" * 64, "seed"),))
    assert (doc.version, doc.sealed, doc.seeds[0].seed) == (1, (), None)
    assert (later.version, later.sealed, later.seeds[0].seed) == (2, (0,), "seed")
    assert orjson.loads(later.to_json())["seeds"] == [{"epoch": 0, "seedCommitment": "c" * 64, "seed": "seed"}]
    with pytest.raises(TypeError, match="no field colour"):
        doc.evolve(colour="red")


def test_a_document_is_its_stored_object() -> None:
    doc = _doc()
    assert doc["state"] == {"round": 1} and doc["seats"][1]["tokenHash"] == "b" * 64
    assert orjson.loads(orjson.dumps(doc)) == orjson.loads(doc.to_json()) == dict(doc)
    changed = SessionDoc.of({**doc, "state": {"round": 2}})
    assert changed == doc.evolve(state={"round": 2}) == doc.with_state({"round": 2}) and changed != doc
    assert SessionDoc.of(doc) is doc
    assert doc.committed(version=2, updated_at="later", nonce=1) == doc.evolve(version=2, updated_at="later", nonce=1)
