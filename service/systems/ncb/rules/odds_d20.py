"""The exact odds of a d20 test, walked through the very roll the test makes.

`test_odds(test)` takes the test set up (`D20Test`) and reads the die that counts as its roll does
(`read_natural`, with its modifier, DV and tie rule), weighted by the chance of each natural under the
mode (`roll_d20` walked over both dice under advantage or disadvantage): the outcome classes,
naturals included, and the total against the DV, each stretch of naturals read alike read at its ends.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, partial

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds
from service.dice.walk import as_ways, ordered_ways, walk
from service.systems.ncb.rules.d20 import D20Test, RollMode, roll_d20
from service.systems.ncb.rules.odds_runs import runs

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


@cache
def natural_sums(mode: RollMode) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The naturals in order and the running sums of their ways (`natural_ways`): the ways of the naturals
    at indices first..last are `sums[last + 1] - sums[first]`. Kept for the life of the process."""
    ways, _ = natural_ways(mode)
    faces = tuple(sorted(ways))
    sums = [0]
    for natural in faces:
        sums.append(sums[-1] + ways[natural])
    return faces, tuple(sums)


def test_odds(test: D20Test) -> Odds:
    """Outcome classes (worst to best) and the total's distribution, with the DV as its target: the naturals
    of the mode read as the roll reads them (`D20Test.read`), each stretch read alike at its ends (`runs`:
    the total less the natural never changes, and between a 1 and a 20 a failure turns into a success once)."""
    faces, sums = natural_sums(test.mode)
    ways, _ = natural_ways(test.mode)
    outcomes: dict[str, int] = {}
    totals: dict[int, int] = {}
    for first, last, (added, outcome) in runs(faces, partial(_read, test), apart=NATURALS_APART):
        for natural in faces[first : last + 1]:
            total = natural + added
            totals[total] = totals.get(total, 0) + ways[natural]
        outcomes[outcome] = outcomes.get(outcome, 0) + sums[last + 1] - sums[first]
    return Odds.of(
        Distribution.counted("outcome", ordered_ways(outcomes, D20_OUTCOMES)),
        Distribution.counted("total", totals, target=test.dv),
    )


# The same remembered by the content of its inputs, for the session's odds. The stateless odds are
# remembered by their request in the API's answer cache (`service.api.odds`), so they call the function itself.
remembered_test_odds = memoized(test_odds)


def _read(test: D20Test, natural: int) -> tuple[int, str]:
    """What the test reads from a natural: the total less the natural, and the outcome."""
    total, _, outcome = test.read(natural)
    return total - natural, outcome
