"""Random encounters: a district's daily roll, a building section's once a stay, until one takes place."""

from __future__ import annotations

from service.dice.odds import Odds
from service.dice.stream import Stream
from service.errors import RuleViolation
from service.registry import Actor
from service.systems.desert import SYSTEM, errors
from service.systems.desert.errors import refuse
from service.systems.desert.rules.encounters import building_encounter, district_encounter
from service.systems.desert.rules.reaction_odds import building_encounter_odds, district_encounter_odds
from service.systems.desert.state import (
    Character,
    DesertState,
    DistrictAt,
    acting_character,
    building_of,
    current_location,
    district_of,
    location_key,
)
from service.systems.desert.wire.encounters import DesertEncounterAtTable, DesertEncounterInput, DesertEncounterResult
from service.systems.desert.wire.refs import DesertCharacterRef


def resolve_encounter(params: DesertEncounterInput, stream: Stream) -> DesertEncounterResult:
    if params.district_type is not None:
        return district_encounter(params.district_type, stream)
    return building_encounter(params.table or [], params.time_of_day, stream)


def encounter_refusal(state: DesertState, found: Character) -> RuleViolation | None:
    """Why no encounter roll is due for the character where it is now, or None when one is."""
    location = current_location(found)
    if isinstance(location, DistrictAt):
        if found.district_rolls.get(location.district) == state.day:
            return refuse(errors.ENCOUNTER_ALREADY_ROLLED, f"{location.district} had its encounter roll on day {state.day}")
        return None
    stay = found.stay
    assert stay is not None, "a character in a building is staying there"
    if stay.encounter_happened:
        return refuse(errors.ENCOUNTER_ALREADY_HAPPENED, f"an encounter already took place in {stay.building} during this stay")
    if location.section in stay.rolled_sections:
        return refuse(errors.ENCOUNTER_ALREADY_ROLLED, f"section {location.section} already had its roll during this stay")
    return None


def roll_encounter(state: DesertState, found: Character, stream: Stream) -> tuple[DesertState, DesertEncounterResult]:
    """Roll where the character is now, and note the roll (the district's day, the section of the stay)."""
    location = current_location(found)
    if isinstance(location, DistrictAt):
        rolls = {**found.district_rolls, location.district: state.day}
        rolled = district_encounter(district_of(state, location.district).type, stream)
        return state.with_character(found.model_copy(update={"district_rolls": rolls})), rolled
    rolled = building_encounter(building_of(state, location.building).encounters, state.time_of_day, stream)
    assert found.stay is not None, "a character in a building is staying there"
    stay = found.stay.model_copy(
        update={"rolled_sections": (*found.stay.rolled_sections, location.section), "encounter_happened": rolled.happened}
    )
    return state.with_character(found.model_copy(update={"stay": stay})), rolled


def encounter(state: DesertState, params: DesertCharacterRef, stream: Stream, actor: Actor) -> tuple[DesertState, DesertEncounterAtTable]:
    found = acting_character(state, params.character, actor, as_holder=False)
    location = current_location(found)
    refusal = encounter_refusal(state, found)
    if refusal is not None:
        raise refusal
    state, rolled = roll_encounter(state, found, stream)
    result = DesertEncounterAtTable(
        **dict(rolled), character=found.id, location_key=location_key(location), day=state.day, now=state.time_of_day
    )
    return state, result


# -- odds: the same inputs, nothing rolled --------------------------------------------------------


def encounter_odds(params: DesertEncounterInput) -> Odds:
    if params.district_type is not None:
        return district_encounter_odds(params.district_type)
    return building_encounter_odds(params.table or [], params.time_of_day)


def encounter_odds_here(state: DesertState, found: Character) -> Odds:
    """The odds of the roll `roll_encounter` would make for the character where it is now."""
    location = current_location(found)
    if isinstance(location, DistrictAt):
        return district_encounter_odds(district_of(state, location.district).type)
    return building_encounter_odds(building_of(state, location.building).encounters, state.time_of_day)


def encounter_odds_at_table(state: DesertState, params: DesertCharacterRef, actor: Actor) -> Odds:
    found = acting_character(state, params.character, actor, as_holder=False)
    refusal = encounter_refusal(state, found)
    if refusal is not None:
        raise refusal
    return encounter_odds_here(state, found)


SYSTEM.mechanic(
    "encounter",
    "Roll for a random encounter",
    "A district: one d6, an encounter when it shows the district type or lower (once per day in a session). "
    "A building: a d6 on its encounter table, which only takes place when the entry's time of day is now "
    "(once per section, until an encounter took place during the stay).",
    stateless=resolve_encounter, session=encounter,
    odds=encounter_odds, session_odds=encounter_odds_at_table,
)
