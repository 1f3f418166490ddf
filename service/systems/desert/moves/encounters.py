"""Random encounters: a district's daily roll, a building section's once a stay, until one takes place."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.desert import SYSTEM, errors
from service.systems.desert.errors import refuse
from service.errors import RuleViolation
from service.systems.desert.rules.encounters import building_encounter, district_encounter
from service.systems.desert.state import acting_character, current_location, fresh, location_key, place_of
from service.systems.desert.wire.encounters import DesertEncounterAtTable, DesertEncounterInput, DesertEncounterResult
from service.systems.desert.wire.refs import DesertCharacterRef


def resolve_encounter(params: DesertEncounterInput, stream: Stream) -> DesertEncounterResult:
    if params.district_type is not None:
        return DesertEncounterResult.model_validate({"kind": "district", **district_encounter(params.district_type, stream)})
    table = [entry.model_dump(mode="json", by_alias=True) for entry in params.table or []]
    return DesertEncounterResult.model_validate({"kind": "building", **building_encounter(table, params.time_of_day, stream)})


def encounter_refusal(state: dict, found: dict) -> RuleViolation | None:
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


def roll_encounter(state: dict, found: dict, stream: Stream) -> dict:
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
    refusal = encounter_refusal(state, found)
    if refusal is not None:
        raise refusal
    rolled = roll_encounter(state, found, stream)
    result = DesertEncounterAtTable(
        **rolled, character=found["id"], location_key=location_key(location), day=state["day"], now=state["timeOfDay"]
    )
    return state, result


SYSTEM.mechanic(
    "encounter",
    "Roll for a random encounter",
    "A district: one d6, an encounter when it shows the district type or lower (once per day in a session). "
    "A building: a d6 on its encounter table, which only takes place when the entry's time of day is now "
    "(once per section, until an encounter took place during the stay).",
    stateless=resolve_encounter, session=encounter,
)
