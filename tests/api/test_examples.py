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
    if operation == "createSession":
        assert answer.json()["session"]["system"] == body["system"]
