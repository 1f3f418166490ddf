"""Stateless odds answers are kept for the same input and roll budget, and only small ones."""

from __future__ import annotations

from typing import Any

from service.api.odds import AnswerCache
from service.dice.notation import DEFAULT_LIMITS, Limits
from service.dice.odds import Distribution, Odds
from service.systems.dice.models import DiceRollInput


def _counting(outcomes: int) -> tuple[Any, list[str]]:
    calls: list[str] = []

    def odds(params: DiceRollInput) -> Odds:
        calls.append(params.expression)
        return Odds.of(Distribution.counted("total", dict.fromkeys(range(outcomes), 1)))

    return odds, calls


def test_the_same_input_is_computed_once_per_roll_budget() -> None:
    cache = AnswerCache()
    odds, calls = _counting(6)
    first = cache.answer(odds, "dice/roll", DEFAULT_LIMITS, DiceRollInput(expression="1d6"))
    assert cache.answer(odds, "dice/roll", DEFAULT_LIMITS, DiceRollInput(expression="1d6")) == first
    cache.answer(odds, "dice/roll", Limits(max_dice=10), DiceRollInput(expression="1d6"))
    cache.answer(odds, "dice/roll", DEFAULT_LIMITS, DiceRollInput(expression="1d6", dialect="foundry"))
    assert calls == ["1d6", "1d6", "1d6"]


def test_large_answers_are_not_kept_and_the_oldest_goes_first() -> None:
    cache = AnswerCache(size=2, most_outcomes=10)
    big, calls = _counting(11)
    for _ in range(2):
        cache.answer(big, "dice/roll", DEFAULT_LIMITS, DiceRollInput(expression="big"))
    assert calls == ["big", "big"]
    small, seen = _counting(3)
    for expression in ("a", "b", "c", "a"):
        cache.answer(small, "dice/roll", DEFAULT_LIMITS, DiceRollInput(expression=expression))
    assert seen == ["a", "b", "c", "a"]  # "a" was pushed out by "c"
