"""The table itself: who holds whom, new characters, buildings and districts."""

from __future__ import annotations

from collections.abc import Mapping

from service.registry import Actor
from service.systems.desert import SYSTEM, errors
from service.systems.desert.errors import refuse, table_full
from service.systems.desert.rules.screen import district_blues, player_screen, section_blues
from service.systems.desert.state import DesertState, Place, character, holder_of, new_character
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


def hold(state: DesertState, params: DesertHoldInput, actor: Actor) -> tuple[DesertState, DesertHeld]:
    found = character(state, params.character)
    holder = holder_of(state, found.id)
    if holder is not None:
        whose = "your seat" if holder == actor.seat else "another seat"
        raise refuse(errors.ALREADY_HELD, f"{found.name} is already held by {whose}")
    released = state.held.get(actor.seat)
    return state.with_held(actor.seat, found.id), DesertHeld(seat=actor.seat, character=found.id, released=released)


def add_character(state: DesertState, params: DesertAddCharacterInput, actor: Actor) -> tuple[DesertState, DesertCharacterAdded]:
    spec = params.character
    if spec.id in state.characters:
        raise refuse(errors.DUPLICATE_ID, f"a character {spec.id!r} is already at this table")
    if len(state.characters) >= MAX_CHARACTERS:
        raise table_full("characters", MAX_CHARACTERS)
    state = state.with_character(new_character(spec))
    if params.hold:
        state = state.with_held(actor.seat, spec.id)
    return state, DesertCharacterAdded(character=spec, held_by=actor.seat if params.hold else None)


def _added(state: DesertState, kind: str, shelf: Mapping[str, Place], place: Place) -> DesertState:
    if place.id in shelf:
        raise refuse(errors.DUPLICATE_ID, f"a {kind} {place.id!r} is already at this table")
    if len(shelf) >= MAX_PLACES:
        raise table_full(f"{kind}s", MAX_PLACES)
    return state.with_place(place)


def add_building(state: DesertState, params: DesertAddBuildingInput, actor: Actor) -> tuple[DesertState, DesertPlaceAdded]:
    building = params.building
    check_section_numbers(building)
    state = _added(state, "building", state.buildings, building)
    screens = [player_screen("section", section_blues(s.checkboxes), {}) for s in building.sections]
    return state, DesertPlaceAdded(kind="building", id=building.id, control=building.control, identity=building.identity, screens=screens)


def add_district(state: DesertState, params: DesertAddDistrictInput, actor: Actor) -> tuple[DesertState, DesertPlaceAdded]:
    district = params.district
    state = _added(state, "district", state.districts, district)
    screens = [player_screen("district", district_blues(district.type), {})]
    return state, DesertPlaceAdded(kind="district", id=district.id, control=district.control, identity=district.identity, screens=screens)


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
