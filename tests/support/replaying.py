"""Drive seeded random sessions in-process and replay them from their logs."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from unittest import mock

import orjson

from service.dice.stream import Stream
from service.errors import Problem
from service.systems import REGISTRY
from service.sessions.memory import MemoryStore
from service.sessions.replay import Replayed, ReplayMismatch, replay
from service.sessions.service import Sessions

SECRET = "replay-secret-" + "r" * 32

# (state, seats, pick) -> (seat name, mechanic key, params) or None to stop; `pick(n)` is a seeded 1..n.
Chooser = Callable[[dict, list[dict], Callable[[int], int]], "tuple[str, str, dict] | None"]


@dataclass(slots=True)
class Played:
    final: dict  # the closed session's stored document
    replayed: Replayed
    entries: list[dict]  # the session's whole log
    refused: dict[str, int]  # refusal code -> how many times the rules refused an action with it

    @property
    def logged(self) -> list[str]:
        """The action of every log entry, in order."""
        return [entry["action"] for entry in self.entries]


async def play_and_replay(system: str, seats: list[dict], setup: dict | None, choose: Chooser, *, seed: str, steps: int) -> Played:
    """Play up to `steps` actions chosen by `choose`, close, and replay the log.

    An action the rules refuse (a `Problem`) is counted and play goes on; it must leave the
    session exactly as it was (no log entry, same version and nonce), which is checked here.
    """
    sessions = Sessions(MemoryStore(), REGISTRY, secret=SECRET, ttl_seconds=3600)
    # The session id goes into the session's seeds: derived from `seed`, it makes the whole session reproducible.
    session_id = base64.urlsafe_b64encode(hashlib.sha256(f"session:{seed}".encode()).digest()[:16]).decode().rstrip("=")
    with mock.patch("service.sessions.service.new_id", lambda: session_id):
        doc, issued = await sessions.create(system, seats, f"client-{seed}", setup)
    tokens = {seat["name"]: seat["token"] for seat in issued}
    gm = min((seat for seat in issued if seat["role"] in ("gm", "player")), key=lambda seat: seat["role"] != "gm")["token"]
    chooser_stream = Stream(seed=seed, scope="test-driver", nonce=0)
    refused: dict[str, int] = {}
    for _ in range(steps):
        doc, _ = await sessions.read(doc["id"], gm)
        choice = choose(doc["state"], issued, chooser_stream.roll)
        if choice is None:
            break
        seat, key, params = choice
        if key == "session/rotate-seed":
            transition, wire = sessions.rotate_transition, None
        else:
            mechanic = REGISTRY.mechanics[key]
            model = (mechanic.session_input or mechanic.input).model_validate_json(orjson.dumps(params))
            transition, wire = _transition(mechanic, model), model.model_dump(mode="json", by_alias=True)
        try:
            await sessions.act(doc["id"], tokens[seat], key, transition, params=wire)
        except Problem as problem:
            refused[problem.code] = refused.get(problem.code, 0) + 1
            after, _ = await sessions.read(doc["id"], gm)
            assert after == doc, f"a refused {key} ({problem.code}) changed the session"
    await sessions.act(doc["id"], gm, "session/close", sessions.close_transition)
    final, _ = await sessions.read(doc["id"], gm)
    raw = await sessions.store.log(doc["id"], 0, 1_000_000)
    entries = [orjson.loads(item) for item in raw]
    assert len(entries) == final["version"] - 1, "every committed action has exactly one log entry"
    replayed = replay(
        REGISTRY,
        session_id=final["id"],
        system=system,
        setup=final["setup"],
        seats=final["seats"],
        client_seed=final["clientSeed"],
        seeds={s["epoch"]: s["seed"] for s in final["seeds"]},
        entries=entries,
    )
    return Played(final, replayed, entries, refused)


def _transition(mechanic, params):
    def transition(doc, actor, stream):
        state, result = mechanic.apply(doc["state"], params, stream, actor)
        return {**doc, "state": state}, (result if isinstance(result, dict) else result.model_dump(mode="json", by_alias=True))

    return transition


@dataclass(slots=True)
class Batch:
    sessions: int = 0
    actions: int = 0  # log entries, closing included
    logged: dict[str, int] = field(default_factory=dict)  # action -> times logged
    refused: dict[str, int] = field(default_factory=dict)  # refusal code -> times refused


async def replay_batch(
    system: str,
    seats: list[dict],
    setup_for: Callable[[str], dict | None],
    chooser_for: Callable[[str], Chooser],
    *,
    seeds: list[str],
    steps: int,
) -> Batch:
    """Play and replay one session per seed; each must replay to exactly its final state."""
    batch = Batch()
    for seed in seeds:
        try:
            played = await play_and_replay(system, seats, setup_for(seed), chooser_for(seed), seed=seed, steps=steps)
        except ReplayMismatch as mismatch:
            raise AssertionError(f"session {seed!r} does not replay: {mismatch}") from mismatch
        final, replayed = played.final, played.replayed
        differ = sorted(k for k in {*replayed.state, *final["state"]} if replayed.state.get(k) != final["state"].get(k))
        assert not differ, f"session {seed!r} replays to another state: {', '.join(differ)} differ"
        assert (replayed.epoch, replayed.nonce, replayed.closed) == (final["epoch"], final["nonce"], True), seed
        batch.sessions += 1
        batch.actions += len(played.logged)
        for key in played.logged:
            batch.logged[key] = batch.logged.get(key, 0) + 1
        for code, count in played.refused.items():
            batch.refused[code] = batch.refused.get(code, 0) + count
    return batch


async def assert_batch_replays(
    system: str, players: ModuleType, batch: int, *, per_batch: int, steps: int, mechanics: set[str], refusals: set[str]
) -> None:
    """One batch of a system's replay proof: `per_batch` seeded sessions from `players` (a module with
    SEATS, setup_for and chooser_for) each replay exactly, and together they log every one of
    `mechanics`, rotate a seed and run into every one of `refusals`."""
    seeds = [f"{system}-{batch}-{n}" for n in range(per_batch)]
    played = await replay_batch(system, players.SEATS, players.setup_for, players.chooser_for, seeds=seeds, steps=steps)
    missing = {name for name in mechanics if f"{system}/{name}" not in played.logged}
    assert not missing, f"never logged: {sorted(missing)}"
    assert "session/rotate-seed" in played.logged
    assert played.refused.keys() >= refusals, played.refused
