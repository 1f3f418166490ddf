"""The shared table as session state, and the lookups every session mechanic needs.

The state is one JSON-ready dict in wire form (camelCase keys):

- `rules`, `day`, `timeOfDay`; `held`: seat id → the character that seat holds;
- `characters`: id → name, hacker flag, approach, `location` (a district, or a building
  and section, or none yet), current `securityLog`, building `stay` and `districtRolls`;
- `buildings` and `districts`: id → sheet, with the current control value and identity;
- `reactions`: character → location key → building reactions drawn during the current
  visit (for escalation and for the movement rule);
- `securityLogs`, `memoryLogs` (with consents) and `consequences`; `counters` for ids.

Handlers copy the state first (`fresh`) and edit the copy, so the given state stays intact.
"""

from __future__ import annotations

import orjson

from service.registry import Actor
from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.rules.screen import district_blues, player_screen, section_blues
from service.systems.desert.rules.security_logs import bypass_counts


def new_character(spec: dict) -> dict:
    return {**spec, "location": None, "securityLog": None, "stay": None, "districtRolls": {}}


def fresh(state: dict) -> dict:
    """A deep copy of the JSON state, to edit and return."""
    return orjson.loads(orjson.dumps(state))


def next_id(state: dict, kind: str) -> str:
    state["counters"][kind] += 1
    return f"{kind}-{state['counters'][kind]}"


# -- characters and seats ------------------------------------------------------------------


def character(state: dict, character_id: str) -> dict:
    found = state["characters"].get(character_id)
    if found is None:
        raise refuse(errors.UNKNOWN_CHARACTER, f"no character {character_id!r} at this table")
    return found


def holder_of(state: dict, character_id: str) -> str | None:
    return next((seat for seat, held in state["held"].items() if held == character_id), None)


def acting_character(state: dict, requested: str | None, actor: Actor, *, as_holder: bool) -> dict:
    """The character a request is about: the one named, else the seat's held character.

    With `as_holder`, a character held by another seat may only be played by that seat
    (when the table's `onlyHolderActs` rule is on); unheld characters are anyone's to play.
    """
    if requested is None:
        requested = state["held"].get(actor.seat)
        if requested is None:
            raise refuse(
                errors.NO_HELD_CHARACTER, "this seat holds no character: hold one, or name the character"
            )
    found = character(state, requested)
    holder = holder_of(state, requested)
    if as_holder and state["rules"]["onlyHolderActs"] and holder is not None and holder != actor.seat:
        raise refuse(
            errors.NOT_YOUR_CHARACTER, f"{found['name']} is held by another seat; only that seat plays them"
        )
    return found


def require_held(state: dict, found: dict) -> None:
    if holder_of(state, found["id"]) is None:
        raise refuse(
            errors.NOT_HELD, f"{found['name']} is not a held character; reactions are to held characters"
        )


# -- locations ------------------------------------------------------------------------------


def location_key(location: dict) -> str:
    if "district" in location:
        return f"district:{location['district']}"
    return f"building:{location['building']}:{location['section']}"


def place_of(state: dict, location: dict) -> dict:
    """The building or district a location belongs to (whose control and identity count)."""
    if "district" in location:
        found = state["districts"].get(location["district"])
        if found is None:
            raise refuse(errors.UNKNOWN_DISTRICT, f"no district {location['district']!r}")
        return found
    found = state["buildings"].get(location["building"])
    if found is None:
        raise refuse(errors.UNKNOWN_BUILDING, f"no building {location['building']!r}")
    return found


def section_of(building: dict, number: int) -> dict:
    found = next((s for s in building["sections"] if s["number"] == number), None)
    if found is None:
        numbers = ", ".join(str(s["number"]) for s in building["sections"])
        raise refuse(
            errors.UNKNOWN_SECTION, f"building {building['id']!r} has no section {number} (it has {numbers})"
        )
    return found


def blues_at(state: dict, location: dict) -> tuple[str, dict[str, int]]:
    place = place_of(state, location)
    if "district" in location:
        return "district", district_blues(place["type"])
    return "section", section_blues(section_of(place, location["section"])["checkboxes"])


def current_location(found: dict) -> dict:
    if found["location"] is None:
        raise refuse(
            errors.NOT_PLACED, f"{found['name']} is nowhere yet: move them to a section or district first"
        )
    return found["location"]


def screen_for(state: dict, found: dict) -> dict:
    """The player screen of a character's current location, with its security log's bypasses."""
    location = current_location(found)
    source, blues = blues_at(state, location)
    log = state["securityLogs"][found["securityLog"]]
    return player_screen(source, blues, bypass_counts(log))


def memory_log(state: dict, memory_id: str) -> dict:
    found = state["memoryLogs"].get(memory_id)
    if found is None:
        raise refuse(errors.UNKNOWN_MEMORY_LOG, f"no memory log {memory_id!r}")
    return found


def visit_reactions(state: dict, found: dict) -> dict:
    location = current_location(found)
    return state["reactions"].setdefault(found["id"], {}).setdefault(location_key(location), new_visit())


def new_visit() -> dict:
    return {"draws": 0, "blues": 0, "pending": None, "drawn": []}
