"""A plan's direct argument build equals graphql-core's coercion wherever it answers, and falls back otherwise."""

from __future__ import annotations

import uuid

import pytest
from graphql import OperationDefinitionNode, parse
from graphql.execution.values import get_argument_values, get_variable_values

from service.api.app import create_app
from service.api.graphql_arguments import NotBuildable, argument_builder
from starlette.testclient import TestClient
from support.api import make_settings, pin_entropy

SCHEMA = create_app(make_settings("memory")).state.schema._schema

ROLL = "mutation($e: String!) { diceRoll(input: {expression: $e}) { result { total } } }"
IN_SESSION = """mutation($id: ID!, $e: String!, $vis: Visibility, $v: Int, $key: String) {
  diceRollInSession(sessionId: $id, input: {expression: $e, visibility: $vis}, expectedVersion: $v, idempotencyKey: $key) { version } }"""
LITERALS = 'mutation { diceRoll(input: {expression: "2d6", seed: "x", clientSeed: "c"}, idempotencyKey: null) { result { total } } }'
LOG = "query($id: ID!, $n: Int) { sessionLog(sessionId: $id, limit: $n) { nextCursor } }"
NO_ARGUMENTS = "{ mechanics { systems } }"


def _both(query: str, variables: dict):
    operation = next(d for d in parse(query).definitions if isinstance(d, OperationDefinitionNode))
    node = operation.selection_set.selections[0]
    root = SCHEMA.mutation_type if operation.operation.value == "mutation" else SCHEMA.query_type
    field = root.fields[node.name.value]
    built = argument_builder(operation, field, node)(variables)
    coerced = get_variable_values(SCHEMA, operation.variable_definitions or (), variables)
    reference = coerced if isinstance(coerced, list) else get_argument_values(field, node, coerced)
    return built, reference


BUILT = [
    (ROLL, {"e": "4d6kh3"}),
    (ROLL, {"e": "4d6kh3", "unused": 1}),
    (IN_SESSION, {"id": "s1", "e": "1d20", "vis": "blind", "v": 3, "key": "k"}),
    (IN_SESSION, {"id": "s1", "e": "1d20"}),  # nullable variables left out: fields and arguments not given
    (IN_SESSION, {"id": "s1", "e": "1d20", "vis": None, "v": None}),  # given as null
    (LITERALS, {}),
    (LOG, {"id": "s1", "n": 5}),
    (LOG, {"id": "s1"}),
    (NO_ARGUMENTS, {}),
]
FALLBACK = [
    (ROLL, {"e": 7}),  # coerces to an error
    (ROLL, {}),  # a required variable missing
    (ROLL, {"e": None}),
    (IN_SESSION, {"id": 5, "e": "1d6"}),  # an int for an ID: graphql-core makes it "5"
    (IN_SESSION, {"id": "s1", "e": "1d6", "v": 2**40}),  # no GraphQL Int
    (IN_SESSION, {"id": "s1", "e": "1d6", "v": True}),  # a bool is no Int
    (LOG, {"id": "s1", "n": 2.0}),  # graphql-core accepts an integral float
]


@pytest.mark.parametrize(("query", "variables"), BUILT)
def test_the_direct_build_equals_graphql_cores_coercion(query: str, variables: dict) -> None:
    built, reference = _both(query, variables)
    assert built == reference


@pytest.mark.parametrize(("query", "variables"), FALLBACK)
def test_anything_else_falls_back_to_graphql_core(query: str, variables: dict) -> None:
    built, _ = _both(query, variables)
    assert built is None


def test_shapes_it_cannot_build_are_known_at_plan_time() -> None:
    for query in (
        "mutation($input: DiceRollInput!) { diceRoll(input: $input) { result { total } } }",  # an input-object variable
        'mutation($e: String! = "1d6") { diceRoll(input: {expression: $e}) { result { total } } }',  # a variable default
    ):
        operation = parse(query).definitions[0]
        node = operation.selection_set.selections[0]
        with pytest.raises(NotBuildable):
            argument_builder(operation, SCHEMA.mutation_type.fields["diceRoll"], node)


# Variables strawberry runs each query with first, so that it is learned before the case is sent.
WARM = {ROLL: {"e": "1d6"}, IN_SESSION: {"id": "s1", "e": "1d6"}, LITERALS: {}, LOG: {"id": "s1"}, NO_ARGUMENTS: {}}


@pytest.mark.parametrize(("query", "variables"), BUILT + FALLBACK)
def test_a_request_answers_the_same_with_the_direct_build_off(query: str, variables: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each app is sent the text warm, then the case twice: with the build on, by strawberry and then
    by the plan (built directly); with it off, by the plan (graphql-core coerces). Same answers."""
    text = f"# {uuid.uuid4().hex}\n{query}"
    runs = []
    for direct in (True, False):
        pin_entropy(monkeypatch)
        with TestClient(create_app(make_settings("memory", graphql_direct_arguments=direct))) as client:
            body = {"system": "dice", "seats": [{"name": "gm", "role": "gm"}]}
            created = client.post("/v1/sessions", json=body).json()
            headers = {"Authorization": f"Bearer {created['seats'][0]['token']}"}

            def send(values: dict) -> bytes:
                given = {k: created["session"]["id"] if v == "s1" else v for k, v in values.items()}
                return client.post("/graphql", json={"query": text, "variables": given}, headers=headers).content

            runs.append([send(WARM[query]), send(variables), send(variables)])
            assert (text, None) in client.app.state.schema.plans
    assert runs[1] == runs[0]
