"""A result model's wire form written straight from the rules' records, without building the model.

`written(Model, fields)` gives what `Model.model_validate(as_dict(fields)).model_dump(mode="json",
by_alias=True)` gives for a result the rules made: `fields` is a dict of the model's field names
(snake_case) whose values may be the rules' dataclasses, tuples and platform rolls as they are.
Building the model validated every value the rules had just made, and dumping it walked them all
again: about a third of an NCB attack's cost.

A writer is made once per model from its fields (aliases, defaults, nested models, lists,
optional values, literals, enums). A model it cannot follow exactly (a validator, a serializer, a
computed field, a field typed `dict` or `Any`, a union of models) is never written this way, and
neither is a value that is not what its model expects (a missing required field, a field the model
does not have): both take the model's own way, so a mistake in the rules still fails as it did.
A dice roll (a `RollResult`, or the dict its `to_dict()` makes) is already the `DiceRollResult` wire
form but for the fields it leaves to their defaults.

`CHECK` (the test suite turns it on) writes every result both ways and fails unless both encode to
the same JSON bytes.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable
from dataclasses import fields as dataclass_fields
from dataclasses import is_dataclass
from functools import partial
from typing import Any, Literal

import orjson
from pydantic import BaseModel

from service.dice.results import DiceRollResult
from service.plain import WIRE_FORMS, as_dict

CHECK = False

Write = Callable[[Any], Any]


class _Unwritable(Exception):
    """This model (or this value) takes the model's own way."""


_MISSING = object()
_WRITERS: dict[type[BaseModel], Write | None] = {}
_AS_IS: frozenset[type[BaseModel]] = frozenset({DiceRollResult})  # given as a dict, already in wire form


def written(model: type[BaseModel], fields: dict[str, Any]) -> dict[str, Any]:
    """`model`'s wire form of `fields` (see the module's docstring)."""
    write = _writer(model)
    out = None
    if write is not None:
        try:
            out = write(fields)
        except _Unwritable:
            out = None
    if out is None or CHECK:
        slow = model.model_validate(as_dict(fields)).model_dump(mode="json", by_alias=True)
        if CHECK and out is not None and orjson.dumps(out) != orjson.dumps(slow):
            raise AssertionError(f"{model.__name__} written as {out!r}, the model gives {slow!r}")
        return slow
    return out  # type: ignore[no-any-return]


def _writer(model: type[BaseModel]) -> Write | None:
    if model not in _WRITERS:
        try:
            _WRITERS[model] = _make(model)
        except _Unwritable:
            _WRITERS[model] = None
    return _WRITERS[model]


def _make(model: type[BaseModel]) -> Write:
    decorators = model.__pydantic_decorators__
    if (
        decorators.validators or decorators.field_validators or decorators.root_validators
        or decorators.field_serializers or decorators.model_serializers or decorators.model_validators
        or decorators.computed_fields or model.model_config.get("extra") != "forbid"
    ):
        raise _Unwritable(model.__name__)
    plan: list[tuple[str, str, Any, Write | None]] = []
    for name, info in model.model_fields.items():
        if info.exclude:
            raise _Unwritable(f"{model.__name__}.{name}")
        default = _MISSING if info.is_required() else info.get_default(call_default_factory=True)
        try:
            convert = _converter(info.annotation)
        except _Unwritable:
            if model not in _AS_IS:
                raise
            convert = _refuse  # given in wire form, the value is never converted
        plan.append((name, info.serialization_alias or info.alias or name, default, convert))
    names = frozenset(name for name, *_ in plan)
    known: dict[type, bool] = {}  # a record type: whether all its fields are the model's

    def write(value: Any) -> dict[str, Any]:
        kind = type(value)
        if kind is dict:
            if not value.keys() <= names:
                raise _Unwritable(model.__name__)
            read = value.get
        elif kind is model:
            return value.model_dump(mode="json", by_alias=True)  # type: ignore[no-any-return]
        else:
            fits = known.get(kind)
            if fits is None:
                fits = known[kind] = is_dataclass(value) and {f.name for f in dataclass_fields(value)} <= names
            if not fits:
                raise _Unwritable(model.__name__)
            read = partial(getattr, value)

        out = {}
        for name, alias, default, convert in plan:
            item = read(name, default)
            if item is _MISSING:
                raise _Unwritable(f"{model.__name__}.{name}")
            out[alias] = item if convert is None or item is None else convert(item)
        return out

    if model in _AS_IS:
        defaults = [(alias, default) for _, alias, default, _ in plan if default is not _MISSING]

        def as_is(value: Any) -> Any:
            to_wire = WIRE_FORMS.get(type(value))
            if to_wire is not None:
                value = to_wire(value)
            elif type(value) is not dict:
                return write(value)
            missing = {alias: default for alias, default in defaults if alias not in value}
            return {**value, **missing} if missing else value

        return as_is
    return write


def _refuse(value: Any) -> Any:
    raise _Unwritable(type(value).__name__)


def _converter(annotation: Any) -> Write | None:
    """What writes a value of `annotation` (None when it is written as it is); a None value is always None."""
    if annotation in (str, int, bool, type(None)):
        return None
    if annotation is float:
        return float
    origin = typing.get_origin(annotation)
    if origin is Literal:
        return None
    if origin is typing.Union or origin is types.UnionType:
        inner = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
        if len(inner) == 1:
            return _converter(inner[0])
        if all(_converter(arg) is None for arg in inner):
            return None
        raise _Unwritable(str(annotation))
    if origin is list or origin is tuple:
        args = typing.get_args(annotation)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            raise _Unwritable(str(annotation))
        item = _converter(args[0])
        if item is None:
            return list
        return lambda values: [None if v is None else item(v) for v in values]
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return lambda member: member.value
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        nested = _writer(annotation)
        if nested is None:
            raise _Unwritable(annotation.__name__)
        return nested
    raise _Unwritable(str(annotation))
