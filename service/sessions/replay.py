"""Replay a session from its setup and action log, with its revealed seeds.

Anyone holding the log and the seeds can rebuild every state the session went through:
each logged action is applied again, with a stream at the nonce it used, and its draws
and result must come out exactly as recorded. A field a result gained after the entry was
logged (the dice results' `tree`, say) is not in the record, so only what was recorded is
compared: every recorded key must come out with the same value.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterable, Mapping
from typing import Any

import orjson

from service.dice.notation import DEFAULT_LIMITS, Limits
from service.dice.stream import Stream
from service.registry import Actor, Registry
from service.sessions.doc import Seat
from service.sessions.seeds import session_scope


class ReplayMismatch(Exception):
    """A logged action did not come out the same way when applied again."""


@dataclass(slots=True)
class Replayed:
    state: dict[str, Any]
    epoch: int
    nonce: int
    closed: bool
    actions: int


def replay(
    registry: Registry,
    *,
    session_id: str,
    system: str,
    setup: Any,
    seats: Iterable[Seat | Mapping[str, str]],
    client_seed: str,
    seeds: dict[int, str],
    entries: list[dict[str, Any]],
    limits: Limits = DEFAULT_LIMITS,
) -> Replayed:
    """`seats` are the session's (`SessionDoc.seats`, or their stored objects); `limits` is the roll
    budget the session was played under (the app's; by default the service's)."""
    sys = registry.systems[system]
    setup_model = sys.setup.model_validate_json(orjson.dumps(setup)) if sys.setup is not None else None
    actors = {seat.id: Actor(seat=seat.id, name=seat.name, role=seat.role) for seat in map(Seat.of, seats)}
    state = sys.start(setup_model, list(actors.values()))
    epoch, nonce, closed = 0, 0, False
    for entry in entries:
        action = entry["action"]
        if action == "session/close":
            closed = True
            continue
        if action == "session/rotate-seed":
            epoch += 1
            continue
        mechanic = registry.mechanics[action]
        if mechanic.apply is None:  # a read, logged before reads were kept out of the log: it changed nothing
            continue
        model = mechanic.session_input or mechanic.input
        params = model.model_validate_json(orjson.dumps(entry["input"]))
        stream = Stream(
            seed=seeds[epoch], scope=session_scope(session_id, epoch), nonce=nonce, client_seed=client_seed, limits=limits
        )
        state, result = mechanic.apply(state, params, stream, actors[entry["seat"]])
        wire = result if isinstance(result, dict) else result.model_dump(mode="json", by_alias=True)
        draws = [{"sides": d.sides, "face": d.face} for d in stream.draws]
        recorded = (entry.get("audit") or {}).get("draws", [])
        if draws != recorded:
            raise ReplayMismatch(f"entry {entry['seq']} ({action}): draws differ")
        if wire != entry["result"] and not _recorded_in(entry["result"], wire):
            logged = entry["result"] if isinstance(entry["result"], dict) else {}
            fields = sorted(k for k in {*wire, *logged} if wire.get(k) != logged.get(k))
            raise ReplayMismatch(f"entry {entry['seq']} ({action}): result differs in {', '.join(fields) or 'shape'}")
        nonce += 1 if draws else 0
    return Replayed(state=state, epoch=epoch, nonce=nonce, closed=closed, actions=len(entries))


def _recorded_in(logged: Any, wire: Any) -> bool:
    """Whether every value of the logged result comes out the same in `wire` (which may hold more keys)."""
    if isinstance(logged, dict):
        return isinstance(wire, dict) and all(k in wire and _recorded_in(v, wire[k]) for k, v in logged.items())
    if isinstance(logged, list):
        return isinstance(wire, list) and len(logged) == len(wire) and all(map(_recorded_in, logged, wire))
    return bool(logged == wire)
