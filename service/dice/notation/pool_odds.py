"""The exact value of a pool of independent dice after keep/drop and a success count.

A pool is groups of identical dice (`Weights`, each taken as its part: one of its outcomes, in
proportion) with how many of each. Keeps and drops leave a run of the sorted pool active, as
`term.py` ranks it; the term's value is the run's sum, or the number of its dice meeting the count.
Keeping everything adds the dice one by one; keeping the highest or lowest alone (advantage,
disadvantage) comes from the product of the dice's CDFs; counting the kept dice of identical ones
walks their ranks; any other run is icepool's pool evaluation.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

import icepool

from service.dice.notation.ast import Condition, Keep
from service.dice.notation.exact import Budget, Weights, add, power
from service.dice.odds import OddsTooCostly

Chances = dict[int, Fraction]
POOL_UNIT = 8  # the work of one step of a pool evaluation, in pairs of outcomes combined


def inside(condition: Condition) -> Callable[[int], bool]:
    low, high = condition.low, condition.high
    return lambda v: low <= v <= high


def window(keeps: list[Keep], size: int) -> tuple[int, int]:
    """The run of the ascending sorted pool that successive keeps and drops leave active."""
    lo, hi = 0, size
    for keep in keeps:
        m = min(keep.count, hi - lo)
        if keep.kind == "kh":
            lo = hi - m
        elif keep.kind == "kl":
            hi = lo + m
        elif keep.kind == "dh":
            hi -= m
        else:
            lo += m
    return lo, hi


def weights_of(chances: Chances) -> Weights:
    """Chances as integer ways over their common denominator."""
    denominator = 1
    for p in chances.values():
        denominator = math.lcm(denominator, p.denominator)
    return Weights({v: p.numerator * (denominator // p.denominator) for v, p in chances.items() if p}, denominator)


Hit = Callable[[int], bool] | None  # the count's test, or None: the term adds its dice


def value_of(hit: Hit) -> Callable[[int], int]:
    """What one die adds to the term: its face, or 1 when it meets the count (else 0)."""
    if hit is None:
        return lambda v: v
    return lambda v: 1 if hit(v) else 0


def pool_chances(groups: list[tuple[Weights, int]], keeps: list[Keep], hit: Hit, budget: Budget) -> Weights:
    """The term's value for a pool of independent dice (each group: a die and how many of it),
    each die given its part (a die of a group is one of its outcomes, in proportion)."""
    groups = [(Weights(die.counts, die.mass), m) for die, m in groups if m]
    size = sum(m for _, m in groups)
    lo, hi = window(keeps, size)
    value = value_of(hit)
    if lo == 0 and hi == size:  # everything stays: each die adds its own value
        total = Weights.point(0)
        for die, m in groups:
            total = add(total, power(die.map(value), m, budget), budget)
        return total
    if hi <= lo:
        return Weights.point(0)
    if hi - lo == 1 and (lo == 0 or hi == size):  # the highest or the lowest die alone: from the CDFs
        return _extreme(groups, highest=hi == size, value=value, budget=budget)
    distinct = sorted({v for die, _ in groups for v in die.counts})
    if len(distinct) > budget.limits.max_keep_faces:
        raise OddsTooCostly("maxKeepFaces", len(distinct), budget.limits.max_keep_faces)
    # icepool walks the faces, keeping each count of kept dice and running value: measured at about
    # eight times a convolution's pair per unit (3d400kh2: 0.8 s for 3 x 400 x 800).
    spread = (hi - lo) * max(abs(distinct[0]), abs(distinct[-1])) if hit is None else hi - lo + 1
    if len(groups) == 1 and hit is not None:  # counting kept dice: the ranks, faster here than icepool (measured)
        budget.charge(len(distinct) * size * spread * (size // 2 + 1))
        return _ranked(groups[0], lo, hi, value)
    budget.charge(POOL_UNIT * size * len(distinct) * spread)
    kept = icepool.Pool([icepool.Die(die.counts) for die, m in groups for _ in range(m)])[lo:hi]
    result = kept.sum() if hit is None else kept.keep_outcomes(hit).size()
    return Weights({int(v): int(q) for v, q in result.items()}, int(result.denominator()))


def _extreme(groups: list[tuple[Weights, int]], *, highest: bool, value: Callable[[int], int], budget: Budget) -> Weights:
    """The highest (or lowest) die of the pool: P(every die <= v) is the product of the dice's CDFs."""
    values = sorted({v for die, _ in groups for v in die.counts})
    budget.charge(len(values) * len(groups))
    order = values if highest else values[::-1]
    running = [0] * len(groups)
    out: dict[int, int] = {}
    previous = 0
    for v in order:
        below = 1  # ways every die is at most v (at least v, for the lowest), over the product of totals
        for i, (die, m) in enumerate(groups):
            running[i] += die.counts.get(v, 0)
            below *= running[i] ** m
        key = value(v)
        out[key] = out.get(key, 0) + below - previous
        previous = below
    total = 1
    for die, m in groups:
        total *= die.total**m
    return Weights({k: w for k, w in out.items() if w}, total)


def _ranked(group: tuple[Weights, int], lo: int, hi: int, value: Callable[[int], int]) -> Weights:
    """A run of `n` identical dice, sorted: the faces from the highest down, `t` dice showing each
    (C(left, t) ways of choosing them), adding the face's value for each of them the run keeps."""
    die, size = group
    first, last = size - hi, size - lo  # the kept ranks, counted from the highest die
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for face in sorted(die.counts, reverse=True):
        ways, worth = die.counts[face], value(face)
        grown: dict[tuple[int, int], int] = {}
        for (placed, running), count in states.items():
            left = size - placed
            power = 1
            for t in range(left + 1):
                kept = max(0, min(placed + t, last) - max(placed, first))
                key = (placed + t, running + kept * worth)
                grown[key] = grown.get(key, 0) + count * math.comb(left, t) * power
                power *= ways
        states = grown
    return Weights({running: count for (placed, running), count in states.items() if placed == size and count}, die.total**size)
