"""`as_dict` gives what `dataclasses.asdict` plus tuples-as-lists gave, without copying immutable leaves."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any, NamedTuple

from service.dice.notation import RollResult, roll
from service.dice.stream import Stream
from service.plain import as_dict
from service.systems.ncb.rules.eddies import Ledger
from service.systems.ncb.wire.sheet import NcbDebt


def _old(value: Any) -> dict[str, Any]:
    def lists(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: lists(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [lists(x) for x in v]
        return v

    return {k: lists(v) for k, v in asdict(value).items()}


class Colour(Enum):
    RED = "red"


class Pair(NamedTuple):
    a: int
    b: str


@dataclass(frozen=True)
class Inner:
    faces: tuple[int, ...]
    colour: Colour
    note: str | None = None


@dataclass
class Outer:
    inner: Inner
    inners: tuple[Inner, ...]
    table: dict[str, Any]
    pair: Pair
    tags: set[str] = field(default_factory=set)
    scale: float = 1.5
    flag: bool = True


def test_nested_dataclasses_tuples_dicts_and_leaves_come_out_as_before() -> None:
    inner = Inner((6, 1, 4), Colour.RED)
    value = Outer(inner, (inner, Inner((), Colour.RED, "x")), {"k": (1, 2), "d": {"n": inner}}, Pair(3, "p"), {"smartgun"})
    got = as_dict(value)
    assert got == _old(value)
    assert got["inners"][0] == {"faces": [6, 1, 4], "colour": Colour.RED, "note": None}
    assert got["table"]["d"]["n"]["faces"] == [6, 1, 4] and got["pair"] == [3, "p"]
    assert got["tags"] == {"smartgun"} and got["tags"] is not value.tags  # a mutable leaf is copied, as asdict did


def test_a_rules_dataclass_with_a_wire_model_inside_comes_out_as_before() -> None:
    debt = NcbDebt(creditor="Trauma Team", reason="rescue", amount=500)
    ledger = Ledger(eddies=120, debts=(debt,), paid=30, debt_added=500, debt_repaid=0)
    got = as_dict(ledger)
    assert got == _old(ledger) == {"eddies": 120, "debts": [debt], "paid": 30, "debt_added": 500, "debt_repaid": 0}
    assert got["debts"][0] is not debt  # a model leaf is a copy, as asdict made


@dataclass(frozen=True)
class Rolled:
    formula: str
    roll: RollResult
    rolls: tuple[RollResult, ...]


def test_a_platform_roll_inside_comes_out_as_its_own_wire_form_fresh_each_time() -> None:
    first = roll("2d6 + 4", Stream(seed="as-dict", scope="test", nonce=0))
    second = roll("1d20", Stream(seed="as-dict", scope="test", nonce=1))
    record = Rolled("2d6 + 4", first, (first, second))
    got = as_dict(record)
    assert got == {"formula": "2d6 + 4", "roll": first.to_dict(), "rolls": [first.to_dict(), second.to_dict()]}
    assert got["roll"]["dice"][0]["results"] == [die.to_dict() for die in first.dice[0].results]
    again = as_dict(record)
    assert again == got and again["roll"] is not got["roll"]  # each answer its own dicts
    assert again["roll"]["dice"] is not got["roll"]["dice"]
