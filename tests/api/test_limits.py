"""Limits: rate limiting, GraphQL depth / alias / batch amplification, oversized bodies and lists."""

from __future__ import annotations

from functools import partial

import pytest
from starlette.testclient import TestClient

from service.api.app import create_app
from service.api.ratelimit import RateLimit
from support.api import Api, make_settings


def test_bucket_refills_at_the_rate_and_caps_at_the_burst() -> None:
    now = [0.0]
    limiter = RateLimit(None, rate=2.0, burst=3, clock=lambda: now[0])
    assert [limiter.take("a")[0] for _ in range(4)] == [True, True, True, False]
    allowed, _, wait = limiter.take("a")
    assert not allowed and wait == 0.5
    now[0] += 0.5
    assert limiter.take("a")[0] is True
    assert limiter.take("b")[0] is True  # clients do not share a bucket
    now[0] += 100
    assert limiter.take("a")[1] == 2  # refilled to the burst, not beyond


def test_a_client_over_its_rate_gets_429_with_retry_after(monkeypatch: pytest.MonkeyPatch) -> None:
    # A clock that stands still: no token comes back while the requests run, however slowly.
    monkeypatch.setattr("service.api.app.RateLimit", partial(RateLimit, clock=lambda: 1000.0))
    app = create_app(make_settings("memory", rate_limit_per_second=1, rate_limit_burst=3))
    with TestClient(app) as client:
        answers = [client.post("/v1/dice/roll", json={"expression": "1d6"}) for _ in range(4)]
        assert [a.status_code for a in answers] == [200, 200, 200, 429]
        # The limit states the rate (1 per second), not the burst (3).
        assert answers[0].headers["ratelimit-limit"] == "1" and answers[2].headers["ratelimit-remaining"] == "0"
        refused = answers[3]
        assert refused.headers["content-type"] == "application/problem+json"
        assert int(refused.headers["retry-after"]) >= 1 and refused.json()["code"] == "rate-limited"
        # A made-up token is no other client: it shares its address's bucket. Health checks are never limited.
        other = client.post("/v1/dice/roll", json={"expression": "1d6"}, headers={"Authorization": "Bearer nat_someone"})
        assert other.status_code == 429
        assert all(client.get("/healthz").status_code == 200 for _ in range(10))


def test_oversized_graphql_documents_are_refused(memory_api: Api) -> None:
    # The token cap bounds nesting and breadth alike, introspection included.
    nested = "query { __schema { types { " + "fields { type { " * 400 + "name" + " } }" * 400 + " } } }"
    assert memory_api.gql_error(nested)["extensions"]["code"] == "graphql/invalid-query"
    wide = "query { " + "mechanics { systems } " * 1500 + "}"
    error = memory_api.gql_error(wide)
    assert "token" in error["message"].lower() and error["extensions"]["code"] == "graphql/invalid-query"


def test_alias_amplification_is_refused(memory_api: Api) -> None:
    many = "query { " + " ".join(f"a{i}: mechanics {{ systems }}" for i in range(50)) + " }"
    error = memory_api.gql_error(many)
    assert "alias" in error["message"].lower()


def test_batched_graphql_requests_are_refused(memory_api: Api) -> None:
    response = memory_api.client.post("/graphql", json=[{"query": "{ mechanics { systems } }"}] * 100)
    assert response.status_code == 422 and response.json()["code"] == "validation-failed"


def test_huge_lists_are_refused_by_the_schema(memory_api: Api) -> None:
    seats = [{"name": f"p{i}"} for i in range(1000)]
    response = memory_api.post("/v1/sessions", {"system": "dice", "seats": seats})
    assert response.status_code == 422 and "seats" in response.json()["detail"]


def test_an_expression_over_the_length_limit_is_refused(memory_api: Api) -> None:
    response = memory_api.post("/v1/dice/roll", {"expression": "1+" * 600 + "1"})
    assert response.status_code == 422
