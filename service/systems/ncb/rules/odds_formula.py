"""The exact distribution of a damage or healing formula's total.

Weapon damage and most healing are sums of plain dice and numbers (`4d6 + 3 - 1`): those are
convolved (`service.dice.sums`), so a hundred dice cost little. Any other
formula (keep, reroll, explode, products) is walked through the roller itself, within a path limit.
Either way the total is then read as the roll reads it: below 0 counts as 0, and beyond
`MAX_TOTAL` the roll would be refused, so the odds are too.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from service.dice import sums
from service.dice.memo import shape_cache
from service.dice.notation import DiceError, LimitExceeded, Limits, parse
from service.dice.notation.ast import Dice, Group, Negate, Node, Number, Sum
from service.dice.walk import as_ways, walk
from service.errors import Problem
from service.systems.ncb.errors import DICE_TOTAL, refuse
from service.systems.ncb.rules.dice import MAX_TOTAL, roll_formula

MAX_PATHS = 5_000  # the most paths of draws walked for any other formula (4d6kh3: 1,296; about 40 µs each)


SHAPES = 256  # formulas kept by their text: a weapon's `2d6+3` is the same whoever swings it


@lru_cache(maxsize=SHAPES)
def total_chances(expression: str, limits: Limits) -> dict[int, Fraction]:
    """Each total the formula can roll (never below 0) and its exact chance (kept: callers only read it)."""
    ways, whole = total_ways(expression, limits)
    return {total: Fraction(n, whole) for total, n in ways.items()}


@lru_cache(maxsize=SHAPES)
def total_ways(expression: str, limits: Limits) -> sums.Counts:
    """The same as whole numbers of ways out of one total, for exact sums without Fractions (kept by the
    formula's text, as `total_chances`: a refusal is not kept, and is raised again)."""
    try:
        node = parse(expression, limits)
    except LimitExceeded as exc:
        raise Problem(exc.code, str(exc), limit=exc.limit, maximum=exc.maximum) from None
    except DiceError as exc:
        raise Problem(exc.code, f"{expression!r}: {exc}") from None
    summed = _summed(node)
    if summed is None:
        summed = as_ways(walk(lambda stream: roll_formula(expression, stream).total, max_paths=MAX_PATHS))
    raw, whole = summed
    furthest = max(abs(total) for total in raw)
    if furthest > MAX_TOTAL:
        raise refuse(DICE_TOTAL, f"{expression!r} can roll {furthest}; damage and healing stay within {MAX_TOTAL}")
    out: dict[int, int] = {}
    for total, n in sorted(raw.items()):
        out[max(0, total)] = out.get(max(0, total), 0) + n
    return out, whole


@shape_cache
def forget_shapes() -> None:
    total_chances.cache_clear()
    total_ways.cache_clear()


def _summed(node: Node) -> sums.Counts | None:
    """Counts of a sum of plain dice and numbers, or None when the formula is anything else."""
    if isinstance(node, Number):
        return sums.constant(node.value)
    if isinstance(node, Group):
        return _summed(node.inner)
    if isinstance(node, Negate):
        inner = _summed(node.operand)
        return None if inner is None else sums.negate(inner)
    if isinstance(node, Dice):
        if node.modifiers:
            return None
        return sums.dice(node.count, node.sides)
    if isinstance(node, Sum):
        acc = _summed(node.first)
        for op, term in node.rest:
            part = _summed(term)
            if acc is None or part is None:
                return None
            acc = sums.add(acc, sums.negate(part) if op == "-" else part)
        return acc
    return None
