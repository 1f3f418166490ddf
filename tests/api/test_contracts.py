"""The checked-in OpenAPI document and GraphQL SDL are exactly what the code serves."""

from __future__ import annotations

import json

from openapi_spec_validator import validate

from service.contracts import OPENAPI, SCHEMA, render
from support.api import Api


def test_checked_in_contracts_match_the_code() -> None:
    rendered = render()
    assert OPENAPI.read_text() == rendered[OPENAPI], "openapi/openapi.json is stale: run python -m service.contracts"
    assert SCHEMA.read_text() == rendered[SCHEMA], "schema/schema.graphql is stale: run python -m service.contracts"


def test_openapi_document_is_valid_openapi_3_1() -> None:
    document = json.loads(OPENAPI.read_text())
    assert document["openapi"] == "3.1.0"
    validate(document)


def test_served_openapi_equals_the_checked_in_one(memory_api: Api) -> None:
    assert memory_api.get("/openapi.json").json() == json.loads(OPENAPI.read_text())


def test_every_rest_operation_has_a_graphql_twin() -> None:
    document = json.loads(OPENAPI.read_text())
    sdl = SCHEMA.read_text()
    twins = {"sessionEventsStream": "sessionEvents"}  # SSE's twin is the subscription
    for path, methods in document["paths"].items():
        for operation in methods.values():
            if path in ("/healthz", "/readyz"):
                continue
            name = twins.get(operation["operationId"], operation["operationId"])
            assert f"  {name}(" in sdl or f"  {name}:" in sdl, name
