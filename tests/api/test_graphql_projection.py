"""The compiled projection of a plan completes (or refuses) every value as the generic one does.

The values are the answers the service gives to its published request examples, projected by
every field their types allow (aliases and `__typename` included), then the same values with
nulls, wrong types, wide Ints and attribute objects put where a client cannot send them.
"""

from __future__ import annotations

import copy
import json
from types import SimpleNamespace
from typing import Any

import pytest
from graphql import FieldNode, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, is_leaf_type, parse
from starlette.responses import Response
from support.api import Api

from service.api.graphql import GraphQLAnswer
from service.api.graphql_plans import _completer
from service.api.graphql_projection import compiled
from service.contracts import OPENAPI

DOCUMENT = json.loads(OPENAPI.read_text())
# Every stateless mechanic's published examples: (operationId, path, body).
EXAMPLES = [
    (operation["operationId"], path, example["value"])
    for path, methods in DOCUMENT["paths"].items()
    if path.startswith("/v1/") and not path.startswith("/v1/sessions")
    for method, operation in methods.items()
    if method == "post"
    for example in operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("examples", {}).values()
]


def _named(gql_type: Any) -> Any:
    while isinstance(gql_type, GraphQLNonNull | GraphQLList):
        gql_type = gql_type.of_type
    return gql_type


def _selection(gql_type: GraphQLObjectType, depth: int = 0) -> str:
    """Every field of the type a plan can project (no arguments, no unions), with `__typename`
    and, on every other field, an alias."""
    parts = ["__typename"]
    for index, (name, field) in enumerate(gql_type.fields.items()):
        inner = _named(field.type)
        if field.args and any(isinstance(arg.type, GraphQLNonNull) for arg in field.args.values()):
            continue
        alias = f"a{index}: " if index % 2 else ""
        if is_leaf_type(inner):
            parts.append(alias + name)
        elif isinstance(inner, GraphQLObjectType) and depth < 8:
            parts.append(f"{alias}{name} {{ {_selection(inner, depth + 1)} }}")
    return " ".join(parts)


def _root(schema: GraphQLSchema, field_name: str, selection: str | None = None) -> tuple[Any, Any]:
    root = schema.mutation_type if field_name in schema.mutation_type.fields else schema.query_type
    field = root.fields[field_name]
    text = selection or _selection(_named(field.type))
    node = parse(f"{{ {field_name} {{ {text} }} }}").definitions[0].selection_set.selections[0]
    assert isinstance(node, FieldNode)
    return field.type, node.selection_set


def _outcome(complete: Any, value: Any) -> tuple[str, Any]:
    try:
        return "answer", complete(value)
    except Exception as error:  # the plan hands these to graphql-core
        return "refused", type(error)


def _both(field_type: Any, selection_set: Any) -> tuple[Any, Any]:
    generic = _completer(field_type, selection_set)
    fast = compiled(field_type, selection_set, _completer)
    assert fast is not None
    return generic, fast


def _variants(value: Any) -> list[Any]:
    """The value, and copies with one thing changed: a null, a wrong type, a wide Int, an object."""
    out = [value]
    paths: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, child in items:
            paths.append((node, key))
            walk(child)

    walk(value)
    for replacement in (None, "text", 2**40, True, 7, [], {}):
        for index in range(0, len(paths), max(1, len(paths) // 12)):
            changed = copy.deepcopy(value)
            node, key = _locate(changed, value, paths[index][0]), paths[index][1]
            node[key] = replacement
            out.append(changed)
    out.append(_as_objects(value))
    return out


def _locate(copied: Any, original: Any, target: Any) -> Any:
    if original is target:
        return copied
    items = original.items() if isinstance(original, dict) else enumerate(original) if isinstance(original, list) else ()
    for key, child in items:
        found = _locate(copied[key], child, target)
        if found is not None:
            return found
    return None


def _as_objects(value: Any) -> Any:
    if isinstance(value, dict):
        return SimpleNamespace(**{key: _as_objects(item) for key, item in value.items()})
    if isinstance(value, list):
        return [_as_objects(item) for item in value]
    return value


@pytest.mark.parametrize(("field_name", "path", "body"), EXAMPLES, ids=[f"{e[0]}-{i}" for i, e in enumerate(EXAMPLES)])
def test_the_compiled_projection_answers_each_published_example_as_the_generic_one(
    memory_api: Api, field_name: str, path: str, body: dict
) -> None:
    answer = memory_api.post(path, body)
    assert answer.status_code == 200, answer.text
    schema = memory_api.client.app.state.schema._schema
    generic, fast = _both(*_root(schema, field_name))
    for value in _variants(answer.json()):
        expected = _outcome(generic, value)
        assert _outcome(fast, value) == expected
        if expected[0] == "answer":
            assert json.dumps(fast(value)) == json.dumps(expected[1])  # the same keys in the same order


def test_the_roll_of_the_benchmark_projects_aliases_lists_and_nulls_as_the_generic_one(memory_api: Api) -> None:
    schema = memory_api.client.app.state.schema._schema
    selection = (
        "kind: __typename result { total formula sum: total dice { __typename results { result active kept: active } } } "
        "audit { seed draws { sides face } } again: audit { __typename }"
    )
    generic, fast = _both(*_root(schema, "diceRoll", selection))
    value = memory_api.post("/v1/dice/roll", {"expression": "4d6kh3+2d8!", "seed": "s"}).json()
    assert fast(value) == generic(value)
    assert fast(value)["kind"] == "DiceRollResponse" and fast(value)["again"] == {"__typename": "AuditRecord"}
    for variant in ({**value, "audit": None}, {**value, "result": None}, None, {**value, "result": {**value["result"], "dice": None}}):
        assert _outcome(fast, variant) == _outcome(generic, variant)
    assert fast({**value, "audit": None})["audit"] is None


def test_a_graphql_answer_has_the_headers_starlette_would_give_it(memory_api: Api) -> None:
    body = b'{"data":{"x":"\xc3\xa9"}}'
    ours, theirs = GraphQLAnswer(body), Response(body, media_type="application/json")
    assert (ours.status_code, ours.body, ours.raw_headers, ours.background) == (theirs.status_code, theirs.body, theirs.raw_headers, theirs.background)
    answer = memory_api.client.post("/graphql", json={"query": "{ mechanics { systems } }"})
    assert answer.headers["content-type"] == "application/json" and int(answer.headers["content-length"]) == len(answer.content)
