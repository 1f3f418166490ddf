"""Every request example the OpenAPI document publishes is a body the live service accepts (REST)."""

from __future__ import annotations

import json

import pytest
from support.api import Api

from service.api.examples import BODIES, IN_SESSION, SESSIONS
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
        for operation in methods.values()
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


STANDALONE = [e for e in EXAMPLES if "{sessionId}" not in e[1]]


@pytest.mark.parametrize(("operation", "path", "name", "body"), STANDALONE, ids=[f"{e[0]}-{e[2]}" for e in STANDALONE])
def test_each_request_example_is_accepted(memory_api: Api, operation: str, path: str, name: str, body: dict) -> None:
    answer = memory_api.post(path, body)
    assert 200 <= answer.status_code < 300, answer.text
    if _stateless(path):  # a stateless mechanic answers its result
        assert "result" in answer.json(), answer.text
    if operation == "createSession":
        assert answer.json()["session"]["system"] == body["system"]


def test_the_verify_example_is_the_record_the_roll_example_answers(memory_api: Api) -> None:
    record = memory_api.post("/v1/dice/roll", BODIES["diceRoll"]).json()["audit"]
    assert BODIES["verify"] == {"record": record}
    verdict = memory_api.post("/v1/verify", BODIES["verify"]).json()
    assert (verdict["match"], verdict["checked"]) == (True, 4)  # 4d6kh3 draws four dice


def test_every_session_example_is_one_of_the_calls_sent_in_order() -> None:
    published = {(operation, json.dumps(body)) for operation, path, _, body in EXAMPLES if "{sessionId}" in path}
    sent = {(operation, json.dumps(body)) for calls in IN_SESSION.values() for _, operation, body in calls}
    assert published and published <= sent


@pytest.mark.parametrize("system", sorted(IN_SESSION))
def test_session_examples_are_accepted_in_order_in_the_example_session(memory_api: Api, system: str) -> None:
    created = memory_api.post("/v1/sessions", SESSIONS[system])
    assert created.status_code == 201, created.text
    sid = created.json()["session"]["id"]
    tokens = {seat["name"]: seat["token"] for seat in created.json()["seats"]}
    paths = {o["operationId"]: path for path, methods in DOCUMENT["paths"].items() for o in methods.values()}
    for seq, (seat, operation, body) in enumerate(IN_SESSION[system]):
        answer = memory_api.post(paths[operation].replace("{sessionId}", sid), body, token=tokens[seat])
        assert answer.status_code == 200, f"{operation}: {answer.text}"
        assert answer.json()["seq"] == seq  # each call is logged, none refused
