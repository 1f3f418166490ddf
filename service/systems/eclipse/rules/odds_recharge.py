"""The exact odds of a pool recharge: the points restored and the points lost, walked through the recharge itself."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds, Outcome
from service.dice.stream import Stream
from service.dice.walk import walk
from service.systems.eclipse.rules.pools import Recharge


@memoized
def recharged_odds(recharge: Callable[[Stream], Recharge]) -> Odds:
    """`restored` (all pools together) and `lost` (points no pool had room for)."""
    chances = walk(lambda stream: _restored_and_lost(recharge(stream)))
    restored: dict[Outcome, Fraction] = {}
    lost: dict[Outcome, Fraction] = {}
    for (r, l), p in chances.items():
        restored[r] = restored.get(r, Fraction(0)) + p
        lost[l] = lost.get(l, Fraction(0)) + p
    return Odds.of(Distribution.of("restored", restored), Distribution.of("lost", lost))


def _restored_and_lost(done: Recharge) -> tuple[int, int]:
    return sum(done.restored.values()), done.lost
