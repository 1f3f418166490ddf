"""Every request example the OpenAPI document publishes is a body the live service accepts (REST)."""

from __future__ import annotations

import json

import pytest
from support.api import Api

from service.api.examples import BODIES, IN_SESSION, MAY_BE_REFUSED, SENT, TABLES, session_table
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


def test_every_operation_with_a_body_publishes_an_example() -> None:
    bodies = {
        (operation["operationId"], media_type): bool(media.get("examples"))
        for methods in DOCUMENT["paths"].values()
        for operation in methods.values()
        for media_type, media in operation.get("requestBody", {}).get("content", {}).items()
    }
    assert len(bodies) >= 160  # stateless and session mechanics of every system, sessions, verify
    assert [body for body, has_example in bodies.items() if not has_example] == []


def test_every_example_here_is_published_on_an_operation() -> None:
    operations = {o["operationId"] for methods in DOCUMENT["paths"].values() for o in methods.values()}
    assert set(BODIES) - operations == set()


def test_create_session_has_an_example_for_every_system() -> None:
    named = {name for operation, _, name, _ in EXAMPLES if operation == "createSession"}
    systems = set(build_registry().systems)
    assert systems <= named  # one per system, keyed by the system
    assert named - systems == set(TABLES) == {"neuroscape-drill"}  # and the named extra tables


def test_the_drill_table_says_it_bends_the_rules() -> None:
    examples = DOCUMENT["paths"]["/v1/sessions"]["post"]["requestBody"]["content"]["application/json"]["examples"]
    drill = examples["neuroscape-drill"]
    assert "house rules" in drill["summary"] and "drill table" in drill["summary"]
    rules = drill["value"]["setup"]["rules"]
    assert rules == {"openingHand": 14, "mainDeckMin": 16, "firstTurnDraws": 5, "drawsPerTurn": 5}
    # Each bent number is named with the rulebook's own: 40 to 60 cards, 5 in hand, 1 then 2 drawn.
    for bent in ("16-card main deck (the rules: 40 to 60)", "14 cards (the rules: 5)", "(the rules: 1)", "(the rules: 2)"):
        assert bent in drill["description"]


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
    assert published and published == sent  # every distinct body sent is published, and only those
    assert [body for operation, _, _, body in EXAMPLES if operation == "neuroscapeDrawInSession"] == SENT["neuroscapeDrawInSession"]


def _awaited(api: Api, sid: str, token: str, names: dict[str, str]) -> str:
    """The name of the one seat the match waits for, from the session's state as a seat reads it (`*`)."""
    state = api.get(f"/v1/sessions/{sid}", token=token).json()["state"]
    awaiting = state["flow"]["awaiting"]
    assert len(awaiting) == 1, state["flow"]
    return names[awaiting[0]]


def _unchanged_by_a_refusal(api: Api, sid: str, token: str) -> tuple[int, dict, list[dict]]:
    """What a refused call must leave as it was: the session's version and state, and its whole log."""
    session = api.get(f"/v1/sessions/{sid}", token=token).json()
    return session["version"], session["state"], api.get(f"/v1/sessions/{sid}/log", token=token, params={"limit": 200}).json()["entries"]


@pytest.mark.parametrize("system", sorted(IN_SESSION))
def test_session_examples_are_accepted_in_order_in_the_example_session(memory_api: Api, system: str) -> None:
    created = memory_api.post("/v1/sessions", session_table(system))
    assert created.status_code == 201, created.text
    sid = created.json()["session"]["id"]
    tokens = {seat["name"]: seat["token"] for seat in created.json()["seats"]}
    names = {seat["id"]: seat["name"] for seat in created.json()["seats"]}
    reader = next(iter(tokens.values()))
    paths = {o["operationId"]: path for path, methods in DOCUMENT["paths"].items() for o in methods.values()}
    statuses = build_registry().problems()
    seq = 0
    for named, operation, body in IN_SESSION[system]:
        seat = _awaited(memory_api, sid, reader, names) if named == "*" else named
        refusal = MAY_BE_REFUSED.get(operation)
        refused = refusal is not None and refusal.when(memory_api.get(f"/v1/sessions/{sid}", token=reader).json()["state"])
        before = _unchanged_by_a_refusal(memory_api, sid, reader) if refused else None
        answer = memory_api.post(paths[operation].replace("{sessionId}", sid), body, token=tokens[seat])
        if refused:
            assert refusal is not None
            assert (answer.status_code, answer.json()["code"]) == (statuses[refusal.code].status, refusal.code), answer.text
            assert _unchanged_by_a_refusal(memory_api, sid, reader) == before
            continue
        assert answer.status_code == 200, f"{operation}: {answer.text}"
        assert answer.json()["seq"] == seq  # each accepted call is logged, with the next seq
        seq += 1


def test_an_example_that_may_be_refused_says_when_in_its_description() -> None:
    assert set(MAY_BE_REFUSED) == {"eclipsePoolAfterRollInSession"}  # the one operation no body of which is always accepted
    published = {
        o["operationId"]: o["requestBody"]["content"]["application/json"]["examples"]
        for methods in DOCUMENT["paths"].values()
        for o in methods.values()
        if "requestBody" in o
    }
    for operation, refusal in MAY_BE_REFUSED.items():
        assert published[operation] and all(e["description"] == refusal.description for e in published[operation].values())
        assert refusal.code in refusal.description
