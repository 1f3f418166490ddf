"""Sessions are typed per system: the published setup and view match what the service takes and answers."""

from __future__ import annotations

import json

import pytest

from service.api.examples import SESSIONS
from service.contracts import OPENAPI, SCHEMA
from support.api import Api

DOCUMENT = json.loads(OPENAPI.read_text())
SCHEMAS = DOCUMENT["components"]["schemas"]


def _pascal(system: str) -> str:
    return system[:1].upper() + system[1:]


def _view_model(api: Api, system: str) -> type:
    operation = next(op for op in api.client.app.state.operations if op.field == "session")
    return operation.published_output


def test_the_create_body_and_the_view_are_unions_on_system() -> None:
    for name in ("CreateSession", "SessionView"):
        schema = SCHEMAS[name]
        assert schema["discriminator"]["propertyName"] == "system"
        mapping = schema["discriminator"]["mapping"]
        assert set(mapping) == set(SESSIONS)
        assert schema["oneOf"] == [{"$ref": ref} for ref in sorted(mapping.values())]
    assert SCHEMAS["NcbCreateSession"]["properties"]["setup"]["anyOf"][0] == {"$ref": "#/components/schemas/NcbSetup"}
    assert SCHEMAS["NcbSessionView"]["properties"]["state"] == {"$ref": "#/components/schemas/NcbState"}
    assert SCHEMAS["NeuroscapeSessionView"]["properties"]["state"] == {"$ref": "#/components/schemas/NeuroscapeView"}
    created = DOCUMENT["paths"]["/v1/sessions"]["post"]
    assert created["requestBody"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/CreateSession"}


@pytest.mark.parametrize("system", sorted(SESSIONS))
def test_every_view_a_seat_reads_matches_the_published_view(memory_api: Api, system: str) -> None:
    created = memory_api.post("/v1/sessions", SESSIONS[system])
    assert created.status_code == 201, created.text
    view = _view_model(memory_api, system)
    assert view.model_validate_json(json.dumps(created.json()["session"])).root.system == system
    for seat in created.json()["seats"]:
        read = memory_api.get(f"/v1/sessions/{created.json()['session']['id']}", token=seat["token"])
        typed = view.model_validate_json(read.content).root  # a missing or mistyped member fails here
        assert type(typed).__name__ == f"{_pascal(system)}SessionView"


def test_graphql_creates_and_reads_a_session_with_its_setup_typed(memory_api: Api) -> None:
    sdl = SCHEMA.read_text()
    assert "createNcbSession(\n    input: NcbCreateSessionInput!" in sdl and "ncbSession(sessionId: ID!): NcbSessionView!" in sdl
    body = {k: v for k, v in SESSIONS["ncb"].items() if k != "system"}
    created = memory_api.gql_data(
        "mutation C($input: NcbCreateSessionInput!) { createNcbSession(input: $input) { session { id system } seats { role token } } }",
        {"input": {**body, "system": "ncb"}},
    )["createNcbSession"]
    session_id, token = created["session"]["id"], created["seats"][1]["token"]
    assert created["session"]["system"] == "ncb"
    state = memory_api.gql_data(
        "query R($id: ID!) { ncbSession(sessionId: $id) { system state { combatants } } }", {"id": session_id}, token=token
    )["ncbSession"]
    assert state["system"] == "ncb" and set(state["state"]["combatants"]) == {"v", "goon"}
    wrong = memory_api.gql_error("query R($id: ID!) { desertSession(sessionId: $id) { id } }", {"id": session_id}, token=token)
    assert wrong["extensions"]["code"] == "wrong-system" and wrong["extensions"]["status"] == 409


def test_a_typed_setup_is_checked_by_graphql_before_it_runs(memory_api: Api) -> None:
    answer = memory_api.gql(
        "mutation C($input: NcbCreateSessionInput!) { createNcbSession(input: $input) { session { id } } }",
        {"input": {"system": "ncb", "seats": [{"name": "Kay"}], "setup": {"combatants": [{"id": "v"}]}}},
    )
    assert answer["errors"] and answer["data"] is None  # a combatant without its name or hit points is no NcbCombatantSpecInput


def test_the_card_effect_union_is_one_named_component_referenced_where_effects_are_held() -> None:
    union = SCHEMAS["NeuroscapeEffect"]
    assert union["discriminator"]["propertyName"] == "kind"
    mapping = union["discriminator"]["mapping"]
    assert len(mapping) == 18 and mapping["damage"] == "#/components/schemas/NeuroscapeDamage"
    assert sorted(branch["$ref"] for branch in union["oneOf"]) == sorted(mapping.values())
    assert SCHEMAS["NeuroscapeAbility"]["properties"]["effects"]["items"] == {"$ref": "#/components/schemas/NeuroscapeEffect"}
    # Nowhere else is the union spelt out inline: every place that holds an effect refers to the component.
    inline = [name for name, schema in SCHEMAS.items() if name != "NeuroscapeEffect" and '"propertyName": "kind"' in json.dumps(schema)]
    assert inline == []
