"""Moving a held character: its reaction drawn first, a fresh security log, and maybe an encounter roll.

Leaving a section or district needs its building (or district) reaction drawn first.
Entering one opens a fresh security log and a fresh reaction record for the character,
and may roll for an encounter: a building's table on each section not yet rolled for during
this stay, until an encounter took place there; a district's roll once per day.
"""

from __future__ import annotations

from service.dice.odds import Odds
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.desert import SYSTEM, errors
from service.systems.desert.errors import refuse
from service.systems.desert.moves.encounters import encounter_odds_here, encounter_refusal, roll_encounter
from service.systems.desert.rules.reaction_odds import no_encounter_roll
from service.systems.desert.rules.security_logs import new_log, screen_for
from service.systems.desert.state import (
    Character,
    DesertState,
    DistrictAt,
    Location,
    Stay,
    Visit,
    acting_character,
    building_of,
    location_key,
    place_of,
    require_held,
    section_of,
)
from service.systems.desert.wire.encounters import DesertEncounterResult
from service.systems.desert.wire.movement import DesertMoved, DesertMoveInput
from service.systems.desert.wire.refs import DesertLocation


def _arrived(state: DesertState, params: DesertMoveInput, actor: Actor) -> tuple[DesertState, Character, Location | None, Location, str, str]:
    """The table once the character has moved, before any encounter roll; the character there,
    where it came from, where it is, that location's key and its new security log."""
    found = acting_character(state, params.character, actor, as_holder=True)
    require_held(state, found)
    to = params.to.as_state()
    place_of(state, to)
    if not isinstance(to, DistrictAt):
        section_of(building_of(state, to.building), to.section)
    came = found.location
    if came is not None:
        _may_leave(state, found, came, to)
    key = location_key(to)
    state, log_id = state.with_next_id("log")
    stay = found.stay
    if isinstance(to, DistrictAt):
        stay = None
    elif stay is None or stay.building != to.building:
        stay = Stay(building=to.building)
    found = found.model_copy(update={"location": to, "security_log": log_id, "stay": stay})
    state = state.model_copy(update={"reactions": {**state.reactions, found.id: {key: Visit()}}})
    state = _pruned(state.with_character(found).with_security_log(new_log(log_id, found.id, to, key, state.day, state.time_of_day)))
    return state, found, came, to, key, log_id


def move(state: DesertState, params: DesertMoveInput, stream: Stream, actor: Actor) -> tuple[DesertState, DesertMoved]:
    state, found, came, to, key, log_id = _arrived(state, params, actor)
    encounter: DesertEncounterResult | None = None
    if params.roll_encounter and encounter_refusal(state, found) is None:
        state, encounter = roll_encounter(state, found, stream)
        found = state.characters[found.id]
    result = DesertMoved(
        character=found.id,
        came_from=DesertLocation.of(came) if came is not None else None,
        to=DesertLocation.of(to),
        location_key=key,
        security_log=log_id,
        screen=screen_for(state, found),
        encounter=encounter,
    )
    return state, result


def _may_leave(state: DesertState, found: Character, came: Location, to: Location) -> None:
    here = location_key(came)
    if here == location_key(to):
        raise refuse(errors.ALREADY_THERE, f"{found.name} is already at {here}")
    visit = state.reactions.get(found.id, {}).get(here)
    if visit is None or visit.draws == 0:
        raise refuse(errors.REACTION_REQUIRED, f"{found.name} cannot leave {here} before its building or district reaction has been drawn")
    if visit.pending is not None:
        raise refuse(errors.CHOICE_PENDING, "choose positive or negative for the blue token drawn here before moving on")


def _pruned(state: DesertState) -> DesertState:
    """Drop the oldest security logs no character is still at once there are too many."""
    excess = len(state.security_logs) - state.rules.max_security_logs
    if excess <= 0:
        return state
    current = {c.security_log for c in state.characters.values()}
    dropped = [log_id for log_id in state.security_logs if log_id not in current][:excess]
    kept = {log_id: log for log_id, log in state.security_logs.items() if log_id not in dropped}
    return state.model_copy(update={"security_logs": kept})


def move_odds(state: DesertState, params: DesertMoveInput, actor: Actor) -> Odds:
    """The encounter roll the move may make on arrival; certainly none when no roll is due there."""
    state, found, _, _, _, _ = _arrived(state, params, actor)
    if params.roll_encounter and encounter_refusal(state, found) is None:
        return encounter_odds_here(state, found)
    return no_encounter_roll()


SYSTEM.mechanic(
    "move",
    "Move a held character to another section or district",
    "Refused until the current location's building or district reaction has been drawn. Opens a new "
    "security log and may roll for an encounter.",
    session=move,
    session_odds=move_odds,
)
