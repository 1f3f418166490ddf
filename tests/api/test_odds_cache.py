"""Stateless odds answers are kept for the same input and roll budget: small ones written, large ones as their odds."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient
from support.api import make_settings

from service.api.app import create_app
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


def test_a_large_answer_keeps_its_odds_and_is_written_again_and_the_oldest_goes_first() -> None:
    cache = AnswerCache(size=2, most_outcomes=10)
    big, calls = _counting(11)
    answers = [cache.answer(big, "dice/roll", DEFAULT_LIMITS, DiceRollInput(expression="big")) for _ in range(2)]
    assert calls == ["big"] and answers[0] == answers[1]
    assert answers[0] is not answers[1]  # its text written again: only the odds are kept
    small, seen = _counting(3)
    for expression in ("a", "b", "c", "a"):
        cache.answer(small, "dice/roll", DEFAULT_LIMITS, DiceRollInput(expression=expression))
    assert seen == ["a", "b", "c", "a"]  # "a" was pushed out by "c"
    kept = [cache.answer(small, "dice/roll", DEFAULT_LIMITS, DiceRollInput(expression="a")) for _ in range(2)]
    assert seen == ["a", "b", "c", "a"] and kept[0] is kept[1]  # a small answer is kept written


def test_an_input_not_keyed_by_its_content_is_computed_each_time() -> None:
    class Loose(DiceRollInput, extra="allow"):  # an extra field is not said by the fields' JSON alone
        pass

    cache = AnswerCache()
    odds, calls = _counting(2)
    for _ in range(2):
        cache.answer(odds, "dice/roll", DEFAULT_LIMITS, Loose(expression="1d2", note=object()))
    assert calls == ["1d2", "1d2"]
    for _ in range(2):
        cache.answer(odds, "dice/roll", DEFAULT_LIMITS, Loose(expression="1d2", note="x"))
    assert calls == ["1d2", "1d2", "1d2"]  # keyed field by field, the extra one too


def test_an_answer_computed_under_one_budget_is_not_served_under_a_smaller_one() -> None:
    # Two apps in one process, one allowing 1,000 dice and one 10: the wide one's answer for 20d6 must not
    # reach the narrow one, which refuses 20d6 for the roll and so for its odds.
    body = {"expression": "20d6"}
    wide_app, narrow_app = (create_app(make_settings("memory", max_dice=most)) for most in (1000, 10))
    with TestClient(wide_app) as wide, TestClient(narrow_app) as narrow:
        assert wide.post("/v1/dice/roll/odds", json=body).status_code == 200
        refused = narrow.post("/v1/dice/roll/odds", json=body)
        assert refused.status_code == 422 and refused.json()["limit"] == "maxDice", refused.text
        assert narrow.post("/v1/dice/roll", json=body).status_code == 422  # as its roll is
        assert wide.post("/v1/dice/roll/odds", json=body).status_code == 200  # the wide one still answers it
