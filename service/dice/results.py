"""Wire model of a dice roll's result: every die kept, in the per-die shape Foundry VTT uses.

The dice table answers with it, and any game whose answer carries a notation roll reuses it.
"""

from __future__ import annotations

from pydantic import Field

from service.model import Model


class DieResult(Model):
    result: int
    active: bool = Field(description="Counts toward the total.")
    discarded: bool = Field(description="Dropped by keep/drop, or replaced by a reroll.")
    exploded: bool = Field(description="This die triggered an explosion.")
    rerolled: bool = Field(description="This die was rerolled away.")
    success: bool | None = Field(description="Success against the threshold, when counting successes.")


class DiceTermResult(Model):
    expression: str
    number: int
    faces: int
    modifiers: list[str]
    results: list[DieResult]
    total: int = Field(ge=0, le=2**31 - 1, description="Sum of the active dice, or the success count.")
    successes: int | None


class DiceRollResult(Model):
    formula: str = Field(description="The expression, normalized.")
    total: int = Field(
        ge=-(2**31 - 1),
        le=2**31 - 1,
        description=(
            "The expression's value. It, each dice term's total and every running sum and product on the "
            "way stay within ±2147483647 (GraphQL's Int); an expression that would leave that range is a 422 "
            "with `limit` `maxValue`."
        ),
    )
    dice: list[DiceTermResult]
    text: str = Field(description="A human-readable breakdown.")
