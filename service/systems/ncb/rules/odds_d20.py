"""The exact odds of a d20 test, walked through the very roll the test makes.

`test_odds(roll)` takes the roll itself (`roll_test` with its modifier, DV, mode and tie rule
bound) and walks it over every face of the d20 (both dice under advantage or disadvantage):
the outcome classes, naturals included, and the total against the DV.
"""

from __future__ import annotations

from collections.abc import Callable

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds
from service.dice.stream import Stream
from service.dice.walk import marginal, ordered, walk
from service.systems.ncb.rules.d20 import D20Roll

D20_OUTCOMES = ("critical-failure", "failure", "success", "critical-success")

RollD20 = Callable[[Stream], D20Roll]


@memoized
def test_odds(roll: RollD20, dv: int) -> Odds:
    """Outcome classes (worst to best) and the total's distribution, with the DV as its target."""
    chances = walk(lambda stream: _outcome_and_total(roll(stream)))
    return Odds.of(
        Distribution.of("outcome", ordered(marginal(chances, lambda o: o[0]), D20_OUTCOMES)),
        Distribution.of("total", marginal(chances, lambda o: o[1]), target=dv),
    )


def _outcome_and_total(rolled: D20Roll) -> tuple[str, int]:
    return rolled.outcome, rolled.total
