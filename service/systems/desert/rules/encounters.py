"""Random encounters: a district's daily d6 against its type, a building's d6 table.

A building entry only takes place when its time of day is the table's current one; a
miss means the next section entered rolls again.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.dice.stream import Stream
from service.systems.desert.rules.clock import TimeOfDay
from service.systems.desert.wire.encounters import DesertEncounterResult
from service.systems.desert.wire.sheets import DesertEncounterEntry


ENCOUNTER_DIE = 6


def district_encounter(district_type: int, stream: Stream) -> DesertEncounterResult:
    return district_encounter_on(district_type, stream.roll(ENCOUNTER_DIE))


def district_encounter_on(district_type: int, face: int) -> DesertEncounterResult:
    """A district's roll once its d6 shows `face` (`district_encounter_happens`)."""
    happened = district_encounter_happens(district_type, face)
    return DesertEncounterResult(kind="district", face=face, happened=happened, encounter=None, time_of_day=None, time_fits=None)


def district_encounter_happens(district_type: int, face: int) -> bool:
    """Whether a district's d6 showing `face` brings an encounter: on the district type or lower. What
    `district_encounter_on` reports, and what its odds read for each face without building the result."""
    return face <= district_type


def building_encounter(table: Sequence[DesertEncounterEntry], time_of_day: TimeOfDay, stream: Stream) -> DesertEncounterResult:
    return building_encounter_on(table, time_of_day, stream.roll(ENCOUNTER_DIE))


def building_encounter_on(table: Sequence[DesertEncounterEntry], time_of_day: TimeOfDay, face: int) -> DesertEncounterResult:
    """A building's roll once its d6 shows `face` (`building_entry_on`)."""
    entry, fits = building_entry_on(table, time_of_day, face)
    return DesertEncounterResult(
        kind="building", face=face, happened=fits, encounter=entry.encounter, time_of_day=entry.time_of_day, time_fits=fits
    )


def building_entry_on(table: Sequence[DesertEncounterEntry], time_of_day: TimeOfDay, face: int) -> tuple[DesertEncounterEntry, bool]:
    """The entry a building's d6 picks when it shows `face`, and whether it takes place: when its time of
    day is now. What `building_encounter_on` reports, and what its odds read for each face without
    building the result."""
    entry = table[face - 1]
    return entry, entry.time_of_day == time_of_day
