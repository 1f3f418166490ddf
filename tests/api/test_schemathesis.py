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
import hypothesis.strategies as st
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import positive_data_acceptance

from service.api.app import create_app
from support.api import make_settings

app = create_app(make_settings("memory"))
# Every platform operation gets its own run; the game systems' operations (well over two hundred)
# are sampled by one bounded test each below, and driven in real sessions by test_stateful_fuzz.
PLATFORM = r"^/(healthz|readyz|v1/(verify|mechanics|dice/|sessions$|sessions/\{sessionId\}/(log|close|rotate-seed|dice/|events)))"
schema = schemathesis.openapi.from_asgi("/openapi.json", app)
rest = schema.include(path_regex=PLATFORM)
games = schema.exclude(path_regex=PLATFORM)
graphql_schema = schemathesis.graphql.from_asgi("/graphql", app)
PLATFORM_FIELDS = r"^(Query|Mutation)\.(verify|mechanics|createSession|session|sessionLog|closeSession|rotateSessionSeed|diceRoll|diceRollInSession)$"
graphql = graphql_schema.include(name_regex=PLATFORM_FIELDS)

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


GAME_OPS = sorted((op.path, op.method.upper()) for op in (result.ok() for result in games.get_all_operations()))


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(data=st.data())
def test_game_operations_conform_on_a_sample(data) -> None:
    path, method = data.draw(st.sampled_from(GAME_OPS))
    case = data.draw(games[path][method].as_strategy())
    response = case.call_and_validate(excluded_checks=[positive_data_acceptance])
    assert response.status_code < 500, response.text
