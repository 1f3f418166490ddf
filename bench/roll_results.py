"""Micro-benchmark: how the three roll results are built, measured on the whole roll.

Run: .venv/bin/python bench/roll_results.py [--rounds 30] [--rolls 300]

Rolls ten representative formulas and turns each result into its wire dict (`to_dict()`, as
the dice table does), with the results built each of four ways in turn, in one process:

- `result.py`: what `service/dice/notation/result.py` uses (a die a frozen slots dataclass,
  a term and a roll named tuples);
- `dataclass(...)`: all three frozen slots dataclasses, built by calling them;
- `slots + setattr`: all three plain `__slots__` classes whose `__init__` stores through
  `object.__setattr__` (their `__setattr__` refuses, to stay immutable);
- `exec swap`: the same frozen dataclasses, each filled as a plain twin with the same slots and
  then given the frozen class (`obj.__class__ = cls`) by a constructor made with `exec`: what
  `result.py` did before.

The roller looks its result classes up as module globals, so each way is swapped in there (and
the die flyweights cleared). Each is timed on the production HMAC `Stream` and on a Mersenne
Twister stream (the notation engine alone, so the build's share is larger). Rounds interleave
the ways and each keeps its best round, which filters out other load on a shared machine;
ratios are to `result.py`. Every way must give the same wire dicts, or the script stops.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time
from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass, fields
from typing import TYPE_CHECKING, Any, cast

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from service.dice.notation import result, roll, roller, term  # noqa: E402
from service.dice.stream import Stream  # noqa: E402

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

FORMULAS = [
    "1d20+5",
    "4d6kh3",
    "2d20kl1+3",
    "d20adv+7",
    "8d6",
    "1d6!",
    "4d6r1",
    "(1d8+2)*2",
    "10d10>=8",
    "4d6kh3 + 1d8 + 2",
]

Builders = tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]  # die, term, roll


class _DieDict:
    __slots__ = ()
    result: int
    active: bool
    discarded: bool
    exploded: bool
    rerolled: bool
    success: bool | None
    failure: bool | None

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


class _TermDict:
    __slots__ = ()
    expression: str
    number: int
    faces: int
    modifiers: tuple[str, ...]
    results: tuple[Any, ...]
    total: int
    successes: int | None

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


class _RollDict:
    __slots__ = ()
    formula: str
    total: int
    dice: tuple[Any, ...]
    text: str
    tree: tuple[dict[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "formula": self.formula,
            "total": self.total,
            "dice": [term.to_dict() for term in self.dice],
            "text": self.text,
            "tree": list(self.tree),
        }


@dataclass(frozen=True, slots=True)
class _DieDC(_DieDict):
    result: int
    active: bool = True
    discarded: bool = False
    exploded: bool = False
    rerolled: bool = False
    success: bool | None = None
    failure: bool | None = None


@dataclass(frozen=True, slots=True)
class _TermDC(_TermDict):
    expression: str
    number: int
    faces: int
    modifiers: tuple[str, ...]
    results: tuple[Any, ...]
    total: int
    successes: int | None = None


@dataclass(frozen=True, slots=True)
class _RollDC(_RollDict):
    formula: str
    total: int
    dice: tuple[Any, ...]
    text: str
    tree: tuple[dict[str, Any], ...] = ()


def _exec_swap(cls: type[DataclassInstance]) -> Callable[..., Any]:
    """The constructor `result.py` used before: a plain twin with the same slots, then `__class__ = cls`."""
    names = [f.name for f in fields(cls)]
    draft = type(f"_{cls.__name__}Draft", cls.__bases__, {"__slots__": cls.__slots__})  # type: ignore[attr-defined]  # slots=True
    stores = "".join(f"    obj.{name} = {name}\n" for name in names)
    source = (
        f"def build({', '.join(names)}, *, _draft=_draft, _cls=_cls):\n"
        f"    obj = _draft()\n{stores}    obj.__class__ = _cls\n    return obj\n"
    )
    namespace: dict[str, Any] = {"_draft": draft, "_cls": cls}
    exec(source, namespace)  # noqa: S102 - a fixed template over our own field names
    return cast("Callable[..., Any]", namespace["build"])


class _Frozen:
    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")


_SET = object.__setattr__


class _DieSlots(_Frozen, _DieDict):
    __slots__ = ("result", "active", "discarded", "exploded", "rerolled", "success", "failure")

    def __init__(
        self, result: int, active: bool, discarded: bool, exploded: bool, rerolled: bool, success: bool | None, failure: bool | None
    ) -> None:
        _SET(self, "result", result)
        _SET(self, "active", active)
        _SET(self, "discarded", discarded)
        _SET(self, "exploded", exploded)
        _SET(self, "rerolled", rerolled)
        _SET(self, "success", success)
        _SET(self, "failure", failure)


class _TermSlots(_Frozen, _TermDict):
    __slots__ = ("expression", "number", "faces", "modifiers", "results", "total", "successes")

    def __init__(
        self, expression: str, number: int, faces: int, modifiers: tuple[str, ...], results: tuple[Any, ...], total: int, successes: int | None
    ) -> None:
        _SET(self, "expression", expression)
        _SET(self, "number", number)
        _SET(self, "faces", faces)
        _SET(self, "modifiers", modifiers)
        _SET(self, "results", results)
        _SET(self, "total", total)
        _SET(self, "successes", successes)


class _RollSlots(_Frozen, _RollDict):
    __slots__ = ("formula", "total", "dice", "text", "tree")

    def __init__(self, formula: str, total: int, dice: tuple[Any, ...], text: str, tree: tuple[dict[str, Any], ...] = ()) -> None:
        _SET(self, "formula", formula)
        _SET(self, "total", total)
        _SET(self, "dice", dice)
        _SET(self, "text", text)
        _SET(self, "tree", tree)


WAYS: dict[str, Builders] = {
    "result.py": (result.DieResult, result.DiceTermResult, result.RollResult),
    "dataclass(...)": (_DieDC, _TermDC, _RollDC),
    "slots + setattr": (_DieSlots, _TermSlots, _RollSlots),
    "exec swap": (_exec_swap(_DieDC), _exec_swap(_TermDC), _exec_swap(_RollDC)),
}


def _use(builders: Builders) -> None:
    die, term_, roll_ = builders
    setattr(term, "DieResult", die)  # noqa: B010 - module globals the roller reads at call time
    setattr(term, "DiceTermResult", term_)  # noqa: B010
    setattr(roller, "RollResult", roll_)  # noqa: B010
    term._die.__self__.clear()  # type: ignore[attr-defined]  # the flyweight tables (bound dict methods)
    term._plain.__self__.clear()  # type: ignore[attr-defined]


class _MersenneStream:
    __slots__ = ("roll",)

    def __init__(self, seed: int) -> None:
        randrange = random.Random(seed).randrange
        self.roll: Callable[[int], int] = lambda sides: randrange(sides) + 1


def _stream(kind: str, index: int) -> Any:
    return Stream(seed="bench", scope="bench", nonce=index) if kind == "hmac" else _MersenneStream(index)


def _round(kind: str, rolls: int) -> float:
    """Seconds per formula, roll + to_dict, over `rolls` streams of every formula."""
    start = time.perf_counter()
    for index in range(rolls):
        stream = _stream(kind, index)
        for formula in FORMULAS:
            roll(formula, stream).to_dict()
    return (time.perf_counter() - start) / rolls / len(FORMULAS)


def _same_answers() -> None:
    answers = {}
    for way, builders in WAYS.items():
        _use(builders)
        answers[way] = [roll(formula, _stream("hmac", 7)).to_dict() for formula in FORMULAS]
    first = answers["result.py"]
    assert all(answer == first for answer in answers.values()), "the ways disagree on a wire dict"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--rolls", type=int, default=300, help="streams per round, each rolling every formula")
    args = parser.parse_args()
    original: Builders = (getattr(term, "DieResult"), getattr(term, "DiceTermResult"), getattr(roller, "RollResult"))  # noqa: B009
    try:
        _same_answers()
        for kind in ("hmac", "mersenne"):
            best = dict.fromkeys(WAYS, float("inf"))
            for _ in range(args.rounds):
                for way, builders in WAYS.items():
                    _use(builders)
                    best[way] = min(best[way], _round(kind, args.rolls))
            base = best["result.py"]
            print(f"{kind} stream: best µs per formula (roll + to_dict), ratio to result.py")
            for way, seconds in best.items():
                print(f"  {way:16} {seconds * 1e6:7.2f} µs  {seconds / base:5.2f}")
    finally:
        _use(original)


if __name__ == "__main__":
    main()
