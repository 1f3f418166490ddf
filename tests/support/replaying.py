"""Drive seeded random sessions in-process and replay them from their logs."""

from __future__ import annotations

from collections.abc import Callable

import orjson

from service.dice.stream import Stream
from service.registry import REGISTRY
from service.sessions.memory import MemoryStore
from service.sessions.replay import replay
from service.sessions.service import Sessions

SECRET = "replay-secret-" + "r" * 32

# (state, seats, pick) -> (seat name, mechanic key, params) or None to stop; `pick(n)` is a seeded 1..n.
Chooser = Callable[[dict, list[dict], Callable[[int], int]], "tuple[str, str, dict] | None"]


async def play_and_replay(system: str, seats: list[dict], setup: dict | None, choose: Chooser, *, seed: str, steps: int) -> tuple[dict, object]:
    """Play up to `steps` actions chosen by `choose`, close, and replay; returns (final doc, replayed)."""
    sessions = Sessions(MemoryStore(), REGISTRY, secret=SECRET, ttl_seconds=3600)
    doc, issued = await sessions.create(system, seats, f"client-{seed}", setup)
    tokens = {seat["name"]: seat["token"] for seat in issued}
    gm = next(seat["token"] for seat in issued if seat["role"] in ("gm", "player"))
    chooser_stream = Stream(seed=seed, scope="test-driver", nonce=0)
    for _ in range(steps):
        doc, _ = await sessions.read(doc["id"], gm)
        choice = choose(doc["state"], issued, chooser_stream.roll)
        if choice is None:
            break
        seat, key, params = choice
        if key == "session/rotate-seed":
            await sessions.act(doc["id"], tokens[seat], key, sessions.rotate_transition)
            continue
        mechanic = REGISTRY.mechanics[key]
        model = (mechanic.session_input or mechanic.input).model_validate_json(orjson.dumps(params))
        await sessions.act(doc["id"], tokens[seat], key, _transition(mechanic, model), params=model.model_dump(mode="json", by_alias=True))
    await sessions.act(doc["id"], gm, "session/close", sessions.close_transition)
    final, _ = await sessions.read(doc["id"], gm)
    raw = await sessions.store.log(doc["id"], 0, 1_000_000)
    entries = [orjson.loads(item) for item in raw]
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
    return final, replayed


def _transition(mechanic, params):
    def transition(doc, actor, stream):
        state, result = mechanic.apply(doc["state"], params, stream, actor)
        return {**doc, "state": state}, (result if isinstance(result, dict) else result.model_dump(mode="json", by_alias=True))

    return transition
