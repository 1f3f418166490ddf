"""What a roll produced, keeping every die (Foundry VTT's per-die shape).

`to_dict()` gives camelCase, JSON-ready dicts; a die always carries all its flags
so clients never have to guess a default. All three are immutable: assigning a field
raises `FrozenInstanceError`.

Each is built the way that is cheapest for how often it is built and read. A die is a
frozen slots dataclass: equal dice are shared flyweights (`term.py`), so one is built once
and read on every roll, and slot reads are the fast ones. A term and a roll are built on
every roll, so they are named tuples (one C call to build, where a frozen dataclass routes
each field through `object.__setattr__`), and `to_dict()` unpacks them.

`bench/roll_results.py` (ten representative formulas, roll + `to_dict()`, best of 40
interleaved rounds of 300 rolls; CPython 3.11 on 2 shared cores; two runs), ratio to this module:

| results built as | HMAC stream (production) | Mersenne stream (engine alone) |
| --- | --- | --- |
| this module | 1.00 | 1.00 |
| all three frozen slots dataclasses, called normally | 1.11–1.12 | 1.14 |
| all three `__slots__` classes, `__init__` through `object.__setattr__` | 1.08–1.10 | 1.10–1.11 |
| all three frozen dataclasses, each filled as a plain twin and then given the frozen class by an `exec`-made constructor (before) | 0.98–1.00 | 0.99 |

Being tuples, a term and a roll also compare equal to a plain tuple of their fields; nothing
relies on that.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass
from typing import Any, NamedTuple


@dataclass(frozen=True, slots=True)
class DieResult:
    result: int
    active: bool = True  # counts toward the term's total (or success count)
    discarded: bool = False  # dropped by keep/drop, or replaced by a reroll
    exploded: bool = False  # this die triggered an extra die
    rerolled: bool = False  # this die was rerolled away (and so is also discarded)
    success: bool | None = None  # None unless the term counts successes
    failure: bool | None = None  # None unless the term counts failures (Foundry's `cf`)

    def to_dict(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "active": self.active,
            "discarded": self.discarded,
            "exploded": self.exploded,
            "rerolled": self.rerolled,
            "success": self.success,
            "failure": self.failure,
        }


class DiceTermResult(NamedTuple):
    expression: str  # the normalized term, e.g. "4d6kh3"
    number: int  # dice rolled at first (2 for d20adv)
    faces: int
    modifiers: tuple[str, ...]  # normalized, in the order they took effect
    results: tuple[DieResult, ...]  # roll order, rerolled and exploded extras included
    total: int  # sum of active results, or the success (failure) count
    successes: int | None = None  # the success count, when the term counts successes

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def to_dict(self) -> dict[str, Any]:
        expression, number, faces, modifiers, results, total, successes = self  # cheaper than field reads
        return {
            "expression": expression,
            "number": number,
            "faces": faces,
            "modifiers": list(modifiers),
            "results": [die.to_dict() for die in results],
            "total": total,
            "successes": successes,
        }


class RollResult(NamedTuple):
    formula: str  # normalized, e.g. "4d6kh3 + 2"
    total: int
    dice: tuple[DiceTermResult, ...]  # left to right
    text: str  # "4d6kh3 (6, 5, 4, ~~1~~) + 2 = 17"
    # The formula's expression tree (`service.dice.notation.tree`), shared by every roll of the formula.
    tree: tuple[dict[str, Any], ...] = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def to_dict(self) -> dict[str, Any]:
        formula, total, dice, text, tree = self
        return {"formula": formula, "total": total, "dice": [term.to_dict() for term in dice], "text": text, "tree": list(tree)}
