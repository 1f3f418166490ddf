"""Moving a held character: its reaction drawn first, a fresh security log, and maybe an encounter roll."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.desert import SYSTEM, errors
from service.systems.desert.errors import refuse
from service.systems.desert.moves.encounters import encounter_refusal, roll_encounter
from service.systems.desert.rules.security_logs import new_log
from service.systems.desert.state import acting_character, fresh, location_key, new_visit, next_id, place_of, require_held, screen_for, section_of
from service.systems.desert.wire.encounters import DesertEncounterResult
from service.systems.desert.wire.movement import DesertMoved, DesertMoveInput
from service.systems.desert.wire.refs import DesertLocation
from service.systems.desert.wire.screen import DesertScreen


def move(state: dict, params: DesertMoveInput, stream: Stream, actor: Actor) -> tuple[dict, DesertMoved]:
    state = fresh(state)
    found = acting_character(state, params.character, actor, as_holder=True)
    require_held(state, found)
    to = params.to.as_state()
    place = place_of(state, to)
    if "section" in to:
        section_of(place, to["section"])
    came = found["location"]
    if came is not None:
        _may_leave(state, found, came, to)
    key = location_key(to)
    found["location"] = to
    state["reactions"][found["id"]] = {key: new_visit()}
    _open_log(state, found, to, key)
    if "district" in to:
        found["stay"] = None
    elif found["stay"] is None or found["stay"]["building"] != to["building"]:
        found["stay"] = {"building": to["building"], "rolledSections": [], "encounterHappened": False}
    encounter = None
    if params.roll_encounter and encounter_refusal(state, found) is None:
        encounter = roll_encounter(state, found, stream)
    result = DesertMoved(
        character=found["id"],
        came_from=came,
        to=DesertLocation.model_validate(to),
        location_key=key,
        security_log=found["securityLog"],
        screen=DesertScreen.model_validate(screen_for(state, found)),
        encounter=DesertEncounterResult.model_validate(encounter) if encounter is not None else None,
    )
    return state, result


def _may_leave(state: dict, found: dict, came: dict, to: dict) -> None:
    here = location_key(came)
    if here == location_key(to):
        raise refuse(errors.ALREADY_THERE, f"{found['name']} is already at {here}")
    visit = state["reactions"].get(found["id"], {}).get(here)
    if visit is None or visit["draws"] == 0:
        raise refuse(
            errors.REACTION_REQUIRED,
            f"{found['name']} cannot leave {here} before its building or district reaction has been drawn",
        )
    if visit["pending"] is not None:
        raise refuse(
            errors.CHOICE_PENDING, "choose positive or negative for the blue token drawn here before moving on"
        )


def _open_log(state: dict, found: dict, location: dict, key: str) -> None:
    log_id = next_id(state, "log")
    state["securityLogs"][log_id] = new_log(log_id, found["id"], location, key, state["day"], state["timeOfDay"])
    found["securityLog"] = log_id
    _prune_logs(state)


def _prune_logs(state: dict) -> None:
    """Drop the oldest security logs no character is still at once there are too many."""
    limit = state["rules"]["maxSecurityLogs"]
    current = {c["securityLog"] for c in state["characters"].values()}
    excess = len(state["securityLogs"]) - limit
    for log_id in [i for i in state["securityLogs"] if i not in current][: max(excess, 0)]:
        del state["securityLogs"][log_id]


SYSTEM.mechanic(
    "move",
    "Move a held character to another section or district",
    "Refused until the current location's building or district reaction has been drawn. Opens a new "
    "security log and may roll for an encounter.",
    session=move,
)
