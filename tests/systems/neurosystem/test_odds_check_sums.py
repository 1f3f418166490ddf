"""The sums of a check's dice still to roll, as the odds count them, equal the dice added one at a time."""

from __future__ import annotations

import pytest

from service.dice import sums
from service.systems.neurosystem.rules.check_odds import _ways_of_sums
from service.systems.neurosystem.rules.ratings import LUCK_SIDES


def _one_at_a_time(sides: list[int], luck: int) -> list[int]:
    counted = sums.constant(0)
    for n in sides:
        counted = sums.add_dice(counted, 1, n)
    counted = sums.add_dice(counted, luck, LUCK_SIDES)
    ways, _ = counted
    return [ways.get(total, 0) for total in range(max(ways) + 1)]


@pytest.mark.parametrize(
    ("sides", "luck"),
    [([], 0), ([4], 0), ([12], 0), ([8, 6, 10], 0), ([8, 6, 10], 1), ([4, 4, 4], 3), ([12, 12, 12], 12), ([6], 25), ([10, 8], 60), ([], 100)],
)
def test_the_product_of_polynomials_equals_adding_each_die(sides: list[int], luck: int) -> None:
    # Up to 2^64 ways the digits are read eight bytes at a time; past it (25 d8s and more), slice by slice.
    assert _ways_of_sums(sides, luck) == _one_at_a_time(sides, luck)
