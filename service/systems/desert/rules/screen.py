"""The player screen: which categories watch the character here, and how.

A screen slot holds blue control tokens (a statement is required), red bypass tokens
(a blue the character or a hacker got past) or, when nothing watches the category, an
orange free token.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal, NamedTuple

from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.rules.categories import CATEGORIES, REQUIREMENTS, Category
from service.systems.desert.state import DesertState, DistrictAt, Location, building_of, district_of, section_of
from service.systems.desert.wire.screen import DesertScreen, DesertScreenSlot

Source = Literal["district", "section"]


def district_blues(district_type: int) -> dict[str, int]:
    """A type N district puts one blue control token on each of the first N categories."""
    return {category: 1 for category in CATEGORIES[:district_type]}


def section_blues(checkboxes: Iterable[str]) -> dict[str, int]:
    """Every checked box of a building section is one blue control token in its category."""
    blues: dict[str, int] = {}
    for category in checkboxes:
        blues[category] = blues.get(category, 0) + 1
    return blues


class Slot(NamedTuple):
    """A slot of the screen as the rules read it: the wire model's (`DesertScreenSlot`) fields that say
    what lies on it, without building and validating the model (the odds of a draw need no more)."""

    category: Category
    blue: int  # blue control tokens still on it
    red: int  # red bypass tokens that replaced blue ones
    free: bool  # no control token at all: an orange free token


# A slot as the rules read it: theirs, or one of a screen's `categories` (the same fields that matter).
SlotLike = Slot | DesertScreenSlot


def screen_slots(blues: Mapping[str, int], bypassed: Mapping[str, int]) -> list[Slot]:
    """Each category's slot, in screen order; `bypassed` counts blues replaced by red bypass tokens per category."""
    slots: list[Slot] = []
    for category in CATEGORIES:
        blue = blues.get(category, 0)
        red = bypassed.get(category, 0)
        if red > blue:
            raise refuse(errors.NOTHING_TO_BYPASS, f"{category} holds {blue} blue control token(s); {red} cannot be bypassed")
        slots.append(Slot(category, blue - red, red, blue == 0))
    return slots


def screen_of(source: Source, slots: Iterable[Slot]) -> DesertScreen:
    """The screen's wire model of its slots, validated as one (`DesertScreenSlot` for each slot)."""
    categories: list[dict[str, Any]] = [
        {
            "category": s.category,
            "requirement": f"say {REQUIREMENTS[s.category]}",
            "blue": s.blue,
            "red": s.red,
            "free": s.free,
            "statement_required": s.blue > 0,
        }
        for s in slots
    ]
    required = [s["category"] for s in categories if s["statement_required"]]
    return DesertScreen.model_validate({"source": source, "categories": categories, "required_statements": required})


def player_screen(source: Source, blues: Mapping[str, int], bypassed: Mapping[str, int]) -> DesertScreen:
    """Lay out the screen; `bypassed` counts blues replaced by red bypass tokens per category."""
    return screen_of(source, screen_slots(blues, bypassed))


def laid_out_slots(district_type: int | None, checkboxes: Iterable[str] | None, bypassed: Iterable[str]) -> tuple[Source, list[Slot]]:
    """The slots of a district of this type, or else of a section with these checkboxes, and which it is."""
    if district_type is not None:
        return "district", screen_slots(district_blues(district_type), section_blues(bypassed))
    return "section", screen_slots(section_blues(checkboxes or []), section_blues(bypassed))


def laid_out(district_type: int | None, checkboxes: Iterable[str] | None, bypassed: Iterable[str]) -> DesertScreen:
    """The screen of a district of this type, or else of a section with these checkboxes."""
    return screen_of(*laid_out_slots(district_type, checkboxes, bypassed))


def slot(screen: DesertScreen, category: str) -> DesertScreenSlot:
    return next(item for item in screen.categories if item.category == category)


# -- at the table ------------------------------------------------------------------------------


def blues_at(state: DesertState, location: Location) -> tuple[Source, dict[str, int]]:
    if isinstance(location, DistrictAt):
        return "district", district_blues(district_of(state, location.district).type)
    return "section", section_blues(section_of(building_of(state, location.building), location.section).checkboxes)
