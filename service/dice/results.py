"""Wire model of a dice roll's result: every die kept, in the per-die shape Foundry VTT uses.

The dice table answers with it, and any game whose answer carries a notation roll reuses it.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from service.model import Model


class DieResult(Model):
    result: int
    active: bool = Field(description="Counts toward the total.")
    discarded: bool = Field(description="Dropped by keep/drop, or replaced by a reroll.")
    exploded: bool = Field(description="This die triggered an explosion.")
    rerolled: bool = Field(description="This die was rerolled away.")
    success: bool | None = Field(description="Success against the threshold, when counting successes.")
    failure: bool | None = Field(description="A failure against the threshold, when counting failures (Foundry's `cf`).")


class DiceTermResult(Model):
    expression: str
    number: int
    faces: int
    modifiers: list[str]
    results: list[DieResult]
    total: int = Field(
        ge=-(2**31 - 1),
        le=2**31 - 1,
        description=(
            "Sum of the active dice, or the success (failure) count. Only Foundry's dialect goes below 0: Fate dice, "
            "`sf` (failures count as minus their result) and `ms` (the total minus a target)."
        ),
    )
    successes: int | None


class ExpressionNode(Model):
    """One node of a formula's expression tree (see `DiceRollResult.tree`)."""

    kind: Literal["number", "dice", "group", "negate", "sum", "product"]
    children: list[int] = Field(description="Indexes in `tree` of this node's operands, left to right.")
    operators: list[Literal["+", "-", "*"]] = Field(
        description="The operator between each two consecutive children (`+`/`-` in a sum, `*` in a product)."
    )
    term: int | None = Field(description="A dice node: the index of its term in `dice`.")
    number: int | None = Field(description="A number node: its value.")


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
    tree: list[ExpressionNode] = Field(
        description=(
            "The expression tree, root first (pre-order): `(2d6+3)*2` is a product of a group and 2, the group holds "
            "a sum of dice term 0 and 3. Render a roll structurally by walking it from index 0."
        )
    )
    foundry: dict[str, Any] | None = Field(
        default=None,
        description=(
            "With `format: foundry` only: the roll as Foundry VTT (v12 and v13) serializes an evaluated `Roll`, "
            "ready for `Roll.fromData` (class names, `formula` in Foundry's notation, a `terms` list of `Die`, "
            "`OperatorTerm`, `NumericTerm` and `ParentheticalTerm` data, `evaluated`, `total`). Keys Foundry "
            "leaves out are absent, not null; success-counting dice carry `count`. The audit record is the "
            "answer's `audit`."
        ),
    )
