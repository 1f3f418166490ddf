"""The running combat's turns: the next action turn, delaying, finishing a character's actions, ending it."""

from __future__ import annotations

from service.registry import Actor
from service.systems.eclipse import SYSTEM, errors
from service.systems.eclipse.moves.common import fresh_turn, slot_from, slot_wire, turn_state
from service.systems.eclipse.rules.initiative import delay as delay_slot
from service.systems.eclipse.rules.turn_order import check_turn, has_finished
from service.systems.eclipse.state import EclipseState, control, in_order
from service.systems.eclipse.wire.combat import EclipseTurnState
from service.systems.eclipse.wire.turns import (
    EclipseDelayInSession,
    EclipseEndCombat,
    EclipseEndCombatResult,
    EclipseFinishActions,
    EclipseNextTurn,
)


def next_turn(state: EclipseState, params: EclipseNextTurn, actor: Actor) -> tuple[EclipseState, EclipseTurnState]:
    combat = state.running_combat()
    if params.expected_turn is not None and params.expected_turn != combat.turn:
        raise errors.refuse(errors.NOT_IN_COMBAT, f"the combat is at turn {combat.turn}, not {params.expected_turn}")
    # Delayed counts are already the characters' counts; the order carries into the next turn.
    new = state.with_combat(fresh_turn(combat.turn + 1, combat.order, combat.lose_next))
    return new, turn_state(new)


def end_combat(state: EclipseState, params: EclipseEndCombat, actor: Actor) -> tuple[EclipseState, EclipseEndCombatResult]:
    combat = state.running_combat()
    return state.with_combat(None), EclipseEndCombatResult(ended=True, turns=combat.turn)


def delay(state: EclipseState, params: EclipseDelayInSession, actor: Actor) -> tuple[EclipseState, EclipseTurnState]:
    combat = state.running_combat()
    char = state.character(params.character)
    control(actor, char)
    in_order(combat, char.id)
    slots = [slot_from(s) for s in combat.order]
    current = next(s for s in slots if s.key == char.id)
    if params.count >= current.count:
        raise errors.refuse(errors.DELAY_COUNT, f"{char.id} acts at {current.count}; delaying means a lower count, not {params.count}")
    order = tuple(slot_wire(s, s.key) for s in delay_slot(slots, char.id, params.count))
    new = state.with_combat(combat.model_copy(update={"order": order}))
    return new, turn_state(new)


def finish_actions(state: EclipseState, params: EclipseFinishActions, actor: Actor) -> tuple[EclipseState, EclipseTurnState]:
    combat = state.running_combat()
    char = state.character(params.character)
    control(actor, char)
    in_order(combat, char.id)
    if has_finished(combat, char.id):
        raise errors.refuse(errors.OUT_OF_TURN, f"{char.id} has already finished its actions this action turn")
    check_turn(combat, state.characters, char.id, gm=actor.role == "gm")
    new = state.with_combat(combat.model_copy(update={"finished": (*combat.finished, char.id)}))
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
