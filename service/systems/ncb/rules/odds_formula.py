"""The exact distribution of a damage or healing formula's total.

Weapon damage and most healing are sums of plain dice and numbers (`4d6 + 3 - 1`): those are
convolved, one die at a time with a running window, so a few hundred dice cost little. Any other
formula (keep, reroll, explode, products) is walked through the roller itself, within a path limit.
Either way the total is then read as the roll reads it: below 0 counts as 0, and beyond
`MAX_TOTAL` the roll would be refused, so the odds are too.
"""

from __future__ import annotations

from fractions import Fraction

from service.dice.notation import DiceError, LimitExceeded, Limits, parse
from service.dice.notation.ast import Dice, Group, Negate, Node, Number, Sum
from service.dice.odds import OddsTooCostly
from service.dice.walk import walk
from service.errors import Problem
from service.systems.ncb.errors import DICE_TOTAL, refuse
from service.systems.ncb.rules.dice import MAX_TOTAL, roll_formula

# Convolving a term costs its dice times the totals they span: 25d100 (62,000) takes about 50 ms.
MAX_WORK = 100_000
MAX_PAIRS = 1_000_000  # totals of one term times totals of the next, when two terms are added
MAX_PATHS = 20_000  # the most paths of draws walked for any other formula

# Ways of each total, out of `ways` equally likely rolls.
_Counts = tuple[dict[int, int], int]


def total_chances(expression: str, limits: Limits) -> dict[int, Fraction]:
    """Each total the formula can roll (never below 0) and its exact chance."""
    try:
        node = parse(expression, limits)
    except LimitExceeded as exc:
        raise Problem(exc.code, str(exc), limit=exc.limit, maximum=exc.maximum) from None
    except DiceError as exc:
        raise Problem(exc.code, f"{expression!r}: {exc}") from None
    summed = _summed(node)
    if summed is None:
        raw = walk(lambda stream: roll_formula(expression, stream).total, max_paths=MAX_PATHS)
    else:
        counts, ways = summed
        raw = {total: Fraction(n, ways) for total, n in counts.items()}
    furthest = max(abs(total) for total in raw)
    if furthest > MAX_TOTAL:
        raise refuse(DICE_TOTAL, f"{expression!r} can roll {furthest}; damage and healing stay within {MAX_TOTAL}")
    out: dict[int, Fraction] = {}
    for total, p in raw.items():
        out[max(0, total)] = out.get(max(0, total), Fraction(0)) + p
    return out


def _summed(node: Node) -> _Counts | None:
    """Counts of a sum of plain dice and numbers, or None when the formula is anything else."""
    if isinstance(node, Number):
        return {node.value: 1}, 1
    if isinstance(node, Group):
        return _summed(node.inner)
    if isinstance(node, Negate):
        inner = _summed(node.operand)
        return None if inner is None else ({-t: n for t, n in inner[0].items()}, inner[1])
    if isinstance(node, Dice):
        if node.modifiers:
            return None
        return _dice(node.count, node.sides)
    if isinstance(node, Sum):
        acc = _summed(node.first)
        for op, term in node.rest:
            part = _summed(term)
            if acc is None or part is None:
                return None
            if op == "-":
                part = ({-t: n for t, n in part[0].items()}, part[1])
            acc = _add(acc, part)
        return acc
    return None


def _dice(count: int, sides: int) -> _Counts:
    work = count * (count * (sides - 1) + 1)
    if work > MAX_WORK:
        raise OddsTooCostly("dice times the totals they span", work, MAX_WORK)
    counts = [1]  # ways of each total from `low`, one die at a time
    for _ in range(count):
        window, grown = 0, []
        for i in range(len(counts) + sides - 1):
            window += counts[i] if i < len(counts) else 0
            window -= counts[i - sides] if i >= sides else 0
            grown.append(window)
        counts = grown
    return {count + i: n for i, n in enumerate(counts)}, sides**count


def _add(a: _Counts, b: _Counts) -> _Counts:
    pairs = len(a[0]) * len(b[0])
    if pairs > MAX_PAIRS:
        raise OddsTooCostly("pairs of totals added", pairs, MAX_PAIRS)
    out: dict[int, int] = {}
    for x, m in a[0].items():
        for y, n in b[0].items():
            out[x + y] = out.get(x + y, 0) + m * n
    return out, a[1] * b[1]
