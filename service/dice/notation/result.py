"""What a roll produced, keeping every die (Foundry VTT's per-die shape).

`to_dict()` gives camelCase, JSON-ready dicts; a die always carries all six flags
so clients never have to guess a default.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

_T = TypeVar("_T", bound="DataclassInstance")


@dataclass(frozen=True, slots=True)
class DieResult:
    result: int
    active: bool = True  # counts toward the term's total (or success count)
    discarded: bool = False  # dropped by keep/drop, or replaced by a reroll
    exploded: bool = False  # this die triggered an extra die
    rerolled: bool = False  # this die was rerolled away (and so is also discarded)
    success: bool | None = None  # None unless the term counts successes

    def to_dict(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "active": self.active,
            "discarded": self.discarded,
            "exploded": self.exploded,
            "rerolled": self.rerolled,
            "success": self.success,
        }


@dataclass(frozen=True, slots=True)
class DiceTermResult:
    expression: str  # the normalized term, e.g. "4d6kh3"
    number: int  # dice rolled at first (2 for d20adv)
    faces: int
    modifiers: tuple[str, ...]  # normalized, in the order they took effect
    results: tuple[DieResult, ...]  # roll order, rerolled and exploded extras included
    total: int  # sum of active results, or the success count
    successes: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "expression": self.expression,
            "number": self.number,
            "faces": self.faces,
            "modifiers": list(self.modifiers),
            "results": [die.to_dict() for die in self.results],
            "total": self.total,
            "successes": self.successes,
        }


@dataclass(frozen=True, slots=True)
class RollResult:
    formula: str  # normalized, e.g. "4d6kh3 + 2"
    total: int
    dice: tuple[DiceTermResult, ...]  # left to right
    text: str  # "4d6kh3 (6, 5, 4, ~~1~~) + 2 = 17"

    def to_dict(self) -> dict[str, Any]:
        return {
            "formula": self.formula,
            "total": self.total,
            "dice": [term.to_dict() for term in self.dice],
            "text": self.text,
        }


def _builder(cls: type[_T]) -> Callable[..., _T]:
    """A fast positional constructor for a frozen slots dataclass; the roller's hot path uses it.

    The generated frozen `__init__` routes each field through `object.__setattr__`,
    which made building the result cost more than rolling the dice. This fills a
    plain object with the same slots (ordinary attribute stores) and then gives it
    the frozen class: same type, fields, equality and immutability as `cls(...)`.
    """
    names = [f.name for f in fields(cls)]
    draft = type(f"_{cls.__name__}Draft", (), {"__slots__": cls.__slots__})  # type: ignore[attr-defined]  # a slots=True dataclass; the protocol omits it
    stores = "".join(f"    obj.{name} = {name}\n" for name in names)
    source = (
        f"def build({', '.join(names)}, *, _draft=_draft, _cls=_cls):\n"
        f"    obj = _draft()\n{stores}    obj.__class__ = _cls\n    return obj\n"
    )
    namespace: dict[str, Any] = {"_draft": draft, "_cls": cls}
    exec(source, namespace)  # noqa: S102 - a fixed template over our own field names
    return cast("Callable[..., _T]", namespace["build"])  # defined by the exec above


new_die = _builder(DieResult)
new_term = _builder(DiceTermResult)
new_roll = _builder(RollResult)
