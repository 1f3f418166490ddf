"""Property-based fuzzing of every REST and GraphQL operation: no server error, responses match the schema.

Two of schemathesis's checks assume more than our contract promises, so they are replaced:
- `positive_data_acceptance`: a schema-valid body can still break a rule (an unknown dice
  expression, a reused Idempotency-Key) and is then rightly a 4xx problem; GraphQL cannot even
  express the length and range limits that pydantic enforces;
- for GraphQL, `not_a_server_error` treats every resolver error as a server fault. Our errors carry
  `extensions.status`; the check below accepts coded client errors and fails on anything else.
"""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import positive_data_acceptance

from service.api.app import create_app
from support.api import make_settings

app = create_app(make_settings("memory"))
rest = schemathesis.openapi.from_asgi("/openapi.json", app)
graphql = schemathesis.graphql.from_asgi("/graphql", app)

# Bounded: well over two hundred operations; the stateful machine and the game suites go deeper.
FUZZ = settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


@rest.parametrize()
@FUZZ
def test_rest_operations_conform(case) -> None:
    response = case.call_and_validate(excluded_checks=[positive_data_acceptance])
    if response.status_code >= 400:
        problem = response.json()
        assert problem["status"] == response.status_code and problem["code"], problem


@graphql.parametrize()
@FUZZ
def test_graphql_operations_conform(case) -> None:
    response = case.call_and_validate(excluded_checks=[not_a_server_error, positive_data_acceptance])
    assert response.status_code == 200, response.text
    for error in response.json().get("errors") or []:
        extensions = error.get("extensions") or {}
        assert extensions.get("code") and extensions.get("status", 500) < 500, error
