"""A rolled formula as Foundry VTT serializes an evaluated `Roll`, for `Roll.fromData`.

The shape follows Foundry VTT v12 and v13 (`Roll#toJSON`, `RollTerm#toJSON` with each class's
serialized attributes), from Foundry's public API documentation:

- the roll: `class: "Roll"`, `options`, `dice` (always empty here: no dice hide in a term's
  number or faces), `formula` in Foundry's notation, `terms`, `total`, `evaluated: true`;
- every term: `class`, `options`, `evaluated: true`, plus `Die`: `number`, `faces`, `modifiers`
  (one string each, as Foundry splits them), `results`; `NumericTerm`: `number`;
  `OperatorTerm`: `operator`; `ParentheticalTerm`: `term` (its inner formula) and `roll` (the
  inner roll, in this same shape);
- a die result: `result` and `active` always, then only the flags Foundry sets — `discarded`
  (dropped by keep/drop), `rerolled` (rerolled away: Foundry marks these inactive but not
  discarded), `exploded`, and on counting terms `success` (or `failure`) with `count` 1 or 0,
  which is what Foundry totals instead of the face (so `6d10>=8` totals its successes).

Terms are flat the way Foundry keeps them (`2 * 3 + 4` is five terms; Foundry's own precedence
reads them back); parentheses become a `ParentheticalTerm` and a unary minus an `OperatorTerm`.
A die moved by `min`/`max` shows the value it counts as.

Foundry's rarer dice and modifiers, as its v12/v13 classes record them:

- Fate dice are `FateDie` (`faces: 3`, results -1, 0, +1; a +1 carries `success: true` and a -1
  `failure: true`, with no `count`, so they add up as their results); coins are `Coin` (`faces: 2`,
  results 0 tails and 1 heads; a called coin carries `success` and `count`);
- `even` / `odd` mark `success` with `count` 1 or 0, as a success count does;
- `sf` marks each failure `failure: true` with `count` minus its result (the other dice count as
  their results);
- `ms` changes no result: Foundry keeps the target in the term's `options` (`marginSuccess`, or
  `marginFailure` for `<` and `<=`) and its `Die#total` subtracts it there.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from service.dice.notation.ast import (
    MAPPED_LETTERS,
    Dice,
    Group,
    MappedDice,
    Margin,
    Negate,
    Node,
    Number,
    SubtractFailures,
    Sum,
    foundry_text,
)
from service.dice.notation.result import DiceTermResult, DieResult, RollResult


def foundry_roll(node: Node, result: RollResult) -> dict[str, Any]:
    """The `Roll.fromData` JSON of `result`, the roll of `node`."""
    terms: list[dict[str, Any]] = []
    _terms(node, iter(result.dice), terms)
    return _roll(foundry_formula(node), terms, result.total)


def foundry_formula(node: Node) -> str:
    """`node` in Foundry's notation: `4d6r1` (ours, recursive) is `4d6rr1`, `3d6!` is `3d6x`."""
    if isinstance(node, Number):
        return str(node.value)
    if isinstance(node, Dice):
        modifiers = "".join(_modifiers(node))
        return f"{node.count}d{MAPPED_LETTERS[node.kind] if isinstance(node, MappedDice) else node.sides}{modifiers}"
    if isinstance(node, Negate):
        return f"-{foundry_formula(node.operand)}"
    if isinstance(node, Group):
        return f"({foundry_formula(node.inner)})"
    if isinstance(node, Sum):
        return foundry_formula(node.first) + "".join(f" {op} {foundry_formula(item)}" for op, item in node.rest)
    return " * ".join(foundry_formula(item) for item in (node.first, *node.rest))


def _roll(formula: str, terms: list[dict[str, Any]], total: int) -> dict[str, Any]:
    return {"class": "Roll", "options": {}, "dice": [], "formula": formula, "terms": terms, "total": total, "evaluated": True}


def _term(cls: str, **attributes: Any) -> dict[str, Any]:
    return {"class": cls, "options": {}, "evaluated": True, **attributes}


def _operator(op: str) -> dict[str, Any]:
    return _term("OperatorTerm", operator=op)


def _terms(node: Node, rolled: Iterator[DiceTermResult], out: list[dict[str, Any]]) -> int:
    """Append `node`'s Foundry terms to `out`; return its value (for a parenthetical's inner total)."""
    if isinstance(node, Number):
        out.append(_term("NumericTerm", number=node.value))
        return node.value
    if isinstance(node, Dice):
        term = next(rolled)
        out.append(_die(node, term))
        return term.total
    if isinstance(node, Negate):
        out.append(_operator("-"))
        return -_terms(node.operand, rolled, out)
    if isinstance(node, Group):
        inner: list[dict[str, Any]] = []
        value = _terms(node.inner, rolled, inner)
        formula = foundry_formula(node.inner)
        out.append(_term("ParentheticalTerm", term=formula, roll=_roll(formula, inner, value)))
        return value
    if isinstance(node, Sum):
        value = _terms(node.first, rolled, out)
        for op, item in node.rest:
            out.append(_operator(op))
            v = _terms(item, rolled, out)
            value = value + v if op == "+" else value - v
        return value
    value = _terms(node.first, rolled, out)
    for item in node.rest:
        out.append(_operator("*"))
        value *= _terms(item, rolled, out)
    return value


def _modifiers(node: Dice) -> list[str]:
    """The term's modifiers as Foundry writes them (a Fate die's or coin's as the node prints them)."""
    if isinstance(node, MappedDice):
        return list(node.modifier_texts)
    end = len(node.modifiers) - 1
    return [foundry_text(m, node.sides, i == end) for i, m in enumerate(node.modifiers)]


def _die(node: Dice, term: DiceTermResult) -> dict[str, Any]:
    cls = "Die"
    result = _result
    if isinstance(node, MappedDice):
        cls = "FateDie" if node.kind == "fate" else "Coin"
        result = _fate_result if node.kind == "fate" else _result
    elif any(isinstance(m, SubtractFailures) for m in node.modifiers):
        result = _subtracted_result
    data = _term(
        cls,
        number=node.count,
        faces=node.sides,
        modifiers=_modifiers(node),
        results=[result(die) for die in term.results],
    )
    margin = node.modifiers[-1] if node.modifiers else None
    if isinstance(margin, Margin):
        data["options"] = {"marginFailure" if margin.failure else "marginSuccess": margin.value}
    return data


def _fate_result(die: DieResult) -> dict[str, Any]:
    """A Fate die as Foundry's `FateDie#roll` records it: +1 a success, -1 a failure, neither counted."""
    out = _result(die)
    if die.result == 1:
        out["success"] = True
    elif die.result == -1:
        out["failure"] = True
    return out


def _subtracted_result(die: DieResult) -> dict[str, Any]:
    """Under `sf`, a failure counts as minus its result; the other dice carry no failure flag."""
    out = _result(die)
    del out["failure"], out["count"]
    if die.failure:
        out["failure"] = True
        out["count"] = -die.result
    return out


def _result(die: DieResult) -> dict[str, Any]:
    out: dict[str, Any] = {"result": die.result, "active": die.active}
    if die.rerolled:
        out["rerolled"] = True
    elif die.discarded:
        out["discarded"] = True
    if die.exploded:
        out["exploded"] = True
    if die.success is not None:
        out["success"] = die.success
        out["count"] = 1 if die.success else 0
    elif die.failure is not None:
        out["failure"] = die.failure
        out["count"] = 1 if die.failure else 0
    return out
