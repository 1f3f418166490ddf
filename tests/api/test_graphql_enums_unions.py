"""GraphQL publishes closed sets as enums and the Neuroscape effect vocabulary as a union, one name each."""

from __future__ import annotations

import json
import re

from graphql import OperationDefinitionNode, parse
from graphql.execution.values import get_argument_values, get_variable_values

from service.api.enums import graphql_name
from service.api.graphql_arguments import argument_builder
from service.contracts import OPENAPI, SCHEMA
from support.api import Api

SDL = SCHEMA.read_text()
DOCUMENT = json.loads(OPENAPI.read_text())


def test_each_closed_set_is_one_enum_in_both_contracts() -> None:
    sdl_enums = dict(re.findall(r"^enum (\w+) \{\n((?:  \w+\n)+)\}", SDL, re.M))
    assert len(sdl_enums) > 60
    components = DOCUMENT["components"]["schemas"]
    for name, body in sdl_enums.items():
        assert components[name]["enum"], name  # the same name in OpenAPI
        assert body.split() == [graphql_name(v) for v in components[name]["enum"]], name
    sets = [frozenset(s["enum"]) for s in components.values() if "enum" in s and len(s["enum"]) > 1]
    assert len(sets) == len(set(sets)), "a set of values is published twice"
    assert '"enum"' not in json.dumps(DOCUMENT["paths"]), "an inline enum in an operation"


def test_inputs_end_in_input_and_session_ids_are_ids() -> None:
    inputs = re.findall(r"^input (\w+)", SDL, re.M)
    assert inputs and [name for name in inputs if not name.endswith("Input")] == []
    assert "sessionId: String" not in SDL and re.search(r"sessionId: ID!", SDL)
    assert re.search(r"^type SessionView \{\n  id: ID!\n", SDL, re.M) and re.search(r"^type NcbSessionView \{\n  id: ID!\n", SDL, re.M)
    assert "input DiceRollInput {" in SDL and "DiceRollRequest" not in SDL


def test_a_set_graphql_cannot_spell_as_rest_does_stays_a_string() -> None:
    assert [graphql_name(v) for v in ("walk-in", "gm", "d%", "2d6", "null")] == ["walk_in", "gm", "d_", "_2d6", "_null"]
    components = DOCUMENT["components"]["schemas"]
    spelled = {n for n, s in components.items() if "enum" in s and s["type"] == "string" and all(graphql_name(v) == v for v in s["enum"])}
    assert set(re.findall(r"^enum (\w+) \{", SDL, re.M)) == spelled
    assert "DesertApproachName" in components and "enum DesertApproachName" not in SDL  # `walk-in`: a String in GraphQL
    assert "enum Visibility {" in SDL and "enum Role {" in SDL


def test_an_enum_argument_goes_in_and_comes_back_as_its_value(memory_api: Api) -> None:
    created = memory_api.post("/v1/sessions", {"system": "dice", "seats": [{"name": "Kay", "role": "gm"}, {"name": "Ana"}]})
    session_id, gm = created.json()["session"]["id"], created.json()["seats"][0]["token"]
    query = "mutation R($id: ID!, $vis: Visibility) { diceRollInSession(sessionId: $id, input: {expression: \"1d6\", visibility: $vis}) { seq } }"
    for _ in range(2):  # the second time by the planned path
        assert memory_api.gql_data(query, {"id": session_id, "vis": "blind"}, token=gm)["diceRollInSession"]["seq"] >= 0
    entries = memory_api.get(f"/v1/sessions/{session_id}/log", token=gm).json()["entries"]
    assert [e["input"]["visibility"] for e in entries] == ["blind", "blind"]
    refused = memory_api.gql("mutation R($id: ID!) { diceRollInSession(sessionId: $id, input: {expression: \"1d6\", visibility: \"gm\"}) { seq } }", {"id": session_id}, token=gm)
    assert refused["errors"][0]["extensions"]["code"] == "graphql/invalid-query"  # a string is no enum value
    wrong = memory_api.gql(query, {"id": session_id, "vis": "everyone"}, token=gm)
    assert wrong["errors"] and wrong["data"] is None


def test_enum_literals_and_variables_are_built_as_graphql_core_coerces_them(memory_api: Api) -> None:
    schema = memory_api.client.app.state.schema._schema
    field = schema.mutation_type.fields["diceRollInSession"]
    for query, variables, same in (
        ('mutation($id: ID!) { diceRollInSession(sessionId: $id, input: {expression: "1d6", visibility: gm}) { seq } }', {"id": "s"}, True),
        ("mutation($id: ID!, $v: Visibility!) { diceRollInSession(sessionId: $id, input: {expression: \"1d6\", visibility: $v}) { seq } }", {"id": "s", "v": "self"}, True),
        ("mutation($id: ID!, $v: Visibility!) { diceRollInSession(sessionId: $id, input: {expression: \"1d6\", visibility: $v}) { seq } }", {"id": "s", "v": "nobody"}, False),
        ("mutation($id: ID!, $v: Visibility!) { diceRollInSession(sessionId: $id, input: {expression: \"1d6\", visibility: $v}) { seq } }", {"id": "s", "v": 3}, False),
    ):
        operation = next(d for d in parse(query).definitions if isinstance(d, OperationDefinitionNode))
        node = operation.selection_set.selections[0]
        built = argument_builder(operation, field, node)(variables)
        coerced = get_variable_values(schema, operation.variable_definitions or (), variables)
        if same:
            assert built == get_argument_values(field, node, coerced)
        else:
            assert built is None and isinstance(coerced, list)  # graphql-core words the error


def test_card_effects_are_a_union_of_one_type_per_kind(memory_api: Api) -> None:
    assert "union NeuroscapeEffect = NeuroscapeModifyStats | NeuroscapeDamage |" in SDL
    ability = re.search(r"^type NeuroscapeAbility \{\n((?:.*\n)*?)\}", SDL, re.M).group(1)
    assert "effects: [NeuroscapeEffect!]!" in ability
    ability_input = re.search(r"^input NeuroscapeAbilityInput \{\n((?:.*\n)*?)\}", SDL, re.M).group(1)
    assert "effects: [JSON!]!" in ability_input  # input stays JSON, checked by the same union as REST
    rest = memory_api.get("/v1/neuroscape/card-pool", params={"type": "all"}).json()["result"]["cards"]
    query = """{ neuroscapeCardPool(type: all) { result { cards { id abilities { effects {
      __typename ... on NeuroscapeDamage { kind amount to } ... on NeuroscapeDraw { kind count } } } } } } }"""
    cards = memory_api.gql_data(query)["neuroscapeCardPool"]["result"]["cards"]
    assert [c["id"] for c in cards] == [c["id"] for c in rest]
    kinds = 0
    for card, expected in zip(cards, rest, strict=True):
        for ability, wanted in zip(card["abilities"], expected.get("abilities", []), strict=True):
            for effect, raw in zip(ability["effects"], wanted["effects"], strict=True):
                type_name = "Neuroscape" + "".join(w.title() for w in raw["kind"].split("-"))
                assert effect["__typename"].replace("Character", "") == type_name.replace("Character", ""), (effect, raw)
                if raw["kind"] in ("damage", "draw"):
                    kinds += 1
                    assert {k: v for k, v in effect.items() if k != "__typename"} == {k: raw.get(k) for k in effect if k != "__typename"}
    assert kinds > 0
