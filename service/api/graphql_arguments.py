"""The root field's arguments of a planned document, built without graphql-core's coercion walk.

Coercing variables and arguments took graphql-core more time than the dice roll itself. For
the common shapes — variables of the built-in scalars and of enums, and arguments made of those variables,
input objects and plain literals — a plan builds the arguments directly. Every value that
is not exactly what the scalar (or enum) would coerce to (a missing non-null variable, an int for a
String, a 64-bit Int) returns None, and the caller falls back to graphql-core, which
coerces or words the error. `build_arguments` and graphql-core's `get_argument_values`
give equal results wherever the former answers; a test holds them to it.

Switch: NA_GRAPHQL_DIRECT_ARGUMENTS (on by default; off, a plan leaves every request's
arguments to graphql-core). Gain, measured with bench/switches.py, 2026-12-01, 1-minute load
1.16 at the start and 1.03 at the end, on the planned `diceRoll` mutation of bench/http.py:
1.05x the requests per second (247 against 257 µs of CPU per request, 1.04x); two busier runs
the same day gave 1.12x and 1.21x.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from graphql import (
    BooleanValueNode,
    EnumValueNode,
    GraphQLEnumType,
    FieldNode,
    GraphQLField,
    GraphQLInputObjectType,
    GraphQLNonNull,
    GraphQLScalarType,
    IntValueNode,
    NamedTypeNode,
    NonNullTypeNode,
    NullValueNode,
    ObjectValueNode,
    OperationDefinitionNode,
    StringValueNode,
    Undefined,
    ValueNode,
    VariableNode,
)

Build = Callable[[dict[str, Any]], Any]  # variables -> value; raises _Unsure to fall back

_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1
_MISSING = object()
_OMIT = object()  # a nullable variable the request left out: the field or argument is not given


class _Unsure(Exception):
    """This request's values need graphql-core's coercion (or its error message)."""


class NotBuildable(Exception):
    """The document's shape needs graphql-core's coercion every time."""


_BUILT_IN = ("String", "ID", "Int", "Boolean")


def _accepts(scalar: str) -> Callable[[Any], bool]:
    """Values a built-in scalar's parse_value returns unchanged."""
    if scalar in ("String", "ID"):
        return lambda value: type(value) is str
    if scalar == "Int":
        return lambda value: type(value) is int and _INT_MIN <= value <= _INT_MAX
    if scalar == "Boolean":
        return lambda value: type(value) is bool
    raise NotBuildable(f"variables of type {scalar}")


def _enum_value(enum_type: GraphQLEnumType) -> Callable[[Any], Any]:
    """A variable's value of an enum type, parsed as graphql-core parses it (a value name, as a string)."""
    names = enum_type.values

    def parse(value: Any) -> Any:
        if type(value) is not str or value not in names:
            raise _Unsure()  # graphql-core words the error
        return enum_type.parse_value(value)

    return parse


def argument_builder(operation: OperationDefinitionNode, field: GraphQLField, node: FieldNode) -> Callable[[dict[str, Any]], dict | None]:
    """A function from request variables to the root field's arguments, or None to fall back."""
    variables: dict[str, tuple[bool, str]] = {}
    for definition in operation.variable_definitions or ():
        if definition.default_value is not None or definition.directives:
            raise NotBuildable("variable defaults")
        kind, required = definition.type, False
        if isinstance(kind, NonNullTypeNode):
            kind, required = kind.type, True
        if not isinstance(kind, NamedTypeNode):
            raise NotBuildable("list variables")
        variables[definition.variable.name.value] = (required, kind.name.value)

    def variable(name: str, gql_type: Any) -> Build:
        required, type_name = variables[name]
        inner = gql_type.of_type if isinstance(gql_type, GraphQLNonNull) else gql_type
        if type_name in _BUILT_IN:
            accepts = _accepts(type_name)
            parse: Callable[[Any], Any] | None = None
        elif isinstance(inner, GraphQLEnumType) and inner.name == type_name:
            parse = _enum_value(inner)
        else:
            raise NotBuildable(f"variables of type {type_name}")

        def get(values: dict[str, Any]) -> Any:
            value = values.get(name, _MISSING)
            if value is _MISSING or value is None:
                if required:
                    raise _Unsure()  # graphql-core words the error
                return _OMIT if value is _MISSING else None
            if parse is not None:
                return parse(value)
            if not accepts(value):
                raise _Unsure()
            return value

        return get

    def build(value_node: ValueNode, gql_type: Any) -> Build:
        if isinstance(value_node, VariableNode):
            return variable(value_node.name.value, gql_type)
        inner = gql_type.of_type if isinstance(gql_type, GraphQLNonNull) else gql_type
        if isinstance(value_node, NullValueNode) and not isinstance(gql_type, GraphQLNonNull):
            return lambda values: None
        if isinstance(value_node, EnumValueNode) and isinstance(inner, GraphQLEnumType) and value_node.value in inner.values:
            constant = inner.parse_literal(value_node)
            return lambda values: constant
        if isinstance(value_node, ObjectValueNode) and isinstance(inner, GraphQLInputObjectType) and "out_type" not in vars(inner):  # no custom out_type
            return _object(value_node, inner)
        if isinstance(inner, GraphQLScalarType):
            constant = _literal(value_node, inner.name)
            return lambda values: constant
        raise NotBuildable(f"literal {value_node.kind}")

    def _object(value_node: ObjectValueNode, gql_type: GraphQLInputObjectType) -> Build:
        fields: list[tuple[str, Build, bool]] = []
        for item in value_node.fields or ():
            name = item.name.value
            definition = gql_type.fields[name]
            fields.append((definition.out_name or name, build(item.value, definition.type), isinstance(definition.type, GraphQLNonNull)))
        if any(definition.default_value is not Undefined for definition in gql_type.fields.values()):
            raise NotBuildable("input field defaults")

        def get(values: dict[str, Any]) -> dict:
            out = {}
            for name, part, required in fields:
                value = part(values)
                if value is _OMIT:
                    if required:
                        raise _Unsure()
                    continue  # left out, as graphql-core leaves it out
                out[name] = value
            return out

        return get

    arguments: list[tuple[str, Build, Any, bool]] = []
    given = {argument.name.value: argument for argument in node.arguments or ()}
    for name, declared in field.args.items():
        out, default = declared.out_name or name, declared.default_value
        required = isinstance(declared.type, GraphQLNonNull)
        if name in given:
            arguments.append((out, build(given[name].value, declared.type), default, required))
        elif default is not Undefined:
            arguments.append((out, _always(default), default, required))

    def arguments_for(values: dict[str, Any]) -> dict | None:
        out = {}
        try:
            for name, part, default, required in arguments:
                value = part(values)
                if value is _OMIT:  # as graphql-core: the argument's default, else not given
                    if default is not Undefined:
                        out[name] = default
                    elif required:
                        return None
                    continue
                out[name] = value
        except _Unsure:
            return None
        return out

    return arguments_for


def _always(value: Any) -> Build:
    return lambda values: value


def _literal(value_node: ValueNode, scalar: str) -> Any:
    if isinstance(value_node, StringValueNode) and scalar in ("String", "ID"):
        return value_node.value
    if isinstance(value_node, IntValueNode) and scalar in ("Int", "ID"):
        number = int(value_node.value)
        if scalar == "ID":
            return value_node.value
        if _INT_MIN <= number <= _INT_MAX:
            return number
    if isinstance(value_node, BooleanValueNode) and scalar == "Boolean":
        return value_node.value
    raise NotBuildable(f"a {value_node.kind} literal for {scalar}")
