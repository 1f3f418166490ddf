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
    return sum(r.get("count", r["result"]) for r in term["results"] if r["active"])


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
        assert term["evaluated"] is True and term["options"] == {}
        if term["class"] == "Die":
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
