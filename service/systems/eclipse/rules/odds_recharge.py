"""The exact odds of a pool recharge: the points restored and the points lost.

A short recharge's d6 is read face by face through `handed_out`, the part of `short_recharge` that
says where the points go; a long one rolls nothing and is read once through `long_recharge`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds, Outcome
from service.systems.eclipse.rules.pools import RECHARGE_DIE, Level, handed_out, long_recharge


@memoized
def recharged_odds(kind: str, pools: Mapping[str, Level], allocation: Sequence[tuple[str, int]]) -> Odds:
    """`restored` (all pools together) and `lost` (points no pool had room for)."""
    restored: dict[Outcome, int] = {}
    lost: dict[Outcome, int] = {}
    if kind == "short":
        for face in range(1, RECHARGE_DIE + 1):
            given, left = handed_out(pools, face, allocation)
            total = sum(given.values())
            restored[total] = restored.get(total, 0) + 1
            lost[left] = lost.get(left, 0) + 1
    else:
        done = long_recharge(pools)
        restored[sum(done.restored.values())] = lost[done.lost] = 1
    return Odds.of(Distribution.counted("restored", restored), Distribution.counted("lost", lost))
