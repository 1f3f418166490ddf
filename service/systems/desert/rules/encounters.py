"""Random encounters: a district's daily d6 against its type, a building's d6 table.

A building entry only takes place when its time of day is the table's current one; a
miss means the next section entered rolls again.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.dice.stream import Stream


def district_encounter(district_type: int, stream: Stream) -> dict:
    face = stream.roll(6)
    return {"face": face, "happened": face <= district_type, "encounter": None, "timeOfDay": None, "timeFits": None}


def building_encounter(table: Sequence[dict], time_of_day: str, stream: Stream) -> dict:
    face = stream.roll(6)
    entry = table[face - 1]
    fits = entry["timeOfDay"] == time_of_day
    return {
        "face": face,
        "happened": fits,
        "encounter": entry["encounter"],
        "timeOfDay": entry["timeOfDay"],
        "timeFits": fits,
    }
