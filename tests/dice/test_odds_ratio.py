"""`ratio`, the short way a distribution's chances are made, is exactly `Fraction`."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.dice.odds import Distribution, _reduced, ratio


@given(st.integers(min_value=0, max_value=6**120), st.integers(min_value=1, max_value=6**120))
def test_ratio_is_the_fraction_in_lowest_terms(numerator: int, denominator: int) -> None:
    made, expected = ratio(numerator, denominator), Fraction(numerator, denominator)
    assert made == expected and type(made) is Fraction
    assert (made.numerator, made.denominator) == (expected.numerator, expected.denominator)
    assert hash(made) == hash(expected) and str(made) == str(expected) and float(made) == float(expected)
    assert made + Fraction(1, 3) == expected + Fraction(1, 3)


def test_this_python_takes_the_short_way() -> None:
    assert ratio is _reduced  # else the constructor serves, correct but three times slower


@pytest.mark.parametrize("counts", [{1: 1, 2: 2, 3: 3}, {"miss": 6**90 - 1, "hit": 1}, {0: 0, 5: 10, 9: 5}])
def test_counted_chances_equal_fractions_of_the_ways(counts: dict) -> None:
    total = sum(counts.values())
    built = Distribution.counted("x", counts)
    assert dict(built.chances) == {outcome: Fraction(ways, total) for outcome, ways in counts.items()}
    Distribution(built.name, built.chances)  # and pass the constructor's own checks
