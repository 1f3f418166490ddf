"""The recorded answers the Foundry module is tested against: still what the service answers,
and shaped the way Foundry VTT (v12, v13) serializes an evaluated `Roll`."""

from __future__ import annotations

from typing import Any

import pytest
from answers import REQUESTS, record, stored  # this directory is on sys.path (rootdir-relative, no __init__)

from service.dice.notation import parse

# What `RollTerm#toJSON` writes: class, options, evaluated, then each class's SERIALIZE_ATTRIBUTES.
TERM_KEYS = {
    "Die": {"number", "faces", "modifiers", "results"},
    "FateDie": {"number", "faces", "modifiers", "results"},
    "Coin": {"number", "faces", "modifiers", "results"},
    "NumericTerm": {"number"},
    "OperatorTerm": {"operator"},
    "ParentheticalTerm": {"term", "roll"},
}
ROLL_KEYS = {"class", "options", "dice", "formula", "terms", "total", "evaluated"}
RESULT_KEYS = {"result", "active", "discarded", "rerolled", "exploded", "success", "failure", "count"}


def test_every_request_has_its_fixture() -> None:
    assert set(stored()) == set(REQUESTS)


def test_fixtures_are_what_the_service_answers_now() -> None:
    assert record() == stored()


def _no_nulls(value: Any, where: str = "") -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            assert item is not None, f"{where}.{key} is null: Foundry leaves such keys out"
            _no_nulls(item, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _no_nulls(item, f"{where}[{index}]")


def _term_value(term: dict[str, Any]) -> int:
    """A term's total as Foundry computes it from the serialized data."""
    if term["class"] == "NumericTerm":
        return term["number"]
    if term["class"] == "ParentheticalTerm":
        return _check_roll(term["roll"])
    total = sum(r.get("count", r["result"]) for r in term["results"] if r["active"])
    # Foundry's `Die#total` takes the margin of success (`ms`) from the term's options.
    if "marginSuccess" in term["options"]:
        return total - term["options"]["marginSuccess"]
    if "marginFailure" in term["options"]:
        return term["options"]["marginFailure"] - total
    return total


def _evaluate(terms: list[dict[str, Any]]) -> int:
    """Foundry's arithmetic over a flat term list: unary minus, then `*`, then `+ -`, left to right."""
    tokens: list[Any] = []
    for term in terms:
        tokens.append(term["operator"] if term["class"] == "OperatorTerm" else _term_value(term))
    values: list[int] = []
    ops: list[str] = []
    i = 0
    while i < len(tokens):
        sign = 1
        while tokens[i] == "-" and (i == 0 or isinstance(tokens[i - 1], str)):
            sign, i = -sign, i + 1
        value = sign * tokens[i]
        if ops and ops[-1] == "*":
            ops.pop()
            value = values.pop() * value
        values.append(value)
        i += 1
        if i < len(tokens):
            ops.append(tokens[i])
            i += 1
    total = values[0]
    for op, value in zip(ops, values[1:], strict=True):
        total = total + value if op == "+" else total - value
    return total


def _check_roll(data: dict[str, Any]) -> int:
    assert set(data) == ROLL_KEYS and data["class"] == "Roll" and data["evaluated"] is True
    assert data["dice"] == [] and data["options"] == {}
    for term in data["terms"]:
        assert set(term) == {"class", "options", "evaluated"} | TERM_KEYS[term["class"]], term
        # Options are empty but for a margin of success, which Foundry keeps there.
        margins = [m for m in term.get("modifiers", []) if m.startswith("ms")]
        expected_options = {"marginFailure", "marginSuccess"} & set(term["options"]) if margins else set()
        assert term["evaluated"] is True and set(term["options"]) == expected_options and len(expected_options) == len(margins)
        if term["class"] in ("Die", "FateDie", "Coin"):
            for result in term["results"]:
                assert {"result", "active"} <= set(result) <= RESULT_KEYS, result
                assert all(result[flag] is True for flag in ("discarded", "rerolled", "exploded") if flag in result)
                if "count" in result:
                    assert ("success" in result) != ("failure" in result)
    assert _evaluate(data["terms"]) == data["total"], data["formula"]
    return data["total"]


@pytest.mark.parametrize("name", [name for name in REQUESTS if name.startswith("roll-")])
def test_roll_fixtures_are_foundry_roll_data(name: str) -> None:
    answer = stored()[name]["answer"]
    data = answer["result"]["foundry"]
    _no_nulls(data, "foundry")
    assert _check_roll(data) == answer["result"]["total"]
    # The formula is Foundry's notation for what was rolled, and reads back the same in that dialect.
    assert str(parse(data["formula"], dialect="foundry")) == data["formula"]
    assert answer["audit"]["draws"], "every roll answer carries its audit record"


def test_success_counting_fixture_totals_the_count_not_the_faces() -> None:
    data = stored()["roll-successes"]["answer"]["result"]["foundry"]
    results = data["terms"][0]["results"]
    assert data["total"] == sum(r["result"] >= 8 for r in results)
    assert data["total"] != sum(r["result"] for r in results)


def _terms(name: str) -> list[dict[str, Any]]:
    return stored()[name]["answer"]["result"]["foundry"]["terms"]


def test_fate_dice_and_coins_are_foundrys_fatedie_and_coin() -> None:
    fate, _, called, _, coins = _terms("roll-fate-coins")
    assert (fate["class"], fate["faces"], called["class"], called["faces"]) == ("FateDie", 3, "Coin", 2)
    assert {r["result"] for r in fate["results"]} <= {-1, 0, 1}
    for r in fate["results"]:  # FateDie flags +1 a success and -1 a failure, and counts neither
        assert r.get("success", False) == (r["result"] == 1) and r.get("failure", False) == (r["result"] == -1)
        assert "count" not in r
    assert called["modifiers"] == ["c1"]
    assert all(r["count"] == r["result"] == int(r["success"]) for r in called["results"])  # heads are the successes
    assert all(set(r) == {"result", "active"} and r["result"] in (0, 1) for r in coins["results"])


def test_fate_and_coin_results_are_the_audited_d3_and_d2_draws_less_2_and_1() -> None:
    answer = stored()["roll-fate-coins"]["answer"]
    results = [r["result"] for term in answer["result"]["foundry"]["terms"] if "results" in term for r in term["results"]]
    draws = answer["audit"]["draws"]
    assert [d["sides"] for d in draws] == [3] * 4 + [2] * 5
    assert results == [d["face"] - 2 for d in draws[:4]] + [d["face"] - 1 for d in draws[4:]]


def test_subtracted_failures_count_as_minus_their_result() -> None:
    die = _terms("roll-subtract-failures")[0]
    assert die["modifiers"] == ["sf<3"]
    for r in die["results"]:
        if r["result"] < 3:
            assert r["failure"] is True and r["count"] == -r["result"]
        else:
            assert "failure" not in r and "count" not in r
    assert _term_value(die) == sum(r["result"] if r["result"] >= 3 else -r["result"] for r in die["results"])


def test_a_margin_lives_in_the_term_options_and_the_results_stay_faces() -> None:
    first, _, group, _, _, _, counted = _terms("roll-margin")
    assert first["options"] == {"marginSuccess": 10} and first["modifiers"] == ["ms>10"]
    inner = group["roll"]["terms"][0]
    assert inner["options"] == {"marginFailure": 12} and inner["modifiers"] == ["ms<=12"]
    assert counted["modifiers"] == ["cs>=8", "ms2"] and counted["options"] == {"marginSuccess": 2}
    assert _term_value(first) == sum(r["result"] for r in first["results"]) - 10
    assert _term_value(counted) == sum(r["result"] >= 8 for r in counted["results"]) - 2


def test_coin_and_fate_fulfilment_answers_the_draws_less_1_and_2() -> None:
    answer = stored()["fulfill-coin-fate"]["answer"]
    coins, fate, d2 = answer["result"]["faces"]
    draws = answer["audit"]["draws"]
    assert [d["sides"] for d in draws] == [2, 2, 2, 3, 3, 3, 3, 2, 2]
    assert coins == [d["face"] - 1 for d in draws[:3]] and set(coins) <= {0, 1}
    assert fate == [d["face"] - 2 for d in draws[3:7]] and set(fate) <= {-1, 0, 1}
    assert d2 == [d["face"] for d in draws[7:]]  # a d2 is a die, not a coin
