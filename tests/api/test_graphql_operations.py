"""Which operation of a GraphQL document runs (the GraphQL spec's GetOperation): a document of one
operation runs it, named or not; a document of several runs the one `operationName` names, and
without a name it is a request error (`graphql/invalid-query`) and none of them runs."""

from __future__ import annotations

import pytest

from support.api import Api

_ROLLS = (
    'mutation First($id: ID!) { diceRollInSession(sessionId: $id, input: {expression: "1d6"}) { seq version } } '
    'mutation Second($id: ID!) { diceRollInSession(sessionId: $id, input: {expression: "2d6"}) { seq version } }'
)


def _session(api: Api) -> tuple[str, str]:
    created = api.create_session("dice", [{"name": "gm", "role": "gm"}, {"name": "ana"}])
    return created["session"]["id"], api.tokens["ana"]


def _version(api: Api, sid: str, token: str) -> int:
    return api.get(f"/v1/sessions/{sid}", token=token).json()["version"]


def _post(api: Api, body: dict, token: str) -> dict:
    response = api.client.post("/graphql", json=body, headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200, response.text
    return response.json()


def test_several_operations_without_an_operation_name_are_an_error_and_none_runs(memory_api: Api) -> None:
    sid, token = _session(memory_api)
    for _ in range(2):  # the second time through the caches and plans as well
        answer = _post(memory_api, {"query": _ROLLS, "variables": {"id": sid}}, token)
        assert answer["data"] is None
        (error,) = answer["errors"]
        assert "operationName" in error["message"] and error["extensions"]["code"] == "graphql/invalid-query"
        assert error["extensions"]["status"] == 400
    assert _version(memory_api, sid, token) == 1  # neither mutation ran
    assert memory_api.get(f"/v1/sessions/{sid}/log", token=token).json()["entries"] == []


def test_the_named_operation_runs_and_only_it(memory_api: Api) -> None:
    sid, token = _session(memory_api)
    for expected, name in ((2, "Second"), (3, "First"), (4, "Second")):
        answer = _post(memory_api, {"query": _ROLLS, "variables": {"id": sid}, "operationName": name}, token)
        assert answer["data"]["diceRollInSession"]["version"] == expected, answer
    entries = memory_api.get(f"/v1/sessions/{sid}/log", token=token).json()["entries"]
    assert [e["input"]["expression"] for e in entries] == ["2d6", "1d6", "2d6"]


@pytest.mark.parametrize(
    "query",
    [
        "{ mechanics { systems } } { mechanics { systems } }",
        "query { mechanics { systems } } query Named { mechanics { systems } }",
    ],
    ids=["two-anonymous", "anonymous-and-named"],
)
def test_an_anonymous_operation_beside_another_is_an_error(memory_api: Api, query: str) -> None:
    sid, token = _session(memory_api)
    answer = _post(memory_api, {"query": query}, token)
    assert answer["data"] is None and answer["errors"]
    assert {e["extensions"]["code"] for e in answer["errors"]} == {"graphql/invalid-query"}


def test_a_single_operation_needs_no_name(memory_api: Api) -> None:
    _, token = _session(memory_api)
    for query in ("query Only { mechanics { systems } }", "{ mechanics { systems } }"):
        for _ in range(2):
            answer = _post(memory_api, {"query": query}, token)
            assert "errors" not in answer and "dice" in answer["data"]["mechanics"]["systems"]
