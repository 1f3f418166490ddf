"""Session handlers for changing location, random encounters and approaches.

Leaving a section or district needs its building (or district) reaction drawn first.
Entering one opens a fresh security log and a fresh reaction record for the character,
and may roll for an encounter: a building's table on each section not yet rolled for during
this stay, until an encounter took place there; a district's roll once per day.
"""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.errors import RuleViolation
from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.approaches import roll_or_pick
from service.systems.desert.encounters import building_encounter, district_encounter
from service.systems.desert.models import (
    DesertApproachAtTable,
    DesertApproachChoice,
    DesertCharacterRef,
    DesertEncounterAtTable,
    DesertEncounterResult,
    DesertLocation,
    DesertScreen,
)
from service.systems.desert.security_log import new_log
from service.systems.desert.sheets import DesertApproach
from service.systems.desert.table import (
    acting_character,
    current_location,
    fresh,
    location_key,
    new_visit,
    next_id,
    place_of,
    require_held,
    screen_for,
    section_of,
)
from service.systems.desert.table_models import DesertMoveInput, DesertMoved


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
    if params.roll_encounter and _encounter_refusal(state, found) is None:
        encounter = _roll_encounter(state, found, stream)
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


# -- encounters -----------------------------------------------------------------------------------


def _encounter_refusal(state: dict, found: dict) -> RuleViolation | None:
    """Why no encounter roll is due for the character where it is now, or None when one is."""
    location = found["location"]
    if "district" in location:
        if found["districtRolls"].get(location["district"]) == state["day"]:
            return refuse(
                errors.ENCOUNTER_ALREADY_ROLLED, f"{location['district']} had its encounter roll on day {state['day']}"
            )
        return None
    stay = found["stay"]
    if stay["encounterHappened"]:
        return refuse(
            errors.ENCOUNTER_ALREADY_HAPPENED, f"an encounter already took place in {stay['building']} during this stay"
        )
    if location["section"] in stay["rolledSections"]:
        return refuse(
            errors.ENCOUNTER_ALREADY_ROLLED, f"section {location['section']} already had its roll during this stay"
        )
    return None


def _roll_encounter(state: dict, found: dict, stream: Stream) -> dict:
    location = found["location"]
    place = place_of(state, location)
    if "district" in location:
        found["districtRolls"][location["district"]] = state["day"]
        return {"kind": "district", **district_encounter(place["type"], stream)}
    rolled = building_encounter(place["encounters"], state["timeOfDay"], stream)
    found["stay"]["rolledSections"].append(location["section"])
    found["stay"]["encounterHappened"] = rolled["happened"]
    return {"kind": "building", **rolled}


def encounter(state: dict, params: DesertCharacterRef, stream: Stream, actor: Actor) -> tuple[dict, DesertEncounterAtTable]:
    state = fresh(state)
    found = acting_character(state, params.character, actor, as_holder=False)
    location = current_location(found)
    refusal = _encounter_refusal(state, found)
    if refusal is not None:
        raise refusal
    rolled = _roll_encounter(state, found, stream)
    result = DesertEncounterAtTable(
        **rolled, character=found["id"], location_key=location_key(location), day=state["day"], now=state["timeOfDay"]
    )
    return state, result


# -- approaches -----------------------------------------------------------------------------------


def approach(state: dict, params: DesertApproachChoice, stream: Stream, actor: Actor) -> tuple[dict, DesertApproachAtTable]:
    state = fresh(state)
    found = acting_character(state, params.character, actor, as_holder=True)
    face, entry = roll_or_pick(params.pick, stream)
    details = DesertApproach(
        approach=entry["approach"],
        brand=params.brand,
        role_attitude=params.role_attitude,
        contact_type=params.contact_type,
        meeting=params.meeting,
    )
    found["approach"] = details.model_dump(mode="json", by_alias=True)
    return state, DesertApproachAtTable(face=face, **_wire(entry), character=found["id"], details=details)


def _wire(entry: dict) -> dict:
    return {"number": entry["number"], "approach": entry["approach"], "what_you_do": entry["whatYouDo"], "automatic_token": entry["automaticToken"]}
