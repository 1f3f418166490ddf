"""X-Request-ID, W3C trace context, X-Served-By, and what a browser may read of them (CORS)."""

from __future__ import annotations

import re

import pytest

from service.observability import accept_request_id, parse_traceparent

ORIGIN = "https://vtt.example"  # allowed by the shared app (conftest.py)
TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"


def test_a_request_without_an_id_gets_a_fresh_one(client) -> None:
    ids = {client.get("/healthz").headers["x-request-id"] for _ in range(5)}
    assert len(ids) == 5
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{22}", value) for value in ids)  # 128 random bits, base64url


@pytest.mark.parametrize("given", ["3f2b8c1e-9d4a-4e7b-8c6d-1a2b3c4d5e6f", "req-42", "nginx:0a1b2c3d4e5f"])
def test_the_callers_request_id_is_kept(client, given: str) -> None:
    assert client.get("/healthz", headers={"X-Request-ID": given}).headers["x-request-id"] == given


@pytest.mark.parametrize("given", ["", "has spaces", "quote\"d", "x" * 129, "line\\nbreak"])
def test_a_request_id_that_is_not_an_id_is_replaced(client, given: str) -> None:
    answered = client.get("/healthz", headers={"X-Request-ID": given}).headers["x-request-id"]
    assert answered != given and accept_request_id(answered) == answered


def test_problem_answers_carry_the_request_id_and_replica_too(client) -> None:
    response = client.get("/v1/sessions/nope", headers={"X-Request-ID": "lost-1", "Authorization": "Bearer x"})
    assert response.status_code == 404
    assert response.headers["x-request-id"] == "lost-1"
    assert response.headers["x-served-by"] == "replica-test"


def test_a_valid_traceparent_is_echoed(client) -> None:
    response = client.post("/v1/dice/roll", json={"expression": "1d6"}, headers={"traceparent": TRACEPARENT, "tracestate": "vendor=1"})
    assert response.headers["traceparent"] == TRACEPARENT


@pytest.mark.parametrize(
    "header",
    [
        "00-00000000000000000000000000000000-00f067aa0ba902b7-01",  # all-zero trace id
        "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",  # all-zero parent id
        "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",  # forbidden version
        "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",  # upper case
        "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",  # version 00 has 4 fields
        "not a traceparent",
    ],
)
def test_an_invalid_traceparent_is_ignored(client, header: str) -> None:
    assert parse_traceparent(header) is None
    assert "traceparent" not in client.get("/healthz", headers={"traceparent": header}).headers


def test_a_later_trace_context_version_may_append_fields() -> None:
    context = parse_traceparent("01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-future", "a=1,b=2")
    assert context is not None
    assert (context.trace_id, context.parent_id, context.tracestate) == ("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7", "a=1,b=2")


def test_browsers_may_send_the_ids_and_read_every_header_a_client_needs(client) -> None:
    preflight = client.options(
        "/v1/dice/roll",
        headers={
            "Origin": ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type, x-request-id, traceparent, tracestate, idempotency-key",
        },
    )
    assert preflight.status_code == 200
    assert preflight.headers["x-request-id"]
    answer = client.post("/v1/dice/roll", json={"expression": "1d6"}, headers={"Origin": ORIGIN})
    exposed = {name.strip().lower() for name in answer.headers["access-control-expose-headers"].split(",")}
    wanted = {"etag", "retry-after", "x-request-id", "x-served-by", "traceparent", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"}
    assert wanted <= exposed
