"""The exact odds of a d20 test, walked through the very roll the test makes.

`test_odds(test)` takes the test set up (`D20Test`) and reads the die that counts as its roll does
(`read_natural`, with its modifier, DV and tie rule), weighted by the chance of each natural under the
mode (`roll_d20` walked over both dice under advantage or disadvantage): the outcome classes,
naturals included, and the total against the DV, each of the 20 naturals read once.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds
from service.dice.walk import as_ways, ordered, walk
from service.systems.ncb.rules.d20 import D20Test, RollMode, roll_d20

D20_OUTCOMES = ("critical-failure", "failure", "success", "critical-success")
NATURALS_APART = frozenset({1, 20})  # read by rules of their own (`judge`): the naturals between turn over once

@cache
def natural_chances(mode: RollMode) -> dict[int, Fraction]:
    """The chance of each natural (the die that counts) under a roll mode, walked through `roll_d20` itself.
    Three tables in all, the same for every test: kept for the life of the process."""
    return dict(walk(lambda stream: roll_d20(stream, mode)[1]))


@cache
def natural_ways(mode: RollMode) -> tuple[dict[int, int], int]:
    """`natural_chances` as whole numbers of ways out of one total, kept as it is: callers only read it."""
    return as_ways(natural_chances(mode))


@memoized
def test_odds(test: D20Test) -> Odds:
    """Outcome classes (worst to best) and the total's distribution, with the DV as its target: each
    natural of the mode read once."""
    ways, whole = natural_ways(test.mode)
    outcomes: dict[str, int] = {}
    totals: dict[int, int] = {}
    for natural, n in ways.items():
        total, _, outcome = test.read(natural)
        outcomes[outcome] = outcomes.get(outcome, 0) + n
        totals[total] = totals.get(total, 0) + n
    return Odds.of(
        Distribution.of("outcome", ordered({o: Fraction(n, whole) for o, n in outcomes.items()}, D20_OUTCOMES)),
        Distribution.of("total", {t: Fraction(n, whole) for t, n in totals.items()}, target=test.dv),
    )
