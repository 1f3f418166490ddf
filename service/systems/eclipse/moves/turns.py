"""The running combat's turns: the next action turn, delaying, finishing a character's actions, ending it."""

from __future__ import annotations

from service.registry import Actor
from service.systems.eclipse import SYSTEM, errors
from service.systems.eclipse.moves.common import fresh_turn, slot_from, slot_stored, turn_state
from service.systems.eclipse.rules.initiative import delay as delay_slot
from service.systems.eclipse.rules.turn_order import check_turn, has_finished
from service.systems.eclipse.state import character, control, editable, in_order, running_combat
from service.systems.eclipse.wire.combat import EclipseTurnState
from service.systems.eclipse.wire.turns import (
    EclipseDelayInSession,
    EclipseEndCombat,
    EclipseEndCombatResult,
    EclipseFinishActions,
    EclipseNextTurn,
)


def next_turn(state: dict, params: EclipseNextTurn, actor: Actor) -> tuple[dict, EclipseTurnState]:
    new = editable(state)
    combat = running_combat(new)
    if params.expected_turn is not None and params.expected_turn != combat["turn"]:
        raise errors.refuse(errors.NOT_IN_COMBAT, f"the combat is at turn {combat['turn']}, not {params.expected_turn}")
    # Delayed counts are already the characters' counts; the order carries into the next turn.
    new["combat"] = fresh_turn(combat["turn"] + 1, combat["order"], list(combat["loseNext"]))
    return new, turn_state(new)


def end_combat(state: dict, params: EclipseEndCombat, actor: Actor) -> tuple[dict, EclipseEndCombatResult]:
    new = editable(state)
    combat = running_combat(new)
    new["combat"] = None
    return new, EclipseEndCombatResult(ended=True, turns=combat["turn"])


def delay(state: dict, params: EclipseDelayInSession, actor: Actor) -> tuple[dict, EclipseTurnState]:
    new = editable(state)
    combat = running_combat(new)
    char = character(new, params.character)
    control(actor, char)
    in_order(combat, char["id"])
    slots = [slot_from(s) for s in combat["order"]]
    current = next(s for s in slots if s.key == char["id"])
    if params.count >= current.count:
        raise errors.refuse(
            errors.DELAY_COUNT, f"{char['id']} acts at {current.count}; delaying means a lower count, not {params.count}"
        )
    combat["order"] = [slot_stored(s) for s in delay_slot(slots, char["id"], params.count)]
    return new, turn_state(new)


def finish_actions(state: dict, params: EclipseFinishActions, actor: Actor) -> tuple[dict, EclipseTurnState]:
    new = editable(state)
    combat = running_combat(new)
    char = character(new, params.character)
    control(actor, char)
    in_order(combat, char["id"])
    if has_finished(combat, char["id"]):
        raise errors.refuse(errors.OUT_OF_TURN, f"{char['id']} has already finished its actions this action turn")
    check_turn(combat, new["characters"], char["id"], gm=actor.role == "gm")
    combat.setdefault("finished", []).append(char["id"])
    return new, turn_state(new)


SYSTEM.mechanic(
    "next-turn",
    "Start the next action turn of the running combat",
    "Everyone's actions renew; a character that lost its next action to a critical failure sits this turn out.",
    session=next_turn,
)
SYSTEM.mechanic(
    "delay",
    "Delay a character to a later Initiative count",
    "The character acts after everyone at or above the new count, and keeps that count for later turns.",
    session=delay,
)
SYSTEM.mechanic(
    "finish-actions",
    "End a character's actions for this action turn; the next character in initiative order acts",
    "Only on the character's own turn (the GM's seat may finish anyone). A character whose actions fill the turn "
    "finishes by itself. When everyone has finished, the next action turn must be started.",
    session=finish_actions,
)
SYSTEM.mechanic(
    "end-combat",
    "End the running combat",
    "Clears the initiative order and the action turns.",
    session=end_combat,
)
