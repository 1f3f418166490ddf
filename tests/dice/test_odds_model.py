"""The odds model: exact chances, their summaries and their JSON answer."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


def _wire_by_fractions(name: str, chances: dict) -> dict:
    """The JSON answer worked out in Fractions, step by step: what `wire` must equal."""
    numeric = isinstance(next(iter(chances)), int)
    outcomes, left = [], Fraction(1)
    for outcome, p in chances.items():
        entry = {"outcome": outcome, "exact": str(Fraction(p)) if p.denominator != 1 else f"{p.numerator}/1", "probability": float(p)}
        if numeric:
            entry.update(atLeastExact=f"{left.numerator}/{left.denominator}", atLeast=float(left))
            left -= p
        outcomes.append(entry)
    body = {"name": name, "numeric": numeric, "outcomes": outcomes}
    if numeric:
        mean = sum(o * p for o, p in chances.items())
        variance = sum((o - mean) ** 2 * p for o, p in chances.items())
        body.update(meanExact=f"{mean.numerator}/{mean.denominator}", mean=float(mean), stdDev=float(variance) ** 0.5)
    return body


@given(st.dictionaries(st.integers(-50, 50), st.integers(0, 10**30), min_size=1, max_size=40).filter(lambda c: sum(c.values()) > 0))
def test_the_wire_from_whole_ways_equals_the_answer_worked_in_fractions(counts: dict) -> None:
    total = sum(counts.values())
    built = Distribution.counted("n", counts)
    expected = _wire_by_fractions("n", {o: Fraction(counts[o], total) for o in sorted(counts)})
    body = built.wire()
    std, expected_std = body.pop("stdDev"), expected.pop("stdDev")
    assert body == expected and std == pytest.approx(expected_std, rel=1e-9, abs=1e-12)


def test_distributions_of_the_same_chances_are_equal_however_they_were_counted() -> None:
    halves = Distribution.of("coin", {"heads": Fraction(1, 2), "tails": Fraction(1, 2)})
    counted = Distribution.counted("coin", {"heads": 3, "tails": 3})
    assert counted == halves and hash(counted) == hash(halves)
    assert counted != Distribution.counted("coin", {"heads": 1, "tails": 2})
    assert counted != Distribution.counted("flip", {"heads": 3, "tails": 3})
    assert counted.chances == (("heads", Fraction(1, 2)), ("tails", Fraction(1, 2)))
    with pytest.raises(AttributeError):
        counted.name = "other"  # immutable: refused at run time
    with pytest.raises(AttributeError):
        del counted.ways


@pytest.mark.parametrize("counts", [{1: 2, "two": 1}, {"miss": 3, 4: 1}, {2: 1, 1: -1}, {}])
def test_counted_refuses_mixed_outcomes_negative_ways_and_nothing(counts: dict) -> None:
    with pytest.raises((AssertionError, TypeError)):
        Distribution.counted("x", counts)


def test_counted_sorts_numbers_keeps_names_in_order_and_accepts_their_subclasses() -> None:
    assert Distribution.counted("n", {3: 1, 1: 2, 2: 1}).outcomes == (1, 2, 3)
    assert Distribution.counted("s", {"miss": 1, "hit": 3}).outcomes == ("miss", "hit")
    assert Distribution.counted("b", {True: 1, 0: 1}).outcomes == (0, True)  # bool is an int


def test_fraction_texts_are_kept_bounded_and_forgotten_with_the_shapes(monkeypatch: pytest.MonkeyPatch) -> None:
    from service.dice import memo, odds

    memo.forget_shapes()
    assert odds._TEXTS == {}
    first = _three_d6().wire()
    assert odds._TEXTS[216][27] == ("1/8", 0.125)  # ten's 27 ways of 216, kept as written
    assert _three_d6().wire() == first  # written again from the kept texts: the same answer
    monkeypatch.setattr(odds, "_MOST_TEXTS", 5)
    wide = Distribution.counted("n", {n: n for n in range(1, 12)})
    assert wide.wire() == wide.wire()  # the texts forgotten halfway through an answer: the same answer
    assert sum(map(len, odds._TEXTS.values())) <= 5
    memo.forget_shapes()
    assert odds._TEXTS == {}


@given(
    st.lists(st.integers(1, 10**25), min_size=1, max_size=30),
    st.integers(-60, 60),
    st.integers(-60, 60),
    st.lists(st.integers(1, 4), min_size=30, max_size=30),
)
def test_a_shape_met_before_answers_its_mean_and_spread_wherever_its_outcomes_lie(ways: list, first: int, again: int, gaps: list) -> None:
    # The shape's kept moments serve outcomes one apart from any start; outcomes with gaps are summed
    # as they are. Each answer equals the one worked in Fractions.
    total = sum(ways)
    spaced = [again + sum(gaps[:k]) for k in range(len(ways))]
    for outcomes in (range(first, first + len(ways)), range(again, again + len(ways)), spaced):
        counts = dict(zip(outcomes, ways))
        body = Distribution.counted("n", counts).wire()
        expected = _wire_by_fractions("n", {o: Fraction(n, total) for o, n in counts.items()})
        std, expected_std = body.pop("stdDev"), expected.pop("stdDev")
        assert body == expected and std == pytest.approx(expected_std, rel=1e-9, abs=1e-12)


def test_numeric_answers_of_one_shape_share_its_cells_and_name_their_own_outcomes(monkeypatch: pytest.MonkeyPatch) -> None:
    from service.dice import memo, odds

    memo.forget_shapes()
    two_d6 = Counter(sum(faces) for faces in product(range(1, 7), repeat=2))
    plain = Distribution.counted("total", dict(two_d6))
    plus_three = Distribution.counted("total", {t + 3: n for t, n in two_d6.items()}, target=10)
    assert plain.wire()["outcomes"][0]["outcome"] == 2
    assert len(odds._CELLS) == 1
    body = plus_three.wire()
    assert len(odds._CELLS) == 1  # the same ways out of the same total: its cells written once
    expected = _wire_by_fractions("total", {t + 3: Fraction(n, 36) for t, n in sorted(two_d6.items())})
    expected["target"] = 10
    std, expected_std = body.pop("stdDev"), expected.pop("stdDev")
    assert body == expected and std == pytest.approx(expected_std)
    assert body["outcomes"][5] == {"outcome": 10, "exact": "1/6", "probability": 1 / 6, "atLeastExact": "7/12", "atLeast": 7 / 12}  # a 7, plus 3
    # Each entry is its own, keys in the answer's order, and writing one leaves the kept cells as they were.
    assert list(body["outcomes"][0]) == ["outcome", "exact", "probability", "atLeastExact", "atLeast"]
    body["outcomes"][0]["outcome"] = 99
    assert plain.wire()["outcomes"][0]["outcome"] == 2 and plus_three.wire()["outcomes"][0]["outcome"] == 5
    cells, _, _ = next(iter(odds._CELLS.values()))
    assert all(cell["outcome"] is None for cell in cells)
    monkeypatch.setattr(odds, "_MOST_TEXTS", 30)
    for n in range(2, 12):
        Distribution.counted("n", {k: 1 for k in range(n)}).wire()
    assert sum(len(ways) for _, ways in odds._CELLS) <= 30  # counted with the texts, and forgotten with them
    memo.forget_shapes()
    assert odds._CELLS == {} and odds._TEXTS == {}


def test_an_answer_is_written_once_and_kept_with_its_odds(monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[str] = []
    write = Distribution.wire
    monkeypatch.setattr(Distribution, "wire", lambda self: written.append(self.name) or write(self))
    odds = Odds.of(_three_d6(), Distribution.of("outcome", {"failure": Fraction(1, 4), "success": Fraction(3, 4)}))
    first, again = odds.wire(), odds.wire()
    assert written == ["total", "outcome"]  # the second answer wrote nothing
    assert first == again and first is not again  # a body of its own; the distributions' answers shared
    assert first["distributions"][0]["outcomes"][8]["atLeastExact"] == "1/2"
    twin = Odds.of(_three_d6(), Distribution.of("outcome", {"failure": Fraction(1, 4), "success": Fraction(3, 4)}))
    assert twin == odds and hash(twin) == hash(odds)  # the kept answer is no part of what the odds are
    assert "_answer" not in repr(odds)


def test_a_long_answer_is_written_each_time_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    from service.dice import odds as module

    written: list[str] = []
    write = Distribution.wire
    monkeypatch.setattr(Distribution, "wire", lambda self: written.append(self.name) or write(self))
    wide = Odds.of(Distribution.counted("n", {n: 1 for n in range(module.KEPT_ANSWER_OUTCOMES + 1)}))
    assert wide.wire() == wide.wire()
    assert written == ["n", "n"]
    edge = Odds.of(Distribution.counted("n", {n: 1 for n in range(module.KEPT_ANSWER_OUTCOMES)}))
    edge.wire(), edge.wire()
    assert written == ["n", "n", "n"]  # at the bound: kept


def test_an_action_that_rolls_nothing_has_one_answer_made_once() -> None:
    from service.dice.odds import NOTHING_ROLLED, rolls_nothing

    nothing = rolls_nothing()
    assert rolls_nothing() is nothing  # odds never change: one answer serves every such action
    assert nothing.wire() == {
        "distributions": [{"name": "dice", "numeric": False, "outcomes": [{"outcome": NOTHING_ROLLED, "exact": "1/1", "probability": 1.0}]}]
    }
    assert nothing["dice"].probability(NOTHING_ROLLED) == 1
