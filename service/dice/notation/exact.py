"""Exact weights of dice outcomes, as the roller draws them, and the budget that bounds the work.

A `Weights` is a sub-distribution in integers: `counts[value]` ways out of `total`; the ways
sum to at most `total`, the rest being the rolls the roller refuses (a chain past
`maxExplosions`, a value past `maxValue`). Independent parts combine by convolution, which
charges the budget before it runs: a request that would cost too much is refused before the
work, never after a hang.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field

from service.dice.odds import OddsTooCostly


@dataclass(frozen=True, slots=True)
class OddsLimits:
    """The bounds of one exact odds computation; passing one raises `OddsTooCostly` naming it.

    Measured with bench/odds.py (2 cores, load about 1, 2026-12-01): a refusal at `maxWork` comes
    within a tenth of a second; typical expressions (`1d20+5`, `2d20kh1+7`, `10d10>=8`) take about
    0.03 ms of the request once their terms' shapes are known (the first `4d6kh3` of a process about
    0.25 ms), `3d6!` about 1.6 ms.
    """

    max_outcomes: int = 5000  # [maxOutcomes] distinct values of any distribution on the way
    max_work: int = 2_000_000  # [maxWork] pairs of outcomes combined (convolutions, pool evaluations)
    max_keep_faces: int = 400  # [maxKeepFaces] distinct faces in a pool that keeps or drops dice
    max_stages: int = 1  # [maxRerollStages] reroll modifiers on one dice term


DEFAULT_ODDS_LIMITS = OddsLimits()


@dataclass(slots=True)
class Budget:
    """The work spent so far on one request."""

    limits: OddsLimits = DEFAULT_ODDS_LIMITS
    spent: int = 0

    def charge(self, work: int) -> None:
        self.spent += work
        if self.spent > self.limits.max_work:
            raise OddsTooCostly("maxWork", self.spent, self.limits.max_work)

    def outcomes(self, count: int) -> None:
        if count > self.limits.max_outcomes:
            raise OddsTooCostly("maxOutcomes", count, self.limits.max_outcomes)


@dataclass(slots=True)
class Weights:
    counts: dict[int, int] = field(default_factory=dict)
    total: int = 1

    @classmethod
    def point(cls, value: int) -> Weights:
        return cls({value: 1}, 1)

    @property
    def mass(self) -> int:
        return sum(self.counts.values())

    def map(self, f: Callable[[int], int]) -> Weights:
        out: dict[int, int] = {}
        for value, ways in self.counts.items():
            key = f(value)
            out[key] = out.get(key, 0) + ways
        return Weights(out, self.total)

    def part(self, keep: Callable[[int], bool]) -> Weights:
        """The outcomes `keep` accepts, over the same total."""
        return Weights({v: w for v, w in self.counts.items() if keep(v)}, self.total)

    def scaled(self, factor: int) -> Weights:
        return Weights({v: w * factor for v, w in self.counts.items()}, self.total * factor)

    def shifted(self, by: int) -> Weights:
        """Every value moved by `by` (adding a constant): the same ways, none merged."""
        return Weights({v + by: w for v, w in self.counts.items()}, self.total)

    def bounded(self, bound: int) -> Weights:
        """Values past ±bound dropped: the roller refuses them (`maxValue`)."""
        if not self.counts or (min(self.counts) >= -bound and max(self.counts) <= bound):
            return self
        return Weights({v: w for v, w in self.counts.items() if -bound <= v <= bound}, self.total)

    def constant(self) -> int | None:
        """The one value of a certain outcome (a number: `Weights.point`), else None."""
        if self.total == 1 and len(self.counts) == 1:
            ((value, ways),) = self.counts.items()
            return value if ways == 1 else None
        return None


def combine(a: Weights, b: Weights, op: Callable[[int, int], int], budget: Budget) -> Weights:
    """Independent `a` and `b` combined by `op` (a sum, a product)."""
    budget.charge(len(a.counts) * len(b.counts))
    out: dict[int, int] = {}
    for x, wx in a.counts.items():
        for y, wy in b.counts.items():
            key = op(x, y)
            out[key] = out.get(key, 0) + wx * wy
    budget.outcomes(len(out))
    return Weights(out, a.total * b.total)


def add(a: Weights, b: Weights, budget: Budget) -> Weights:
    return combine(a, b, operator.add, budget)  # a C function, called per pair of values


def power(die: Weights, n: int, budget: Budget) -> Weights:
    """The sum of `n` independent copies of `die`, by repeated squaring."""
    result = Weights.point(0)
    square = die
    while n:
        if n & 1:
            result = add(result, square, budget)
        n >>= 1
        if n:
            square = add(square, square, budget)
    return result
