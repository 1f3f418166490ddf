"""Dice sums by convolution: the ways of each total."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


def _pair_by_pair(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for x, m in a.items():
        for y, n in b.items():
            out[x + y] = out.get(x + y, 0) + m * n
    return out


_SPARSE = st.dictionaries(st.integers(-40, 40), st.integers(1, 10**25), min_size=1, max_size=30)
# Unbroken runs of totals, long enough to be added by one product: small counts and counts past 64 bits.
_DENSE = st.builds(
    lambda low, counts: {low + at: n for at, n in enumerate(counts)},
    st.integers(-30, 30),
    st.lists(st.integers(1, 6) | st.integers(1, 10**25), min_size=12, max_size=40),
)
_COUNTS = _SPARSE | _DENSE


@given(_COUNTS, _COUNTS)
def test_adding_by_one_product_counts_what_adding_pair_by_pair_counts(a: dict[int, int], b: dict[int, int]) -> None:
    total = sum(a.values()) * sum(b.values())
    ways, out_of = sums.add((a, sum(a.values())), (b, sum(b.values())))
    assert ways == _pair_by_pair(a, b) and out_of == total and sum(ways.values()) == total


def test_dense_quantities_are_added_by_one_product_and_sparse_ones_pair_by_pair() -> None:
    d20 = {face: 1 for face in range(1, 21)}
    assert sums._dense(d20) and len(d20) ** 2 >= sums._PRODUCT_FROM
    assert sums.add((d20, 20), (d20, 20))[0] == _pair_by_pair(d20, d20)
    far = {0: 1, 10_000: 1, 20_000: 1, 30_000: 1, 40_000: 1}
    assert not sums._dense(far) and not sums._dense({1: 1, 2: 0, 3: 1})
    assert sums.add((far, 5), (far, 5))[0] == _pair_by_pair(far, far)
