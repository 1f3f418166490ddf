"""What the moves of several themes share: a target described by numbers, an amount or a formula, and
the rules' dataclasses as the dicts the wire models are built from."""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from service.dice.notation import RollResult
from service.systems.ncb.errors import AMOUNT_OR_DICE, refuse
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.damage import DOWN, Vitals, damage_reduction
from service.systems.ncb.rules.dice import DiceStream, roll_formula
from service.systems.ncb.rules.eddies import Ledger
from service.systems.ncb.wire.rolls import NcbTargetSpec


def target_vitals(t: NcbTargetSpec, rules: NcbRules) -> Vitals:
    return Vitals(
        hp=t.hp,
        max_hp=t.max_hp,
        condition=t.condition,
        damage_reduction=damage_reduction(t.armor, t.plating, rules.reduction_cap),
        death_successes=t.death_successes,
        death_failures=t.death_failures,
        last_breath=(t.kind == "character") if t.last_breath is None else t.last_breath,
        exhaustion=t.exhaustion,
        nc=t.kind == "nc",
        helpless=t.helpless or t.condition in DOWN,
    )


def amount_or_dice(amount: int | None, dice: str | None, stream: DiceStream) -> tuple[int, dict[str, Any] | None]:
    """Exactly one of a fixed amount or a formula; the formula is rolled (never below 0)."""
    if (amount is None) == (dice is None):
        raise refuse(AMOUNT_OR_DICE, "give exactly one of `amount` or `dice`")
    if dice is None:
        return amount or 0, None
    rolled = roll_formula(dice, stream)
    return max(0, rolled.total), rolled.to_dict()


def ledger_fields(ledger: Ledger) -> dict[str, Any]:
    return {
        "eddies": ledger.eddies,
        "debts": list(ledger.debts),
        "total_debt": ledger.total_debt,
        "paid": ledger.paid,
        "debt_added": ledger.debt_added,
        "debt_repaid": ledger.debt_repaid,
    }


def as_dict(value: Any) -> dict[str, Any]:
    """A rules dataclass as a dict of its fields (nested ones too, tuples as lists), for the wire models.

    What `dataclasses.asdict` and a pass turning tuples into lists gave, in one walk: `asdict`
    deep-copies every leaf on the way, which made it most of an NCB attack's cost. Immutable
    leaves are shared instead; a platform roll (`RollResult`) becomes its own wire form, fresh from
    `to_dict()` (its expression tree shared, as every roll's answer shares it) instead of a walk
    over every node; any other leaf is still deep-copied, as `asdict` would.
    """
    return _plain(value)  # type: ignore[no-any-return]


def fields_of(record: Any) -> dict[str, Any]:
    """A rules dataclass's fields as a dict, their values as they are (one level of `as_dict`)."""
    kind = type(record)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(field.name for field in fields(record))
    return {name: getattr(record, name) for name in names}


_SHARED = (str, int, float, bool, type(None), Enum)
# Exact types met so far, looked up before anything else: a set lookup costs less than the
# isinstance checks it replaces, and an attack's result holds some fifty values.
_LEAVES: set[type] = {str, int, float, bool, type(None)}
_FIELDS: dict[type, tuple[str, ...]] = {}
# Records that write their own wire form, fresh on each call.
WIRE_FORMS: dict[type, Callable[[Any], Any]] = {RollResult: RollResult.to_dict}


def _plain(value: Any) -> Any:
    kind = type(value)
    if kind in _LEAVES:
        return value
    names = _FIELDS.get(kind)
    if names is not None:
        return {name: _plain(getattr(value, name)) for name in names}
    if kind is tuple or kind is list:
        return [_plain(item) for item in value]
    if kind is dict:
        return {key if type(key) in _LEAVES else _plain_key(key): _plain(item) for key, item in value.items()}
    wire = WIRE_FORMS.get(kind)
    return wire(value) if wire is not None else _learn(value, kind)


def _plain_key(key: Any) -> Any:
    return key if isinstance(key, _SHARED) else deepcopy(key)


def _learn(value: Any, kind: type) -> Any:
    """A value of a type not met before (or not kept): what `_plain` makes of it, remembering its type if it can."""
    if isinstance(value, _SHARED):  # an enum, a str or int subclass: immutable, shared
        _LEAVES.add(kind)
        return value
    if is_dataclass(value) and not isinstance(value, type):
        _FIELDS[kind] = tuple(field.name for field in fields(value))
        return _plain(value)
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {_plain_key(key): _plain(item) for key, item in value.items()}
    return deepcopy(value)
