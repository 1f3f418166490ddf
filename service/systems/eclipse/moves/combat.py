"""Initiative and the action turn: stateless, and in a session where they start and run a combat."""

from __future__ import annotations

from service.dice.odds import Odds
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.eclipse import SYSTEM, errors
from service.systems.eclipse.moves.common import fresh_turn, slot_wire, turn_action, turn_state
from service.systems.eclipse.rules.actions import fits
from service.systems.eclipse.rules.character import require_able
from service.systems.eclipse.rules.initiative import Combatant, roll_initiative
from service.systems.eclipse.rules.odds_initiative import initiative_odds
from service.systems.eclipse.rules.turn_order import count_action
from service.systems.eclipse.state import Character, EclipseState, control, in_order
from service.systems.eclipse.wire.combat import (
    EclipseActionRecord,
    EclipseActionTurnInput,
    EclipseActionTurnResult,
    EclipseInitiativeInSession,
    EclipseInitiativeInput,
    EclipseInitiativeResult,
    EclipseTakeActionInSession,
    EclipseTakeActionResult,
    EclipseTurnState,
)


def initiative(params: EclipseInitiativeInput, stream: Stream) -> EclipseInitiativeResult:
    combatants = [Combatant(str(i), c.initiative, c.ref) for i, c in enumerate(params.combatants)]
    slots = roll_initiative(stream, combatants, ties=params.rules.initiative_ties)
    names = {str(i): c.name for i, c in enumerate(params.combatants)}
    return EclipseInitiativeResult(order=[slot_wire(s, names[s.key]) for s in slots])


def initiative_odds_of(params: EclipseInitiativeInput) -> Odds:
    combatants = [Combatant(str(i), c.initiative, c.ref) for i, c in enumerate(params.combatants)]
    names = _distinct_names([c.name for c in params.combatants])
    return initiative_odds(combatants, names, params.rules.initiative_ties)


def _distinct_names(names: list[str]) -> list[str]:
    """Each combatant's name, numbered (`name#2`) where a name repeats, so each names one outcome."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return out


def take_action(params: EclipseActionTurnInput) -> EclipseActionTurnResult:
    pattern = fits([(a.kind, a.nature) for a in params.actions], params.extras)
    if pattern is None:
        return EclipseActionTurnResult(
            legal=False,
            reason=(
                "a turn holds 1 complex + 1 quick, 1 task + 1 quick, or 3 quick actions "
                "(each extra action: 1 complex or 2 quick of its kind)"
            ),
        )
    return EclipseActionTurnResult(legal=True, pattern=pattern, reason="fits")


def initiative_in_session(
    state: EclipseState, params: EclipseInitiativeInSession, stream: Stream, actor: Actor
) -> tuple[EclipseState, EclipseTurnState]:
    chosen = _fighters(state, params)
    if actor.role != "gm":
        # Players may start a fight among their own characters; anyone else's roll is the GM's.
        for char in chosen:
            control(actor, char)
    combatants = [Combatant(c.id, c.initiative, c.aptitudes["ref"]) for c in chosen]
    slots = roll_initiative(stream, combatants, ties=state.rules.initiative_ties)
    new = state.with_combat(fresh_turn(1, [slot_wire(s, s.key) for s in slots], ()))
    return new, turn_state(new)


def _fighters(state: EclipseState, params: EclipseInitiativeInSession) -> list[Character]:
    """Who rolls initiative: those named (each able to act), or every character able to act."""
    if params.characters is None:
        chosen = [c for c in state.characters.values() if c.condition == "active"]
    else:
        if len(set(params.characters)) != len(params.characters):
            raise errors.refuse(errors.DUPLICATE_ENTRY, "a character is listed twice")
        chosen = [state.character(cid) for cid in params.characters]
        for char in chosen:
            require_able(char)
    if not chosen:
        raise errors.refuse(errors.NOT_IN_COMBAT, "nobody able to act is at the table")
    return chosen


def initiative_session_odds(state: EclipseState, params: EclipseInitiativeInSession, actor: Actor) -> Odds:
    chosen = _fighters(state, params)
    combatants = [Combatant(c.id, c.initiative, c.aptitudes["ref"]) for c in chosen]
    return initiative_odds(combatants, [c.id for c in chosen], state.rules.initiative_ties)


def take_action_in_session(
    state: EclipseState, params: EclipseTakeActionInSession, actor: Actor
) -> tuple[EclipseState, EclipseTakeActionResult]:
    combat = state.running_combat()
    char = state.character(params.character)
    control(actor, char)
    require_able(char)
    in_order(combat, char.id)
    record = EclipseActionRecord(kind=params.kind, nature=params.nature, label=params.label)
    counted, pattern = count_action(combat, state.characters, char.id, record, gm=actor.role == "gm")
    return state.with_combat(counted), turn_action(counted, char.id, pattern)


SYSTEM.mechanic(
    "initiative",
    "Roll initiative: 1d6 + Initiative, highest first, ties by REF then roll-off",
    "Each combatant rolls 1d6 and adds its Initiative. Ties break by REF and then d100 roll-offs, or are shared "
    "(configurable). In a session this starts a combat at action turn 1 with that order.",
    stateless=initiative,
    session=initiative_in_session,
    odds=initiative_odds_of,
    session_odds=initiative_session_odds,
)
SYSTEM.mechanic(
    "take-action",
    "Check actions against the action turn: 1 complex + 1 quick, 1 task + 1 quick, or 3 quick",
    "Stateless: says whether a whole turn's actions fit (extra actions from pools or criticals cover one complex "
    "or two quick actions of their kind). In a session: records one action of a character in the running combat "
    "and refuses one that does not fit (session attacks and hacks are counted the same way). While initiative order exists, only the character whose turn it is may act "
    "(409 `eclipse/out-of-turn` otherwise; the GM's seat may act for anyone): those who took the initiative go first, "
    "then by count; a character's turn ends when no further action fits or it calls `finish-actions`. Without "
    "initiative rolled, turn order is not enforced.",
    stateless=take_action,
    session=take_action_in_session,
)
