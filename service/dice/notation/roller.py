"""`Node` + dice stream -> `RollResult`, through a `{NodeType: handler}` table.

Each handler returns `(value, text)`; dice terms also record their
`DiceTermResult` in the context, so `RollResult.dice` comes out left to right.
Every value stays within `Limits.max_value` of zero: a dice term checks its own
total, sums and products check each running value (a literal is at most
`max_number` and negation keeps the magnitude), so the total is bounded too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from service.dice.notation.ast import Dialect, Dice, Group, MappedDice, Negate, Node, Number, Product, Sum
from service.dice.notation.errors import LimitExceeded
from service.dice.notation.limits import DEFAULT_LIMITS, Limits
from service.dice.notation.parser import compile_formula
from service.dice.notation.tree import expression_tree
from service.dice.notation.result import DiceTermResult, RollResult
from service.dice.notation.term import Context, numeral, roll_mapped_term, roll_term


class DiceStream(Protocol):
    def roll(self, sides: int) -> int:
        """One die: 1..sides, each face equally likely."""


def _number(node: Number, ctx: Context) -> tuple[int, str]:
    value, bound = node.value, ctx[1].max_value
    if value > bound or value < -bound:  # nodes built by hand skip the parser's maxNumber
        raise LimitExceeded("maxValue", bound, value)
    return value, numeral(value)


def _negate(node: Negate, ctx: Context) -> tuple[int, str]:
    value, text = _NODES[type(node.operand)](node.operand, ctx)
    return -value, f"-{text}"


def _group(node: Group, ctx: Context) -> tuple[int, str]:
    value, text = _NODES[type(node.inner)](node.inner, ctx)
    return value, f"({text})"


def _sum(node: Sum, ctx: Context) -> tuple[int, str]:
    value, text = _NODES[type(node.first)](node.first, ctx)
    bound = ctx[1].max_value
    parts = [text]
    for op, operand in node.rest:
        v, text = _NODES[type(operand)](operand, ctx)
        if op == "+":
            value += v
            parts.append(" + ")
        else:
            value -= v
            parts.append(" - ")
        if value > bound or value < -bound:
            raise LimitExceeded("maxValue", bound, value)
        parts.append(text)
    return value, "".join(parts)


def _product(node: Product, ctx: Context) -> tuple[int, str]:
    value, text = _NODES[type(node.first)](node.first, ctx)
    bound = ctx[1].max_value
    parts = [text]
    for operand in node.rest:
        v, text = _NODES[type(operand)](operand, ctx)
        value *= v
        # Checked at each step, so a breach is found while the number is still small.
        if value > bound or value < -bound:
            raise LimitExceeded("maxValue", bound, value)
        parts.append(text)
    return value, " * ".join(parts)


# Each handler takes the node type it is filed under (so the table cannot say more than Any).
_NODES: dict[type, Callable[[Any, Context], tuple[int, str]]] = {
    Number: _number,
    Dice: roll_term,
    MappedDice: roll_mapped_term,
    Negate: _negate,
    Group: _group,
    Sum: _sum,
    Product: _product,
}


def evaluate(node: Node, stream: DiceStream, limits: Limits = DEFAULT_LIMITS) -> RollResult:
    """Roll an already-parsed formula; `stream` is anything with `.roll(sides) -> 1..sides`."""
    terms: list[DiceTermResult] = []
    total, text = _NODES[type(node)](node, (stream.roll, limits, terms))
    return RollResult(str(node), total, tuple(terms), f"{text} = {numeral(total)}", expression_tree(node))


def roll(expression: str, stream: DiceStream, limits: Limits = DEFAULT_LIMITS, dialect: Dialect = "default") -> RollResult:
    """`roll("4d6kh3+2", stream).text` -> e.g. `"4d6kh3 (6, 5, 4, ~~1~~) + 2 = 17"`.

    `dialect="foundry"` reads Foundry VTT's modifiers (see `service.dice.notation.parser`).
    """
    node, formula, tree = compile_formula(expression, limits, dialect)
    terms: list[DiceTermResult] = []
    total, text = _NODES[type(node)](node, (stream.roll, limits, terms))
    return RollResult(formula, total, tuple(terms), f"{text} = {numeral(total)}", tree)
