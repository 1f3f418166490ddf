"""Random encounters in districts and buildings."""

from __future__ import annotations

from service.systems.desert.rules.encounters import building_encounter, district_encounter
from service.systems.desert.wire.sheets import DesertEncounterEntry
from support.dice import ScriptedStream

from .examples import ENCOUNTERS as SHEET_ENCOUNTERS

ENCOUNTERS = [DesertEncounterEntry.model_validate(entry) for entry in SHEET_ENCOUNTERS]


def test_district_encounter_happens_on_the_type_or_lower() -> None:
    assert district_encounter(2, ScriptedStream(2)).happened
    assert not district_encounter(2, ScriptedStream(3)).happened
    assert district_encounter(6, ScriptedStream(6)).happened


def test_building_encounter_takes_place_only_at_its_time_of_day() -> None:
    evening = building_encounter(ENCOUNTERS, "evening", ScriptedStream(2))
    assert evening.happened and evening.encounter.startswith("a man in a flowerprint jacket")
    wrong_time = building_encounter(ENCOUNTERS, "evening", ScriptedStream(3))
    assert not wrong_time.happened and wrong_time.time_of_day == "past-midnight" and not wrong_time.time_fits
