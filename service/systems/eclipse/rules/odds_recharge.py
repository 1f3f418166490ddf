"""The exact odds of a pool recharge: the points restored and the points lost, walked through the recharge itself."""

from __future__ import annotations

from collections.abc import Callable

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds, Outcome
from service.dice.stream import Stream
from service.dice.walk import as_ways, walk
from service.systems.eclipse.rules.pools import Recharge


@memoized
def recharged_odds(recharge: Callable[[Stream], Recharge]) -> Odds:
    """`restored` (all pools together) and `lost` (points no pool had room for)."""
    ways, _ = as_ways(walk(lambda stream: _restored_and_lost(recharge(stream))))  # summed in whole numbers
    restored: dict[Outcome, int] = {}
    lost: dict[Outcome, int] = {}
    for (r, l), n in ways.items():
        restored[r] = restored.get(r, 0) + n
        lost[l] = lost.get(l, 0) + n
    return Odds.of(Distribution.counted("restored", restored), Distribution.counted("lost", lost))


def _restored_and_lost(done: Recharge) -> tuple[int, int]:
    return sum(done.restored.values()), done.lost
