"""The rules' dataclasses as the plain dicts the wire models are built from.

Rules keep their records as frozen dataclasses (tuples inside); a wire model wants dicts and
lists. `as_dict` makes them in one walk, `fields_of` takes one level, and `service.written`
writes a model's wire form from either without building the model.
"""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from service.dice.notation import RollResult


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
