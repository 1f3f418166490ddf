"""A stateless STK or Flat Check answers in wire form straight from the dice just rolled
(`checks.written_result`, `service.written`): byte for byte what reading the check's model and
dumping it gives, with no model built on the way."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from service import written as module
from service.dice.stream import Stream
from service.systems.neurosystem.moves.checks import resolve_flat_check, resolve_stk_check
from service.systems.neurosystem.rules import checks
from service.systems.neurosystem.wire.checks import NeurosystemFlatCheckParams, NeurosystemStkCheckParams
from service.systems.neurosystem.wire.records import NeurosystemCheckRecord, NeurosystemCheckResult, NeurosystemDie

STK = {
    "the bench's check": {"style": "d8", "training": "d6", "knowledge": "d10", "dn": 12,
                          "bonuses": [{"name": "smartgun", "value": 2}], "luck": 1, "luckPool": 3, "negativeStates": 2},
    "no DN, three Luck, push-and-push-through": {"style": "d12", "training": "d4", "knowledge": "d6", "luck": 3,
                                                 "negativeStates": 3, "resolveLimit": "push-and-push-through"},
    "bare": {"style": "d6", "training": "d6", "knowledge": "d6", "dn": 9},
}
FLAT = {
    "style with equipment": {"category": "style", "rating": "d8", "equipmentBonus": 1, "negativeStates": 2},
    "knowledge": {"category": "knowledge", "rating": "d6", "negativeStates": 4},
}


def _writer_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module, "CHECK", False)  # as in production
    monkeypatch.setattr(module, "as_dict", lambda fields: pytest.fail("written the model's way"))
    monkeypatch.setattr(NeurosystemDie, "__init__", lambda *a, **k: pytest.fail("a die model was built"))


def _stream(n: int) -> Stream:
    return Stream(seed=f"written-{n}", scope="test", nonce=0)


@pytest.mark.parametrize("case", list(STK))
def test_a_stateless_stk_check_is_written_as_its_model_reads(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    params = NeurosystemStkCheckParams.model_validate(STK[case])
    ratings = {stat: (int(getattr(params, stat)[1:]), None) for stat in checks.STK_STATS}

    def model_way(n: int) -> dict[str, Any]:
        record = checks.roll_stk(ratings, dn=params.dn, bonuses=params.bonuses, negative_states=params.negative_states,
                                 luck=params.luck, stream=_stream(n))
        left = checks.pay_luck(params.luck_pool, params.luck) if params.luck_pool is not None else None
        return checks.read(record, params.resolve_limit, luck_left=left).model_dump(mode="json", by_alias=True)

    expected = [model_way(n) for n in range(200)]
    _writer_alone(monkeypatch)
    got = [resolve_stk_check(params, _stream(n)) for n in range(200)]
    assert [orjson.dumps(g) for g in got] == [orjson.dumps(e) for e in expected]
    # The seeds reach every reading the answer has: cool shit, bad shit, and (with a DN) each outcome.
    assert {g["coolShit"] for g in got} == {True, False}
    assert {g["badShit"] for g in got} == ({True, False} if params.negative_states else {False})
    assert {g["outcome"] for g in got} == ({"success", "success-at-cost", "failure"} if params.dn else {None})
    assert all(len(g["check"]["dice"]) == 3 + params.luck and g["luckDice"] == params.luck for g in got)


@pytest.mark.parametrize("case", list(FLAT))
def test_a_stateless_flat_check_is_written_as_its_model_reads(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    params = NeurosystemFlatCheckParams.model_validate(FLAT[case])
    sides = int(params.rating[1:])

    def model_way(n: int) -> dict[str, Any]:
        record = checks.roll_flat(params.category, sides, name=None, negative_states=params.negative_states,
                                  equipment_bonus=params.equipment_bonus, stream=_stream(n))
        return checks.read(record, "one-per-check").model_dump(mode="json", by_alias=True)

    expected = [model_way(n) for n in range(100)]
    _writer_alone(monkeypatch)
    got = [resolve_flat_check(params, _stream(n)) for n in range(100)]
    assert [orjson.dumps(g) for g in got] == [orjson.dumps(e) for e in expected]
    assert {g["outcome"] for g in got} == {"success", "failure"}


def test_a_check_just_rolled_reads_as_the_record_a_session_keeps() -> None:
    ratings = {"style": (8, "Cool"), "training": (6, None), "knowledge": (10, None)}
    for n in range(50):
        rolled = checks.rolled_stk(ratings, dn=12, bonuses=[], negative_states=1, luck=2, stream=_stream(n))
        record = checks.roll_stk(ratings, dn=12, bonuses=[], negative_states=1, luck=2, stream=_stream(n))
        assert isinstance(record, NeurosystemCheckRecord) and all(isinstance(die, NeurosystemDie) for die in record.dice)
        assert [(d.id, d.stat, d.name, d.rating, d.face) for d in record.dice] == [
            (d.id, d.stat, d.name, d.rating, d.face) for d in rolled.dice
        ]
        assert [d.id for d in record.dice] == ["style", "training", "knowledge", "luck-1", "luck-2"]
        assert checks.reading(rolled, "one-per-check") == checks.reading(record, "one-per-check")
        written = checks.written_result(rolled, "one-per-check", luck_left=1)
        assert NeurosystemCheckResult.model_validate(written) == checks.read(record, "one-per-check", luck_left=1)
    flat = checks.rolled_flat("style", 8, name="Cool", negative_states=0, equipment_bonus=2, stream=_stream(0))
    kept = checks.roll_flat("style", 8, name="Cool", negative_states=0, equipment_bonus=2, stream=_stream(0))
    assert NeurosystemCheckResult.model_validate(checks.written_result(flat, "one-per-check")) == checks.read(kept, "one-per-check")
