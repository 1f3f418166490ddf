"""The Idempotency-Key contracts say exactly what the server accepts (REST header; GraphQL argument)."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from service.contracts import OPENAPI
from support.api import Api

SAMPLES = [
    "k",
    "a" * 200,
    "a" * 201,
    "",
    "roll 7 of session 3f2b",
    "550e8400-e29b-41d4-a716-446655440000",
    "~!@#$%^&*()_+{}|:<>?",
    " leading",
    "trailing ",
    "   ",
    "tab\tinside",
    "delete\x7f",
    "caf\xe9",
    "no\xa0break",
]


def _header_schema() -> dict:
    document = json.loads(OPENAPI.read_text())
    [parameter] = [
        p if "$ref" not in p else document["components"]["parameters"][p["$ref"].rsplit("/", 1)[1]]
        for p in document["paths"]["/v1/dice/roll"]["post"]["parameters"]
    ]
    assert parameter["name"] == "Idempotency-Key"
    return parameter["schema"]


@pytest.mark.parametrize("value", SAMPLES, ids=repr)
def test_an_idempotency_key_is_accepted_exactly_when_the_openapi_schema_allows_it(memory_api: Api, value: str) -> None:
    allowed = Draft202012Validator(_header_schema()).is_valid(value)
    response = memory_api.client.post(
        "/v1/dice/roll", json={"expression": "1d6"}, headers=[(b"idempotency-key", value.encode("latin-1"))]
    )
    assert response.status_code == (200 if allowed else 422), response.text
    if not allowed:
        assert response.json()["errors"][0]["loc"] == ["header", "Idempotency-Key"]


def test_the_schema_allows_uuids_and_200_characters_and_forbids_empty_long_or_padded_keys() -> None:
    validator = Draft202012Validator(_header_schema())
    assert validator.is_valid("550e8400-e29b-41d4-a716-446655440000") and validator.is_valid("a" * 200)
    assert not validator.is_valid("a" * 201) and not validator.is_valid("") and not validator.is_valid(" padded ")


GRAPHQL_ROLL = "mutation R($key: String) { diceRoll(input: {expression: \"1d6\"}, idempotencyKey: $key) { result { total } } }"
ARGUMENT = """{ __type(name: "Mutation") { fields { name args { name description } } } }"""


def test_graphql_documents_and_enforces_the_1_to_200_limit(memory_api: Api) -> None:
    fields = memory_api.gql_data(ARGUMENT)["__type"]["fields"]
    descriptions = {arg["description"] for field in fields for arg in field["args"] if arg["name"] == "idempotencyKey"}
    assert len(descriptions) == 1 and "1-200 characters" in descriptions.pop()
    assert "errors" not in memory_api.gql(GRAPHQL_ROLL, {"key": "g" * 200})
    for refused in ("", "g" * 201):
        assert memory_api.gql_error(GRAPHQL_ROLL, {"key": refused})["extensions"]["code"] == "validation-failed"
