"""Recharge odds against the recharge itself: over many pools and allocations, short and long, the odds
equal a walk of `roll_recharge` through every face of its die, and `short_recharge` hands out what
`handed_out` says."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from service.dice.memo import set_enabled
from service.dice.walk import walk
from service.systems.eclipse.rules.odds_recharge import recharged_odds
from service.systems.eclipse.rules.pools import POOLS, PoolLevel, handed_out, roll_recharge, short_recharge


def _cases() -> list[tuple[str, dict[str, PoolLevel], list[tuple[str, int]]]]:
    rng = random.Random(29)
    out = []
    for n in range(120):
        pools = {}
        for name in POOLS:
            top = rng.randint(0, 4)
            pools[name] = PoolLevel(current=rng.randint(0, top), max=top)
        allocation = [(rng.choice(POOLS), rng.choice((1, 2, 3, 99))) for _ in range(rng.randint(0, 5))]
        out.append(("long" if n % 6 == 0 else "short", pools, allocation))
    return out


def _walked(kind: str, pools: dict[str, PoolLevel], allocation: list[tuple[str, int]], part: str) -> dict[int, Fraction]:
    def read(stream):
        done = roll_recharge(stream, kind, pools, allocation)[1]
        return sum(done.restored.values()) if part == "restored" else done.lost

    return walk(read)


@pytest.mark.parametrize(("kind", "pools", "allocation"), _cases())
def test_recharge_odds_equal_a_walk_of_the_recharge(kind: str, pools: dict[str, PoolLevel], allocation: list[tuple[str, int]]) -> None:
    set_enabled(False)
    try:
        odds = recharged_odds(kind, pools, allocation)
        for part in ("restored", "lost"):
            assert dict(odds[part].chances) == _walked(kind, pools, allocation, part)
    finally:
        set_enabled(True)
    for points in range(0, 8):
        done = short_recharge(pools, points, allocation)
        assert (done.restored, done.lost) == handed_out(pools, points, allocation)
        assert all(done.pools[name].current == pools[name].current + done.restored[name] <= pools[name].max for name in POOLS)
