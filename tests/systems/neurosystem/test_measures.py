from __future__ import annotations

import pytest

from service.systems.neurosystem.rules.measures import death_measure, stat_measure
from support.dice import ScriptedStream


def test_each_d8_of_5_or_more_is_a_win() -> None:
    stream = ScriptedStream(4, 5, 8, 1)
    result = stat_measure(4, 1, stream)
    assert stream.sides == [8, 8, 8, 8]
    assert (result.dice, result.wins, result.losses) == ([4, 5, 8, 1], 2, 2)


@pytest.mark.parametrize(("against", "span", "result"), [(1, 1, "positive-span"), (2, 0, "even"), (5, -3, "negative-span")])
def test_wins_against_the_comparison_give_a_span(against: int, span: int, result: str) -> None:
    measured = stat_measure(3, against, ScriptedStream(5, 6, 2))
    assert (measured.span, measured.result) == (span, result)


def test_a_death_measure_rolls_8_dice_against_the_scenes_spent_dying() -> None:
    stream = ScriptedStream(1, 2, 3, 4, 5, 1, 1, 6)  # 2 wins
    result = death_measure(5, 4, spend_resolve=False, mechanical=False, stream=stream)
    assert len(stream.draws) == 8 and result.measure.against == 5
    assert (result.negative_span, result.span_total, result.died) == (3, 7, False)


def test_a_negative_span_total_of_10_or_more_kills() -> None:
    result = death_measure(6, 6, spend_resolve=False, mechanical=False, stream=ScriptedStream(*[1] * 7, 5))
    assert (result.negative_span, result.span_total, result.died, result.became) == (5, 11, True, "dead")
    exact = death_measure(3, 7, spend_resolve=False, mechanical=True, stream=ScriptedStream(*[1] * 8))
    assert (exact.span_total, exact.died, exact.became) == (10, True, "shut-down")


def test_a_won_or_even_death_measure_adds_nothing() -> None:
    result = death_measure(2, 9, spend_resolve=False, mechanical=False, stream=ScriptedStream(5, 5, 1, 1, 1, 1, 1, 1))
    assert (result.measure.result, result.negative_span, result.span_total, result.died) == ("even", 0, 9, False)


def test_spending_resolve_wins_the_death_measure_without_dice() -> None:
    stream = ScriptedStream()
    result = death_measure(9, 9, spend_resolve=True, mechanical=False, stream=stream)
    assert result.auto_won and result.measure is None and stream.draws == []
    assert (result.negative_span, result.span_total, result.died) == (0, 9, False)
