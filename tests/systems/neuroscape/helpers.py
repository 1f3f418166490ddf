"""Building Neuroscape matches for pure rule tests: setup shortcuts, scripted dice, direct placement.

A test holds the match as it is stored (JSON, as a session keeps it), so it can read it and set
it up by hand; `do` loads the typed state, applies one action and stores the result, as the
session's write path does, and `typed` gives the state to call a rule with directly.
"""

from __future__ import annotations

from service.declare import dump_state, load_state
from service.dice.stream import Stream
from service.systems.neuroscape.rules.actions import act
from service.systems.neuroscape.rules.autoplay import ACTION_MODELS, STARTER_MATCH
from service.systems.neuroscape.setup import NeuroscapeSetup, initial_state
from service.systems.neuroscape.state import NeuroscapeState
from support.dice import ScriptedStream


def typed(state: dict) -> NeuroscapeState:
    return load_state(NeuroscapeState, state)


def stored(state: NeuroscapeState) -> dict:
    return dump_state(NeuroscapeState, state)


# Rule tests that are not about swift checks start with them settled (`swiftChecks: settle`, the
# default before the rules text's "other players may play swift actions" became it), so walking a
# turn does not stop for the other players' passes; tests of swift checks pass their own setup.
SETTLED_MATCH = {**STARTER_MATCH, "rules": {"swiftChecks": "settle"}}


def fresh(setup: dict | None = None) -> dict:
    return stored(initial_state(NeuroscapeSetup.model_validate(setup or SETTLED_MATCH)))


def do(state: dict, seat: str, action: str, stream=None, **fields) -> tuple[dict, dict]:
    """Apply one action for `seat` (fields in the wire's camelCase or Python's snake_case)."""
    params = ACTION_MODELS[action].model_validate(fields)
    after, result = act(typed(state), action, params, stream or Stream(seed="t", scope="test", nonce=0), seat)
    return stored(after), result


def through_setup(state: dict, first: str = "seat-1") -> dict:
    """Opening hands kept, `first` wins the roll-off and goes first: the match waits at its draw."""
    for seat in list(state["players"]):
        state, _ = do(state, seat, "draw", main=state["rules"]["openingHand"])
        state, _ = do(state, seat, "mulligan", bottom=[])
    faces = [20 if seat == first else 1 for seat in state["order"]]
    state, _ = do(state, first, "roll-off", ScriptedStream(*faces))
    state, _ = do(state, first, "choose-first", goFirst=True)
    return state


def new_instance(state: dict, card_id: str, owner: str) -> dict:
    """A card entering play by hand: the next instance id."""
    number = state["nextInstance"]
    state["nextInstance"] = number + 1
    return {"id": f"c{number}", "card": card_id, "owner": owner}


def give_ram(state: dict, seat: str, count: int, status: str = "available") -> None:
    for _ in range(count):
        ram = new_instance(state, "core-ram", seat)
        ram.update(status=status, **{"for": None})
        state["players"][seat]["ram"].append(ram)


def place_character(state: dict, seat: str, card: str, **extra) -> dict:
    """Put a character straight into play (no RAM paid) and return it."""
    character = new_instance(state, card, seat)
    character.update({"running": False, "damage": 0, "gear": {}, "enteredTurn": 0, "commits": 0, **extra})
    state["players"][seat]["characters"].append(character)
    return character


def to_substage(state: dict, substage: str, *, stage: str | None = None, draw_main: bool = True) -> dict:
    """Move the active player through its turn (drawing, passing) until the match is at `substage`."""
    for _ in range(60):
        flow = state["flow"]
        if flow["substage"] == substage and stage in (None, flow["stage"]):
            return state
        seat = flow["awaiting"][0]
        if flow["substage"] == "draw":
            total = state["rules"]["firstTurnDraws"] if flow["turn"] == 1 else state["rules"]["drawsPerTurn"]
            state, _ = do(state, seat, "draw", main=total if draw_main else 0, ram=0 if draw_main else total)
        elif flow["substage"] == "attack":
            state, _ = do(state, seat, "attack", attacks=[])
        else:
            state, _ = do(state, seat, "pass")
    raise AssertionError(f"never reached {substage}")
