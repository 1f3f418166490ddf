"""Field types of the wire models whose refusals carry a d e s e r t rule code.

Pydantic would refuse these values too, but as a generic `validation-failed`; the table
is better served by the rule's own name (`desert/control-out-of-range`, …). Each type
keeps its bounds in the schema (OpenAPI and GraphQL docs show them) and a before-check
that raises the rule first. Non-integers and non-strings fall through to pydantic.
"""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from pydantic import BeforeValidator, Field

from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.rules.categories import CATEGORIES, Category, is_category
from service.systems.desert.rules.tokens import BAG_SIZE, MAX_CONTROL


def _control(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= MAX_CONTROL:
        raise refuse(
            errors.CONTROL_OUT_OF_RANGE,
            f"a control value runs from 0 to {MAX_CONTROL}; {value} is outside it",
        )
    return value


def _district_type(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and not 1 <= value <= 6:
        raise refuse(
            errors.DISTRICT_TYPE_OUT_OF_RANGE, f"a district type runs from 1 to 6; {value} is outside it"
        )
    return value


def _category(value: Any) -> Any:
    if isinstance(value, str) and not is_category(value):
        shown = value if len(value) <= 40 else value[:40] + "…"
        raise refuse(
            errors.UNKNOWN_CATEGORY,
            f"{shown!r} is not a security category; use one of {', '.join(CATEGORIES)}",
        )
    return value


def _at_most_six(value: Any) -> Any:
    if isinstance(value, list) and len(value) > BAG_SIZE:
        raise refuse(
            errors.BAG_NOT_SIX,
            f"a draw holds exactly {BAG_SIZE} tokens; {len(value)} were given (remove {len(value) - BAG_SIZE})",
        )
    return value


Control = Annotated[int, Field(ge=0, le=MAX_CONTROL), BeforeValidator(_control)]
DistrictType = Annotated[int, Field(ge=1, le=6), BeforeValidator(_district_type)]
CategoryName = Annotated[Category, BeforeValidator(_category)]


_Item = TypeVar("_Item")
# A list type of at most six items whose seventh is refused by the bag rule: `AtMostSix[DesertToken]`.
AtMostSix = Annotated[list[_Item], Field(max_length=BAG_SIZE), BeforeValidator(_at_most_six)]


# Identifiers the table chooses for buildings, districts and characters.
Ident = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$")]
Label = Annotated[str, Field(min_length=1, max_length=60)]
Text = Annotated[str, Field(min_length=1, max_length=300)]
