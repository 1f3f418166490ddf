"""A plan's projection compiled once into Python source: one function per object selection.

The generic completers of `graphql_plans` walk a list of fields per object and call one closure
per value; for a roll that is a dozen calls and a loop with a type test per field. Here each
object selection becomes a function returning one dict display (keys in selection order), with
the Int, String, Boolean and ID leaves tested inline, lists of objects written as comprehensions
and nested dicts read in place (a few levels deep; an object with attributes, or None, goes
through that selection's own function). Anything else (another scalar, a list of lists or of leaves) is
handed to the generic completer of that field, so a value is completed, or refused, exactly as
the generic projection does it: `tests/api/test_graphql_projection.py` holds the two equal.

Switch: none (it replaces the generic projection wherever the root is an object). Gain, measured
in process on the `diceRoll` mutation of bench/http.py: see CHANGELOG.md (issue 18).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from graphql import FieldNode, GraphQLList, GraphQLNonNull, GraphQLObjectType, SelectionSetNode, is_leaf_type

Complete = Callable[[Any], Any]
# The completer of a field the generated code does not inline (graphql_plans._completer).
Fallback = Callable[[Any, SelectionSetNode | None], Complete]

_INT = "(-2147483648 <= x <= 2147483647)"
_EXACT = {"Int": "int", "String": "str", "Boolean": "bool", "ID": "str"}
_IN_PLACE = 4  # each function reads this many levels of nested objects in place (the source grows with it)


def _non_null() -> None:
    raise TypeError("a non-null field resolved to null")


def _getter(value: Any) -> Callable[[str], Any]:
    return lambda name: getattr(value, name)


class _Source:
    """The functions of one projection, as source, and the objects they refer to."""

    def __init__(self, fallback: Fallback) -> None:
        self.fallback = fallback
        self.lines: list[str] = []
        self.names: dict[str, Any] = {"_non_null": _non_null, "_getter": _getter}
        self.count = 0
        self.depth = 0  # objects read in place around the one being written

    def refer(self, value: Any) -> str:
        name = f"_c{len(self.names)}"
        self.names[name] = value
        return name

    def object(self, gql_type: GraphQLObjectType, selection_set: SelectionSetNode, nullable: bool) -> str:
        """The name of a function completing one value of `gql_type` (None included)."""
        self.count += 1
        name = f"_object{self.count}"
        lines = [
            f"def {name}(v):",
            "    if v is None:",
            "        return None" if nullable else "        _non_null()",
            "    g = v.get if type(v) is dict else _getter(v)",
            f"    return {self.display(gql_type, selection_set, 'g')}",
        ]
        self.lines.extend(lines)
        return name

    def in_place(self, gql_type: GraphQLObjectType, selection_set: SelectionSetNode, name: str, get: str | None, complete: str) -> str:
        """An expression completing the value `get` reads into `name` (or `name` itself when `get` is None):
        a dict's fields read in place, without a call, down to `_IN_PLACE` objects deep; anything else
        (None, an object with attributes) through the function `complete`."""
        if self.depth >= _IN_PLACE:
            return f"{complete}({get or name})"
        self.depth += 1
        display = self.display(gql_type, selection_set, f"{name}.get")
        self.depth -= 1
        test = f"type({name}) is dict" if get is None else f"type({name} := {get}) is dict"
        return f"({display} if {test} else {complete}({name}))"

    def display(self, gql_type: GraphQLObjectType, selection_set: SelectionSetNode, get: str) -> str:
        """A dict display of the selection, each field read by calling `get` with its name."""
        entries = []
        for node in selection_set.selections:
            assert isinstance(node, FieldNode)  # the generic projection was built first and checked the shape
            key = (node.alias or node.name).value
            if node.name.value == "__typename":
                entries.append(f"{key!r}: {gql_type.name!r}")
            else:
                entries.append(f"{key!r}: {self.value(gql_type.fields[node.name.value].type, node, f'{get}({node.name.value!r})')}")
        return "{" + ", ".join(entries) + "}"

    def value(self, gql_type: Any, node: FieldNode, get: str) -> str:
        """An expression completing the value `get` reads, for a field of `gql_type` selected by `node`."""
        inner = gql_type.of_type if isinstance(gql_type, GraphQLNonNull) else gql_type
        nullable = inner is gql_type
        if is_leaf_type(inner) and inner.name in _EXACT:
            # A value of exactly the Python type the scalar serializes to is its own answer; anything
            # else (None included) goes to the generic completer, which completes or refuses it.
            exact = _EXACT[inner.name]
            test = f"type(x := {get}) is {exact}" + (f" and {_INT}" if exact == "int" else "")
            return f"(x if {test} else {self.refer(self.fallback(gql_type, node.selection_set))}(x))"
        if isinstance(inner, GraphQLObjectType) and node.selection_set is not None:
            self.count += 1
            return self.in_place(inner, node.selection_set, f"o{self.count}", get, self.object(inner, node.selection_set, nullable))
        if isinstance(inner, GraphQLList):
            item = inner.of_type.of_type if isinstance(inner.of_type, GraphQLNonNull) else inner.of_type
            if isinstance(item, GraphQLObjectType) and node.selection_set is not None:
                complete = self.object(item, node.selection_set, item is inner.of_type)
                self.count += 1
                i, y = f"i{self.count}", f"y{self.count}"
                empty = "None" if nullable else "_non_null()"
                each = self.in_place(item, node.selection_set, i, None, complete)
                return f"({empty} if ({y} := {get}) is None else [{each} for {i} in {y}])"
        return f"{self.refer(self.fallback(gql_type, node.selection_set))}({get})"


def compiled(gql_type: Any, selection_set: SelectionSetNode | None, fallback: Fallback) -> Complete | None:
    """The compiled projection of a root field of `gql_type`, or None when its type is not an object."""
    inner = gql_type.of_type if isinstance(gql_type, GraphQLNonNull) else gql_type
    if not isinstance(inner, GraphQLObjectType) or selection_set is None:
        return None
    source = _Source(fallback)
    name = source.object(inner, selection_set, inner is gql_type)
    namespace = dict(source.names)
    exec("\n".join(source.lines), namespace)  # noqa: S102 - source built from the schema's names, keys as repr literals
    complete: Complete = namespace[name]
    return complete
