"""Log lines: one JSON object each, with the request's id and shape, and never a secret."""

from __future__ import annotations

import json
import logging

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from service.api.middleware import ObservabilityMiddleware
from service.observability import Metrics

REPLICA = "replica-test"  # the shared app's (conftest.py)

ACCESS_FIELDS = {"time", "level", "logger", "message", "replica", "request_id", "method", "route", "status", "duration_ms"}


def _access(lines: list[str]) -> list[dict]:
    return [record for record in map(json.loads, lines) if record["logger"] == "service.access"]


def test_each_request_is_one_json_line_with_its_id_route_status_and_duration(client, json_logs) -> None:
    response = client.post("/v1/dice/roll", json={"expression": "2d6"}, headers={"X-Request-ID": "req-42"})
    [line] = [r for r in _access(json_logs.lines()) if r["request_id"] == "req-42"]
    assert ACCESS_FIELDS <= set(line)
    assert (line["level"], line["message"], line["replica"]) == ("info", "request", REPLICA)
    assert (line["method"], line["route"], line["status"]) == ("POST", "/v1/dice/roll", response.status_code)
    assert line["time"].endswith("Z") and line["duration_ms"] >= 0


def test_a_session_life_logs_no_token_and_no_seed(client, json_logs) -> None:
    created = client.post(
        "/v1/sessions", json={"system": "dice", "seats": [{"name": "gm", "role": "gm"}, {"name": "ana"}], "clientSeed": "table-salt"}
    ).json()
    sid = created["session"]["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    gm = {"Authorization": f"Bearer {tokens[0]}"}
    ana = {"Authorization": f"Bearer {tokens[1]}"}
    client.post(f"/v1/sessions/{sid}/dice/roll", json={"expression": "3d6"}, headers=gm)
    query = "mutation($id: ID!) { diceRollInSession(sessionId: $id, input: {expression: \"1d20\"}) { seq } }"
    assert "errors" not in client.post("/graphql", json={"query": query, "variables": {"id": sid}}, headers=ana).json()
    client.get(f"/v1/sessions/{sid}/log", params={"cursor": "1", "limit": "5"}, headers=ana)
    client.post(f"/v1/sessions/{sid}/close", headers={"Authorization": "Bearer nat_not-a-seat-token"})  # 403
    closed = client.post(f"/v1/sessions/{sid}/close", headers=gm).json()
    session_seed = closed["seeds"][0]["seed"]
    assert session_seed  # revealed in the response...
    # EventSource cannot send headers, so the event stream takes the token as `?token=`.
    replay = client.get(f"/v1/sessions/{sid}/events", params={"token": tokens[1], "lastEventId": "0"})
    assert replay.status_code == 200 and "session/close" in replay.text
    stateless_seed = "my-very-own-reproducible-seed"
    rolled = client.post("/v1/dice/roll", json={"expression": "4d6kh3", "seed": stateless_seed, "clientSeed": "pepper"})
    assert rolled.json()["audit"]["seed"] == stateless_seed
    gql_seed = "another-seed-sent-over-graphql"
    gql = 'mutation { diceRoll(input: {expression: "d%", seed: "' + gql_seed + '"}) { audit { seed } } }'
    assert client.post("/graphql", json={"query": gql}).json()["data"]["diceRoll"]["audit"]["seed"] == gql_seed

    text = json_logs.text
    for secret in [*tokens, "nat_not-a-seat-token", session_seed, stateless_seed, gql_seed, "table-salt", "pepper", "cursor="]:
        assert secret not in text  # ...but not in any log line
    lines = json_logs.lines()
    assert len(_access(lines)) == 9  # one per request above
    assert all(isinstance(json.loads(line), dict) for line in lines)


def test_probes_and_scrapes_are_logged_only_at_debug(client, json_logs) -> None:
    logger = logging.getLogger("service.access")
    client.get("/healthz", headers={"X-Request-ID": "probe-1"})
    [line] = [r for r in _access(json_logs.lines()) if r["request_id"] == "probe-1"]
    assert line["level"] == "debug"
    logger.setLevel(logging.INFO)
    try:
        client.get("/readyz", headers={"X-Request-ID": "probe-2"})
    finally:
        logger.setLevel(logging.NOTSET)
    assert not [r for r in _access(json_logs.lines()) if r["request_id"] == "probe-2"]


def test_an_unexpected_failure_is_logged_as_a_500_with_the_exception_type_only(json_logs) -> None:
    async def broken(request: Request) -> PlainTextResponse:
        raise RuntimeError("a message that may quote input: secret-input")

    app = Starlette(routes=[Route("/broken", broken)])
    wrapped = ObservabilityMiddleware(app, metrics=Metrics(replica_id="r"), replica_id="r")
    with TestClient(wrapped, raise_server_exceptions=False) as client:
        assert client.get("/broken", headers={"X-Request-ID": "boom"}).status_code == 500
    [line] = [r for r in _access(json_logs.lines()) if r["request_id"] == "boom"]
    assert (line["level"], line["status"], line["route"], line["exception"]) == ("error", 500, "/broken", "RuntimeError")
    assert "secret-input" not in json.dumps(line)


def test_lines_logged_while_serving_carry_the_request_and_trace_ids(json_logs) -> None:
    async def chatty(request: Request) -> PlainTextResponse:
        logging.getLogger("service.api").warning("something worth a look")
        return PlainTextResponse(request.state.request_id)

    app = Starlette(routes=[Route("/chatty", chatty)])
    wrapped = ObservabilityMiddleware(app, metrics=Metrics(replica_id="r"), replica_id="r")
    traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"
    with TestClient(wrapped) as client:
        assert client.get("/chatty", headers={"X-Request-ID": "chat-1", "traceparent": traceparent}).text == "chat-1"
    [line] = [json.loads(x) for x in json_logs.lines() if '"something worth a look"' in x]
    assert (line["logger"], line["level"], line["request_id"]) == ("service.api", "warning", "chat-1")
    assert (line["trace_id"], line["span_id"]) == ("0af7651916cd43dd8448eb211c80319c", "b7ad6b7169203331")
