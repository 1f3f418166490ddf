"""The player screen: which categories watch the character here, and how.

A screen slot holds blue control tokens (a statement is required), red bypass tokens
(a blue the character or a hacker got past) or, when nothing watches the category, an
orange free token.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.rules.categories import CATEGORIES, REQUIREMENTS
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


def player_screen(source: Source, blues: Mapping[str, int], bypassed: Mapping[str, int]) -> DesertScreen:
    """Lay out the screen; `bypassed` counts blues replaced by red bypass tokens per category."""
    slots: list[dict[str, Any]] = []
    for category in CATEGORIES:
        blue = blues.get(category, 0)
        red = bypassed.get(category, 0)
        if red > blue:
            raise refuse(errors.NOTHING_TO_BYPASS, f"{category} holds {blue} blue control token(s); {red} cannot be bypassed")
        slots.append(
            {
                "category": category,
                "requirement": f"say {REQUIREMENTS[category]}",
                "blue": blue - red,
                "red": red,
                "free": blue == 0,
                "statement_required": blue - red > 0,
            }
        )
    # Validated as one (`DesertScreenSlot` for each slot): one call instead of one per model.
    required = [s["category"] for s in slots if s["statement_required"]]
    return DesertScreen.model_validate({"source": source, "categories": slots, "required_statements": required})


def laid_out(district_type: int | None, checkboxes: Iterable[str] | None, bypassed: Iterable[str]) -> DesertScreen:
    """The screen of a district of this type, or else of a section with these checkboxes."""
    if district_type is not None:
        return player_screen("district", district_blues(district_type), section_blues(bypassed))
    return player_screen("section", section_blues(checkboxes or []), section_blues(bypassed))


def slot(screen: DesertScreen, category: str) -> DesertScreenSlot:
    return next(item for item in screen.categories if item.category == category)


# -- at the table ------------------------------------------------------------------------------


def blues_at(state: DesertState, location: Location) -> tuple[Source, dict[str, int]]:
    if isinstance(location, DistrictAt):
        return "district", district_blues(district_of(state, location.district).type)
    return "section", section_blues(section_of(building_of(state, location.building), location.section).checkboxes)
