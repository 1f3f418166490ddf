"""Strawberry types derived from the pydantic models of the operations.

GraphQL field names are the models' camelCase aliases, so a resolver can return the
same camelCase dict the REST adapter sends. Constraints stay in pydantic: GraphQL input
is converted to a plain dict and validated by the same model as a REST body.
"""

from __future__ import annotations

import enum
import keyword
import types
import typing
from typing import Any, Literal, Union

import strawberry
from pydantic import BaseModel, BeforeValidator, PlainValidator, WrapValidator
from strawberry.scalars import JSON
from strawberry.types.base import has_object_definition
from strawberry.types.unset import UNSET

from service.api.enums import Enums, graphql_name, union_alias
from service.sessions.models import SessionView

_SCALARS = {int: int, str: str, bool: bool, float: float}
_VALIDATORS = (BeforeValidator, PlainValidator, WrapValidator)
# Fields that hold a session's id are `ID` wherever they appear (arguments, inputs and outputs),
# and so is a session view's own `id`.
_IDS = frozenset({"sessionId"})


class TypeFactory:
    def __init__(self, enums: Enums | None = None) -> None:
        self._outputs: dict[type, type] = {}
        self._inputs: dict[type, type] = {}
        self._names: dict[str, type] = {}
        self._enums = enums or Enums()
        self._enum_types: dict[str, type] = {}
        self._unions: dict[str, Any] = {}
        self._taken = self._enums.models  # every model's name: a renamed input must not take one

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
            session_id = alias in _IDS or (alias == "id" and issubclass(model, SessionView))
            annotation = typing.Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
            hint = strawberry.ID if session_id and info.annotation is str else self.convert(annotation, as_input=as_input)
            description = info.description
            # A keyword (`for`) cannot be a Python attribute: `for_`, named `for` in GraphQL.
            python, named = (alias + "_", alias) if keyword.iskeyword(alias) else (alias, None)
            if as_input and not info.is_required():
                hint = typing.Optional[hint]  # noqa: UP007 - strawberry needs a real Optional here
                namespace[python] = strawberry.field(default=UNSET, description=description, name=named)
            else:
                namespace[python] = strawberry.field(description=description, name=named)
            annotations[python] = hint
        namespace["__annotations__"] = annotations
        namespace["__doc__"] = (model.__doc__ or "").strip() or None
        cls = type(self._claim(_type_name(self._enums.model(model), as_input=as_input, taken=self._taken), model), (), namespace)
        if as_input:
            return strawberry.input(cls)
        return strawberry.type(cls)

    def convert(self, hint: Any, *, as_input: bool) -> Any:
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin is typing.Annotated:
            tag = next((getattr(m, "discriminator", None) for m in args[1:] if isinstance(getattr(m, "discriminator", None), str)), None)
            if tag and not as_input and typing.get_origin(args[0]) in (Union, types.UnionType) and union_alias(typing.get_args(args[0])):
                return self.tagged_union(args[0], tag)
            if as_input and typing.get_origin(args[0]) is Literal and any(isinstance(m, _VALIDATORS) for m in args[1:]):
                return str  # the game checks the value itself, with its own refusal code: GraphQL must let it through
            return self.convert(args[0], as_input=as_input)
        if origin in (Union, types.UnionType):
            rest = [a for a in args if a is not type(None)]
            if len(rest) == 1:
                return typing.Optional[self.convert(rest[0], as_input=as_input)]  # noqa: UP007
            return typing.Optional[JSON] if type(None) in args else JSON  # noqa: UP007
        if origin is list:
            return types.GenericAlias(list, (self.convert(args[0], as_input=as_input),))  # list[...] of a type found at run time
        if origin is Literal:
            if all(isinstance(a, str) for a in args):
                name = self._enums.name(args) if len(args) > 1 else None
                # A set GraphQL cannot spell as REST does (`walk-in`, `@`) stays a String: a body is the same JSON both ways.
                return self.enum(name) if name and all(graphql_name(a) == a for a in args) else str
            return int  # an enum value is a name in GraphQL: a closed set of numbers stays Int
        if isinstance(hint, type) and issubclass(hint, BaseModel):
            return self.input(hint) if as_input else self.output(hint)
        if hint in _SCALARS:
            return _SCALARS[hint]
        return JSON  # dicts and anything free-form


    def tagged_union(self, hint: Any, tag: str) -> Any:
        """A discriminated union (`Field(discriminator="kind")`) as a GraphQL union of its members' object types.

        Input keeps the JSON scalar (GraphQL has no input unions; a `@oneOf` input would change the
        wire shape), validated by the same pydantic union as REST."""
        members = typing.get_args(hint)
        name = union_alias(members)
        assert name is not None, "a tagged union is published under its module-level alias"
        if name not in self._unions:
            types_ = []
            for member in members:
                value = typing.get_args(member.model_fields[tag].annotation)[0]
                out = self.output(member)
                # Our results are dicts: the member is the one whose tag has its value.
                typing.cast(Any, out).__strawberry_definition__.is_type_of = lambda obj, info, value=value: _tag(obj, tag) == value
                types_.append(out)
            self._unions[name] = typing.Annotated[Union[tuple(types_)], strawberry.union(name)]  # noqa: UP007
        return self._unions[name]

    def enum(self, name: str) -> type:
        """The GraphQL enum of a closed set whose values are all GraphQL names: spelled exactly as on REST."""
        if name not in self._enum_types:
            values = self._enums.values[name]
            members = enum.Enum(name, [(graphql_name(v), v) for v in values], type=str)  # type: ignore[misc]
            self._enum_types[name] = strawberry.enum(members, name=name, description=f"One of: {', '.join(f'`{v}`' for v in values)}.")
        return self._enum_types[name]


def _tag(obj: Any, tag: str) -> Any:
    return obj.get(tag) if isinstance(obj, dict) else getattr(obj, tag, None)


def _type_name(name: str, *, as_input: bool, taken: frozenset[str] = frozenset()) -> str:
    """Every input type's name ends in `Input`: `DiceSessionRollInput` keeps its name, the stateless
    `DiceRollRequest` is `DiceRollInput` unless a model is named `DiceRoll` or `DiceRollInput` (then
    `DiceRollRequestInput`); other models used as input get `Input` appended."""
    if not as_input or name.endswith("Input"):
        return name
    stem = name.removesuffix("Request")
    if stem != name and not {stem, stem + "Input"} & taken:
        return stem + "Input"
    return name + "Input"


def plain(value: Any) -> Any:
    """A strawberry input value as plain JSON-ready data (UNSET fields left out)."""
    if has_object_definition(value):
        out = {}
        for field in value.__strawberry_definition__.fields:
            item = getattr(value, field.python_name)
            if item is not UNSET:
                out[field.graphql_name or field.python_name] = plain(item)
        return out
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, enum.Enum):
        return value.value
    return value


def resolve_field(obj: Any, name: str) -> Any:
    """Default resolver: our results are camelCase dicts; fall back to attributes."""
    if isinstance(obj, dict):
        value = obj.get(name)
        if value is None and name in _KEYWORDS:  # `for_` holds the member `for`
            return obj.get(name[:-1])
        return value
    return getattr(obj, name)


_KEYWORDS = frozenset(word + "_" for word in keyword.kwlist)
