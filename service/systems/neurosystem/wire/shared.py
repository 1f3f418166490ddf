"""What several NeuroSystem wire models share: the names of things, the service limits, schema helpers."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

StatCategory = Literal["style", "training", "knowledge"]
DieStat = Literal["style", "training", "knowledge", "luck"]
Outcome = Literal["success", "success-at-cost", "failure"]
Category = Literal[
    "lightly-injured",
    "badly-injured",
    "wounded",
    "severely-wounded",
    "dying",
    "dead",
    "destroyed",
    "lightly-damaged",
    "badly-damaged",
    "wrecked",
    "severely-wrecked",
    "shutting-down",
    "shut-down",
]
Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,39}$", description="Lower-case letters, digits, `-`, `_`.")]
StateName = Annotated[str, Field(min_length=1, max_length=80)]

COUNTER_LIMIT = 1_000_000  # counters grow one an action; the bound keeps them JSON-safe
MAX_CHARACTERS = 20
MAX_NCS = 50
MAX_OPEN_CHECKS = 50

RATING_DESCRIPTION = "A die rating: `d4`, `d6`, `d8`, `d10` or `d12`; anything else is refused (`neurosystem/unknown-die-size`)."
CATEGORY_DESCRIPTION = (
    "A damage category, organic or mechanical name: lightly-injured / lightly-damaged, badly-injured / "
    "badly-damaged, wounded / wrecked, severely-wounded / severely-wrecked, dying / shutting-down, "
    "dead / shut-down, destroyed."
)

_GIVEN = {"not": {"type": "null"}}


def exactly_one(*names: str) -> dict[str, Any]:
    """JSON Schema: exactly one of these (wire-named) fields is given, and not null.

    Emitted into the OpenAPI document, so a body that matches the schema meets the rule; the
    handler still enforces it (with its own code), for GraphQL, which cannot say it.
    """
    return {
        "oneOf": [
            {"required": [name], "properties": {name: _GIVEN, **{other: {"type": "null"} for other in names if other != name}}}
            for name in names
        ]
    }


def at_most_one(first: str, second: str) -> dict[str, Any]:
    """JSON Schema: not both of these fields given (not null)."""
    return {"not": {"required": [first, second], "properties": {first: _GIVEN, second: _GIVEN}}}
