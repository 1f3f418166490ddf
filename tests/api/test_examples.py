"""Every request example the OpenAPI document publishes is a body the live service accepts (REST)."""

from __future__ import annotations

import json

import pytest
from support.api import Api

from service.api.examples import BODIES, SESSIONS
from service.contracts import OPENAPI
from service.systems import build_registry

DOCUMENT = json.loads(OPENAPI.read_text())


def _examples() -> list[tuple[str, str, str, dict]]:
    out = []
    for path, methods in DOCUMENT["paths"].items():
        for operation in methods.values():
            media = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            for name, example in media.get("examples", {}).items():
                out.append((operation["operationId"], path, name, example["value"]))
    return out


EXAMPLES = _examples()


def _stateless(path: str) -> bool:
    """A stateless mechanic's path, `/v1/{system}/{mechanic}`."""
    parts = path.split("/")
    return len(parts) == 4 and parts[1] == "v1" and parts[2] in build_registry().systems


def _stateless_bodies() -> list[str]:
    """operationIds of the stateless mechanic operations (`POST /v1/{system}/{mechanic}`) that take a body."""
    return [
        operation["operationId"]
        for path, methods in DOCUMENT["paths"].items()
        for method, operation in methods.items()
        if _stateless(path) and "requestBody" in operation
    ]


def test_every_stateless_operation_with_a_body_has_an_example() -> None:
    stateless = _stateless_bodies()
    assert len(stateless) >= 51  # every system's stateless mechanics, dice to neuroscape
    missing = sorted(set(stateless) - {operation for operation, *_ in EXAMPLES})
    assert missing == []


def test_every_example_here_is_published_on_an_operation() -> None:
    operations = {o["operationId"] for methods in DOCUMENT["paths"].values() for o in methods.values()}
    assert set(BODIES) - operations == set()


def test_create_session_has_an_example_for_every_system() -> None:
    named = {name for operation, _, name, _ in EXAMPLES if operation == "createSession"}
    assert named == set(build_registry().systems)


@pytest.mark.parametrize(("operation", "path", "name", "body"), EXAMPLES, ids=[f"{e[0]}-{e[2]}" for e in EXAMPLES])
def test_each_request_example_is_accepted(memory_api: Api, operation: str, path: str, name: str, body: dict) -> None:
    token = None
    if "{sessionId}" in path:
        created = memory_api.post("/v1/sessions", SESSIONS["dice"])
        assert created.status_code == 201, created.text
        seat = next(s for s in created.json()["seats"] if s["role"] == "player")
        path, token = path.replace("{sessionId}", created.json()["session"]["id"]), seat["token"]
    answer = memory_api.post(path, body, token=token)
    assert 200 <= answer.status_code < 300, answer.text
    if _stateless(path):  # a stateless mechanic answers its result
        assert "result" in answer.json(), answer.text
    if operation == "createSession":
        assert answer.json()["session"]["system"] == body["system"]
