"""The player screen: which categories watch the character here, and how.

A screen slot holds blue control tokens (a statement is required), red bypass tokens
(a blue the character or a hacker got past) or, when nothing watches the category, an
orange free token. Screens are JSON-ready dicts in wire form, like the session state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.rules.categories import CATEGORIES, REQUIREMENTS


def district_blues(district_type: int) -> dict[str, int]:
    """A type N district puts one blue control token on each of the first N categories."""
    return {category: 1 for category in CATEGORIES[:district_type]}


def section_blues(checkboxes: Iterable[str]) -> dict[str, int]:
    """Every checked box of a building section is one blue control token in its category."""
    blues: dict[str, int] = {}
    for category in checkboxes:
        blues[category] = blues.get(category, 0) + 1
    return blues


def player_screen(source: str, blues: Mapping[str, int], bypassed: Mapping[str, int]) -> dict:
    """Lay out the screen; `bypassed` counts blues replaced by red bypass tokens per category."""
    slots = []
    for category in CATEGORIES:
        blue = blues.get(category, 0)
        red = bypassed.get(category, 0)
        if red > blue:
            raise refuse(
                errors.NOTHING_TO_BYPASS,
                f"{category} holds {blue} blue control token(s); {red} cannot be bypassed",
            )
        slots.append(
            {
                "category": category,
                "requirement": f"say {REQUIREMENTS[category]}",
                "blue": blue - red,
                "red": red,
                "free": blue == 0,
                "statementRequired": blue - red > 0,
            }
        )
    return {
        "source": source,
        "categories": slots,
        "requiredStatements": [slot["category"] for slot in slots if slot["statementRequired"]],
    }


def slot(screen: dict, category: str) -> dict:
    return next(item for item in screen["categories"] if item["category"] == category)
