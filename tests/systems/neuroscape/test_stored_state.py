"""The typed state stores as the JSON the match has always stored: sessions and logs kept before it load.

`stored_states.json` holds, for seeded matches between random players (two and three players,
the rule options, a submitted card pool), a digest of the stored JSON after every action. It was
first made by the engine over plain JSON, and made again when abilities began to resolve, when
triggers began to queue for their owner's order (the matches play differently since, and the state
holds the queue), and when trojans were activated and drugs played as swift actions (the rules and
cards in play gained fields, and the players use the new moves), and when the dice of secret draws
left the state for the log (each digest then matched the earlier engine's state without `drawAudits`,
action for action): the engine must make the same states, action for action, and
each must load from its JSON and dump back to exactly it. A state stored before the order of
operations, the used abilities and the looked-at top of a deck existed still loads.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import orjson
import pytest

from service.declare import dump_state, load_state
from service.systems.neuroscape.rules.autoplay import play_match
from service.systems.neuroscape.state import NeuroscapeState

CASES = json.loads((Path(__file__).parent / "stored_states.json").read_text())


def _digest(stored: dict) -> str:
    return hashlib.sha256(orjson.dumps(stored, option=orjson.OPT_SORT_KEYS)).hexdigest()[:16]


@pytest.mark.parametrize("seed", sorted(CASES))
def test_seeded_matches_store_the_states_they_always_stored(seed: str) -> None:
    case = CASES[seed]
    digests: list[str] = []

    def observe(before: NeuroscapeState, seat: str, action: str, params: object, after: NeuroscapeState, result: dict) -> None:
        for state in ([before] if not digests else []) + [after]:
            stored = orjson.loads(orjson.dumps(dump_state(NeuroscapeState, state)))  # as the store hands it back
            assert dump_state(NeuroscapeState, load_state(NeuroscapeState, stored)) == stored
            digests.append(_digest(stored))

    _, count = play_match(seed, case["setup"], observe=observe)
    assert count == case["actions"]
    first_difference = next((i for i, (a, b) in enumerate(zip(digests, case["digests"], strict=True)) if a != b), None)
    assert first_difference is None, f"the stored state differs after action {first_difference}"


def test_a_state_stored_before_abilities_resolved_still_loads() -> None:
    from service.systems.neuroscape.rules.autoplay import STARTER_MATCH
    from service.systems.neuroscape.setup import NeuroscapeSetup, initial_state

    stored = dump_state(NeuroscapeState, initial_state(NeuroscapeSetup.model_validate(STARTER_MATCH)))
    old = {k: v for k, v in orjson.loads(orjson.dumps(stored)).items() if k not in ("operations", "usedAbilities")}
    for p in old["players"].values():
        p["deck"] = {k: v for k, v in p["deck"].items() if k != "top"}
    loaded = load_state(NeuroscapeState, old)
    assert loaded.operations is None and loaded.used_abilities == ()
    assert all(p.deck.top == () for p in loaded.players.values())
    assert dump_state(NeuroscapeState, loaded) == stored


def test_a_state_stored_with_the_dice_of_secret_draws_loads_without_them() -> None:
    from service.systems.neuroscape.rules.autoplay import STARTER_MATCH
    from service.systems.neuroscape.setup import NeuroscapeSetup, initial_state

    stored = dump_state(NeuroscapeState, initial_state(NeuroscapeSetup.model_validate(STARTER_MATCH)))
    assert "drawAudits" not in stored
    audits = {"seat-1": [{"nonce": 0, "draws": [[40, 7], [39, 2]]}], "seat-2": []}
    old = {**orjson.loads(orjson.dumps(stored)), "drawAudits": audits}  # as a match stored them before
    assert dump_state(NeuroscapeState, load_state(NeuroscapeState, old)) == stored
