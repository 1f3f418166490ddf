"""Strawberry types derived from the pydantic models of the operations.

GraphQL field names are the models' camelCase aliases, so a resolver can return the
same camelCase dict the REST adapter sends. Constraints stay in pydantic: GraphQL input
is converted to a plain dict and validated by the same model as a REST body.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, Union

import strawberry
from pydantic import BaseModel
from strawberry.scalars import JSON
from strawberry.types.base import has_object_definition
from strawberry.types.unset import UNSET

_SCALARS = {int: int, str: str, bool: bool, float: float}


class TypeFactory:
    def __init__(self) -> None:
        self._outputs: dict[type, type] = {}
        self._inputs: dict[type, type] = {}
        self._names: dict[str, type] = {}

    def _claim(self, name: str, model: type) -> str:
        # GraphQL type names are global: two models with one class name would silently merge.
        owner = self._names.setdefault(name, model)
        assert owner is model, f"two models are named {name}: {owner.__module__} and {model.__module__}; rename one"
        return name

    def output(self, model: type[BaseModel]) -> type:
        if model not in self._outputs:
            self._outputs[model] = self._build(model, as_input=False)
        return self._outputs[model]

    def input(self, model: type[BaseModel]) -> type:
        if model not in self._inputs:
            self._inputs[model] = self._build(model, as_input=True)
        return self._inputs[model]

    def _build(self, model: type[BaseModel], *, as_input: bool) -> type:
        annotations: dict[str, Any] = {}
        namespace: dict[str, Any] = {}
        for name, info in model.model_fields.items():
            alias = info.alias or name
            hint = self.convert(info.annotation, as_input=as_input)
            description = info.description
            if as_input and not info.is_required():
                hint = typing.Optional[hint]  # noqa: UP007 - strawberry needs a real Optional here
                namespace[alias] = strawberry.field(default=UNSET, description=description)
            else:
                namespace[alias] = strawberry.field(description=description)
            annotations[alias] = hint
        namespace["__annotations__"] = annotations
        namespace["__doc__"] = (model.__doc__ or "").strip() or None
        cls = type(self._claim(_type_name(model, as_input=as_input), model), (), namespace)
        if as_input:
            return strawberry.input(cls)
        return strawberry.type(cls)

    def convert(self, hint: Any, *, as_input: bool) -> Any:
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin is typing.Annotated:
            return self.convert(args[0], as_input=as_input)
        if origin in (Union, types.UnionType):
            rest = [a for a in args if a is not type(None)]
            if len(rest) == 1:
                return typing.Optional[self.convert(rest[0], as_input=as_input)]  # noqa: UP007
            return typing.Optional[JSON] if type(None) in args else JSON  # noqa: UP007
        if origin is list:
            return types.GenericAlias(list, (self.convert(args[0], as_input=as_input),))  # list[...] of a type found at run time
        if origin is Literal:
            return str if all(isinstance(a, str) for a in args) else int
        if isinstance(hint, type) and issubclass(hint, BaseModel):
            return self.input(hint) if as_input else self.output(hint)
        if hint in _SCALARS:
            return _SCALARS[hint]
        return JSON  # dicts and anything free-form


def _type_name(model: type[BaseModel], *, as_input: bool) -> str:
    """`DiceRollRequest` and `DiceSessionRollInput` keep their names; other models used as input get `Input`."""
    name = model.__name__
    if as_input and not name.endswith(("Input", "Request")):
        return name + "Input"
    return name


def plain(value: Any) -> Any:
    """A strawberry input value as plain JSON-ready data (UNSET fields left out)."""
    if has_object_definition(value):
        out = {}
        for field in value.__strawberry_definition__.fields:
            item = getattr(value, field.python_name)
            if item is not UNSET:
                out[field.python_name] = plain(item)
        return out
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


def resolve_field(obj: Any, name: str) -> Any:
    """Default resolver: our results are camelCase dicts; fall back to attributes."""
    if isinstance(obj, dict):
        return obj.get(name)
    return getattr(obj, name)
