"""The odds model: exact chances, their summaries and their JSON answer."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from service.dice.odds import Distribution, Odds, OddsTooCostly


def _three_d6() -> Distribution:
    return Distribution.counted("total", Counter(sum(faces) for faces in product(range(1, 7), repeat=3)), target=11)


def test_three_d6_reaching_11_is_exactly_one_half() -> None:
    total = _three_d6()
    assert total.at_least(11) == Fraction(1, 2)
    assert total.mean() == Fraction(21, 2)
    assert total.variance() == Fraction(35, 4)  # three times a d6's 35/12


def test_the_wire_gives_exact_strings_with_floats_and_a_running_at_least() -> None:
    body = _three_d6().wire()
    assert body["numeric"] is True and body["target"] == 11
    first, eleven = body["outcomes"][0], body["outcomes"][8]
    assert (first["outcome"], first["exact"], first["atLeastExact"]) == (3, "1/216", "1/1")
    assert (eleven["outcome"], eleven["atLeastExact"], eleven["atLeast"]) == (11, "1/2", 0.5)
    assert body["meanExact"] == "21/2" and body["stdDev"] == pytest.approx(2.9580, abs=1e-4)


def test_named_outcomes_keep_the_mechanics_order_and_have_no_mean() -> None:
    outcome = Distribution.of("outcome", {"failure": Fraction(1, 4), "success": Fraction(3, 4)})
    assert [entry["outcome"] for entry in outcome.wire()["outcomes"]] == ["failure", "success"]
    assert "mean" not in outcome.wire() and "atLeast" not in outcome.wire()["outcomes"][0]
    assert Odds.of(outcome)["outcome"] is outcome


def test_a_distribution_that_does_not_sum_to_one_is_refused() -> None:
    with pytest.raises(AssertionError):
        Distribution.of("outcome", {"hit": Fraction(1, 2), "miss": Fraction(1, 3)})


def test_too_costly_names_its_limit() -> None:
    error = OddsTooCostly("dice in the pool", 500, 200)
    assert (error.limit, error.maximum) == ("dice in the pool", 200) and "200" in str(error)


def test_the_monte_carlo_check_accepts_the_true_odds_and_refuses_wrong_ones() -> None:
    from support.odds import assert_agrees, sampled

    counts = sampled(lambda stream: sum(stream.roll_many(3, 6)), runs=3000)
    assert_agrees(_three_d6(), counts)
    flat = sampled(lambda stream: stream.roll(16) + 2, runs=3000)  # 3..18 too, but every total alike
    with pytest.raises(AssertionError, match="chi-square"):
        assert_agrees(_three_d6(), flat)
