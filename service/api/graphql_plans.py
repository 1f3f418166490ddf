"""Plans for the GraphQL documents front-ends send over and over.

A tabletop client sends the same few query texts thousands of times, each time with new
variables. The first time a text comes, strawberry parses, validates (depth, alias and
token limits included) and executes it. If that raised no query error, the text gets a
*plan*: its root field's runner and a projection of its selection set, compiled once (into
Python source when the root is an object: `graphql_projection`).
Later requests with the text coerce their variables with graphql-core, run the field and
project the answer into the same `data` / `errors` a full execution gives, without
walking the executor field by field (which cost several times the work of the roll).

Only plain documents get a plan: one root field, nothing but fields below it (no
fragments, no directives) and object or scalar types. Anything else, and any request
whose variables do not coerce, takes the full path; nothing has run when it does. A
value the projection cannot serialize (an Int past 32 bits, say) is completed by
graphql-core itself from the value already computed, so its errors read the same.

Switch: NA_GRAPHQL_PLANS (on by default; off, every request runs through strawberry). Gain,
measured with bench/switches.py, 2026-12-01, 1-minute load 1.16 at the start and 1.03 at the
end: the VTT-sized `diceRoll` mutation of bench/http.py serves 2.93x the requests per second
with plans as without (247 against 726 µs of CPU per request, 2.95x); two busier runs the same
day gave 2.93x and 3.10x.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from inspect import isawaitable
from typing import Any, Protocol

from graphql import (
    DocumentNode,
    FieldNode,
    GraphQLError,
    GraphQLFormattedError,
    GraphQLList,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLSchema,
    OperationDefinitionNode,
    OperationType,
    SelectionSetNode,
    is_leaf_type,
    located_error,
    parse,
)
from graphql import execute as graphql_execute
from graphql.execution.values import get_argument_values, get_variable_values

from service.api.graphql_arguments import NotBuildable, argument_builder
from service.api.graphql_projection import compiled



class Runner(Protocol):
    """A root field's work: (request context, field arguments) -> the answer. `direct` says the arguments
    came from `graphql_arguments`: plain JSON values, every Int within 32 bits."""

    def __call__(self, context: dict[str, Any], kwargs: dict[str, Any], *, direct: bool = False) -> Awaitable[Any]: ...


Complete = Callable[[Any], Any]
_MAX_PLANS = 512


class _NotPlain(Exception):
    """The document uses something a plan does not cover; it always takes the full path."""


@dataclass(frozen=True, slots=True)
class Plan:
    document: DocumentNode
    operation: OperationDefinitionNode
    node: FieldNode
    field: Any  # the root GraphQLField
    key: str  # the response key (alias or name)
    run: Runner
    complete: Complete
    nullable: bool
    arguments: Callable[[dict[str, Any]], dict | None] | None  # the direct build, when the shape allows

    async def execute(
        self, plans: Plans, variables: dict[str, Any] | None, context: dict[str, Any], *, direct_arguments: bool = True
    ) -> dict | None:
        """The answer, or None when the variables do not coerce (the full path words the errors)."""
        build = self.arguments if direct_arguments else None
        kwargs = build(variables or {}) if build is not None else None
        direct = kwargs is not None
        if kwargs is None:  # graphql-core coerces, or finds the error
            coerced = get_variable_values(plans.schema, self.operation.variable_definitions or (), variables or {})
            if isinstance(coerced, list):
                return None
            try:
                kwargs = get_argument_values(self.field, self.node, coerced)
            except GraphQLError:
                return None
        try:
            value = await self.run(context, kwargs, direct=direct)  # coded failures come out as GraphQLError
        except GraphQLError as error:
            formatted = located_error(error, [self.node], [self.key]).formatted
            return {"data": {self.key: None} if self.nullable else None, "errors": [formatted]}
        try:
            return {"data": {self.key: self.complete(value)}}
        except Exception:  # a value the projection cannot serialize: let graphql-core word it
            return await plans.complete_fully(self, value, variables, context)


class Plans:
    """Plans by (query text, operation name); a text that cannot have one is remembered too."""

    def __init__(self, schema: GraphQLSchema, runners: dict[str, Runner], formatted: Callable[[GraphQLError], GraphQLFormattedError]) -> None:
        self.schema = schema
        self._runners = runners
        self._formatted = formatted  # how the full path words an error
        self._plans: dict[tuple[str, str | None], Plan | None] = {}

    def __contains__(self, key: tuple[str, str | None]) -> bool:
        """Whether (query text, operation name) has a plan."""
        return self._plans.get(key) is not None

    def plan(self, query: str, operation_name: str | None) -> Plan | None:
        """The plan of (query text, operation name), or None: its `execute` answers, or says
        the variables need the full path."""
        return self._plans.get((query, operation_name))

    async def complete_fully(self, plan: Plan, value: Any, variables: Any, context: dict[str, Any]) -> dict:
        """Complete an already computed root value with graphql-core itself (the action is not run
        again): its errors, paths and null propagation, exactly as in a full execution."""

        def root_is_known(next_: Callable, root: Any, info: Any, **args: Any) -> Any:
            return value if info.path.prev is None else next_(root, info, **args)

        result = graphql_execute(
            self.schema, plan.document, context_value=context, variable_values=variables,
            operation_name=plan.operation.name.value if plan.operation.name else None, middleware=[root_is_known],
        )
        if isawaitable(result):
            result = await result
        out: dict[str, Any] = {"data": result.data}
        if result.errors:
            out["errors"] = [self._formatted(error) for error in result.errors]
        return out

    def learn(self, query: str, operation_name: str | None) -> None:
        """Call after a full execution of `query` raised no query error."""
        key = (query, operation_name)
        if key in self._plans:
            return
        if len(self._plans) >= _MAX_PLANS:
            self._plans.pop(next(iter(self._plans)))
        try:
            self._plans[key] = self._compile(query, operation_name)
        except _NotPlain:
            self._plans[key] = None

    def _compile(self, query: str, operation_name: str | None) -> Plan:
        document = parse(query)
        operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
        if len(operations) != len(document.definitions):
            raise _NotPlain("fragment definitions")
        chosen = [op for op in operations if operation_name is None or (op.name and op.name.value == operation_name)]
        if len(chosen) != 1 or chosen[0].directives:
            raise _NotPlain("operation")
        operation = chosen[0]
        root = {OperationType.QUERY: self.schema.query_type, OperationType.MUTATION: self.schema.mutation_type}.get(operation.operation)
        selections = operation.selection_set.selections
        if root is None or len(selections) != 1:
            raise _NotPlain("root")
        node = selections[0]
        if not isinstance(node, FieldNode) or node.directives or node.name.value not in self._runners:
            raise _NotPlain("root field")
        field = root.fields[node.name.value]
        complete = _completer(field.type, node.selection_set)  # refuses a shape a plan does not cover
        return Plan(
            document=document,
            operation=operation,
            node=node,
            field=field,
            key=(node.alias or node.name).value,
            run=self._runners[node.name.value],
            complete=compiled(field.type, node.selection_set, _completer) or complete,
            nullable=not isinstance(field.type, GraphQLNonNull),
            arguments=_arguments(operation, field, node),
        )


def _arguments(operation: OperationDefinitionNode, field: Any, node: FieldNode) -> Callable[[dict[str, Any]], dict | None] | None:
    try:
        return argument_builder(operation, field, node)
    except NotBuildable:
        return None


def _completer(gql_type: Any, selection_set: SelectionSetNode | None, *, nullable: bool = True) -> Complete:
    """A function from a resolved value to its response value; each handles null itself (one call per value)."""
    if isinstance(gql_type, GraphQLNonNull):
        return _completer(gql_type.of_type, selection_set, nullable=False)
    if isinstance(gql_type, GraphQLList):
        return _list(_completer(gql_type.of_type, selection_set), nullable)
    if is_leaf_type(gql_type):
        if selection_set is not None:
            raise _NotPlain("selection on a scalar")
        return _leaf(gql_type.serialize, nullable)
    if isinstance(gql_type, GraphQLObjectType) and selection_set is not None:
        return _object(gql_type, selection_set, nullable)
    raise _NotPlain(f"type {gql_type}")


def _null(nullable: bool) -> None:
    if not nullable:
        raise TypeError("a non-null field resolved to null")


def _list(item: Complete, nullable: bool) -> Complete:
    def complete(value: Any) -> Any:
        if value is None:
            return _null(nullable)
        return [item(x) for x in value]

    return complete


def _leaf(serialize: Complete, nullable: bool) -> Complete:
    def complete(value: Any) -> Any:
        if value is None:
            return _null(nullable)
        return serialize(value)

    return complete


_INT_MIN, _INT_MAX = -(2**31), 2**31 - 1
# A value of exactly this Python type is already what the built-in scalar serializes it to.
_EXACT = {"Int": int, "String": str, "Boolean": bool, "ID": str}


def _exact(gql_type: Any) -> type | None:
    """The Python type a leaf field passes through unchanged, or None (a list, an object, another scalar)."""
    return _EXACT.get(gql_type.of_type.name) if isinstance(gql_type, GraphQLNonNull) and is_leaf_type(gql_type.of_type) else None


def _object(gql_type: GraphQLObjectType, selection_set: SelectionSetNode, nullable: bool) -> Complete:
    fields: list[tuple[str, str | None, type[Any] | None, Any]] = []
    for node in selection_set.selections:
        if not isinstance(node, FieldNode) or node.directives or node.arguments:
            raise _NotPlain("not a plain field")
        key, name = (node.alias or node.name).value, node.name.value
        if any(key == seen for seen, _, _, _ in fields):
            raise _NotPlain("a response key twice")  # the executor would merge the two selections
        if name == "__typename":
            fields.append((key, None, None, gql_type.name))
        elif name in gql_type.fields:
            field_type = gql_type.fields[name].type
            fields.append((key, name, _exact(field_type), _completer(field_type, node.selection_set)))
        else:
            raise _NotPlain(f"unknown field {name}")

    def complete(value: Any) -> Any:
        if value is None:
            return _null(nullable)
        get: Callable[[str], Any] = value.get if type(value) is dict else (lambda name: getattr(value, name))
        out = {}
        for key, name, exact, sub in fields:
            if name is None:
                out[key] = sub
                continue
            item = get(name)
            # Non-null Int, String and Boolean values of the right type pass as they are (the common case).
            if type(item) is exact and (exact is not int or _INT_MIN <= item <= _INT_MAX):
                out[key] = item
            else:
                out[key] = sub(item)
        return out

    return complete
