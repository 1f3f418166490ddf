"""Dice sums by convolution: the ways of each total."""

from __future__ import annotations

from fractions import Fraction

import pytest

from service.dice import sums
from service.dice.odds import OddsTooCostly


def test_2d6_makes_7_six_ways_in_36() -> None:
    ways, out_of = sums.dice(2, 6)
    assert (ways[7], ways[2], ways[12], out_of) == (6, 1, 1, 36)


def test_3d6_reaches_11_half_the_time() -> None:
    assert sum(p for total, p in sums.chances(sums.dice(3, 6)).items() if total >= 11) == Fraction(1, 2)


def test_adding_and_negating_terms() -> None:
    # 1d4 - 1d4: 0 four ways in 16, ±3 one way each.
    ways, out_of = sums.add(sums.dice(1, 4), sums.negate(sums.dice(1, 4)))
    assert (ways[0], ways[3], ways[-3], out_of) == (4, 1, 1, 16)
    assert sums.chances(sums.add(sums.dice(1, 6), sums.constant(2)))[8] == Fraction(1, 6)


def test_a_sum_past_the_work_limit_is_too_costly() -> None:
    with pytest.raises(OddsTooCostly):
        sums.dice(90, 100)


@pytest.mark.parametrize(
    "a", [sums.constant(0), sums.constant(-3), sums.dice(1, 10), sums.dice(2, 6), ({0: 2, 5: 1, 40: 3}, 6), sums.negate(sums.dice(1, 4))]
)
@pytest.mark.parametrize(("count", "sides"), [(0, 6), (1, 6), (2, 6), (3, 4), (1, 1)])
def test_adding_dice_by_a_running_window_equals_adding_them_pair_by_pair(a: sums.Counts, count: int, sides: int) -> None:
    assert sums.add_dice(a, count, sides) == sums.add(a, sums.dice(count, sides))
