"""The table itself: who holds whom, new characters, buildings and districts."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.desert import SYSTEM, errors
from service.systems.desert.errors import refuse
from service.systems.desert.errors import table_full
from service.systems.desert.rules.screen import district_blues, player_screen, section_blues
from service.systems.desert.state import character, fresh, holder_of, new_character
from service.systems.desert.wire.screen import DesertScreen
from service.systems.desert.wire.sheets import check_section_numbers
from service.systems.desert.wire.table import (
    DesertAddBuildingInput,
    DesertAddCharacterInput,
    DesertAddDistrictInput,
    DesertCharacterAdded,
    DesertHeld,
    DesertHoldInput,
    DesertPlaceAdded,
)


MAX_CHARACTERS = 200


MAX_PLACES = 100  # buildings, and districts, each


def hold(state: dict, params: DesertHoldInput, stream: Stream, actor: Actor) -> tuple[dict, DesertHeld]:
    state = fresh(state)
    found = character(state, params.character)
    holder = holder_of(state, found["id"])
    if holder is not None:
        whose = "your seat" if holder == actor.seat else "another seat"
        raise refuse(errors.ALREADY_HELD, f"{found['name']} is already held by {whose}")
    released = state["held"].get(actor.seat)
    state["held"][actor.seat] = found["id"]
    return state, DesertHeld(seat=actor.seat, character=found["id"], released=released)


def add_character(state: dict, params: DesertAddCharacterInput, stream: Stream, actor: Actor) -> tuple[dict, DesertCharacterAdded]:
    state = fresh(state)
    spec = params.character.model_dump(mode="json", by_alias=True)
    if spec["id"] in state["characters"]:
        raise refuse(errors.DUPLICATE_ID, f"a character {spec['id']!r} is already at this table")
    if len(state["characters"]) >= MAX_CHARACTERS:
        raise table_full("characters", MAX_CHARACTERS)
    state["characters"][spec["id"]] = new_character(spec)
    if params.hold:
        state["held"][actor.seat] = spec["id"]
    return state, DesertCharacterAdded(character=params.character, held_by=actor.seat if params.hold else None)


def _add_place(state: dict, kind: str, spec: dict) -> None:
    shelf = state[f"{kind}s"]
    if spec["id"] in shelf:
        raise refuse(errors.DUPLICATE_ID, f"a {kind} {spec['id']!r} is already at this table")
    if len(shelf) >= MAX_PLACES:
        raise table_full(f"{kind}s", MAX_PLACES)
    shelf[spec["id"]] = spec


def add_building(state: dict, params: DesertAddBuildingInput, stream: Stream, actor: Actor) -> tuple[dict, DesertPlaceAdded]:
    check_section_numbers(params.building)
    state = fresh(state)
    spec = params.building.model_dump(mode="json", by_alias=True)
    _add_place(state, "building", spec)
    screens = [DesertScreen.model_validate(player_screen("section", section_blues(s["checkboxes"]), {})) for s in spec["sections"]]
    return state, DesertPlaceAdded(kind="building", id=spec["id"], control=spec["control"], identity=spec["identity"], screens=screens)


def add_district(state: dict, params: DesertAddDistrictInput, stream: Stream, actor: Actor) -> tuple[dict, DesertPlaceAdded]:
    state = fresh(state)
    spec = params.district.model_dump(mode="json", by_alias=True)
    _add_place(state, "district", spec)
    screens = [DesertScreen.model_validate(player_screen("district", district_blues(spec["type"]), {}))]
    return state, DesertPlaceAdded(kind="district", id=spec["id"], control=spec["control"], identity=spec["identity"], screens=screens)


SYSTEM.mechanic(
    "hold-character",
    "Hold an unheld character (your previous one becomes unheld)",
    "Every seat holds exactly one character at a time.",
    session=hold,
)

SYSTEM.mechanic(
    "add-character",
    "Bring a new character to the table",
    "",
    session=add_character,
)

SYSTEM.mechanic(
    "add-building",
    "Add a building sheet to the table",
    "",
    session=add_building,
)

SYSTEM.mechanic(
    "add-district",
    "Add a district to the table",
    "",
    session=add_district,
)
