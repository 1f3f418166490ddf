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
    """A district's roll once its d6 shows `face`: an encounter on the district type or lower."""
    return DesertEncounterResult(kind="district", face=face, happened=face <= district_type, encounter=None, time_of_day=None, time_fits=None)


def building_encounter(table: Sequence[DesertEncounterEntry], time_of_day: TimeOfDay, stream: Stream) -> DesertEncounterResult:
    return building_encounter_on(table, time_of_day, stream.roll(ENCOUNTER_DIE))


def building_encounter_on(table: Sequence[DesertEncounterEntry], time_of_day: TimeOfDay, face: int) -> DesertEncounterResult:
    """A building's roll once its d6 shows `face`: the entry takes place when its time of day is now."""
    entry = table[face - 1]
    fits = entry.time_of_day == time_of_day
    return DesertEncounterResult(
        kind="building", face=face, happened=fits, encounter=entry.encounter, time_of_day=entry.time_of_day, time_fits=fits
    )
