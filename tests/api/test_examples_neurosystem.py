"""NeuroSystem's session examples over GraphQL: the REST example calls, in order, as mutations.

Every body maps directly onto its mutation's input (same field names, enums by their REST values), so
all of them are sent; a few answers are also read for what the example promises whatever the dice say.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from support.api import Api

from service.api.examples import IN_SESSION, SESSIONS

CREATE = "mutation C($input: CreateSessionInput!) { createSession(input: $input) { session { id } seats { name token } } }"

# operationId -> (what to select from its result, what the answer must show)
READ: dict[str, tuple[str, Callable[[dict[str, Any]], bool]]] = {
    "neurosystemDefendInSession": ("landedSeverity negativeStates", lambda r: r["landedSeverity"] <= 4),
    "neurosystemFlatCheckInSession": ("badShit check { negativeStates }", lambda r: r["badShit"] and r["check"]["negativeStates"] == 4),
    "neurosystemPushThroughInSession": ("coolShit badShit resolveLeft", lambda r: (r["coolShit"], r["badShit"], r["resolveLeft"]) == (True, False, 1)),
    "neurosystemEndSceneInSession": ("ended scene deathMeasures { character autoWon }", lambda r: (r["ended"], r["scene"]) == (1, 2) and r["deathMeasures"] == [{"character": "mika", "autoWon": True}]),
    "neurosystemDeathMeasureInSession": ("died spanTotal scenesDying", lambda r: not r["died"] and r["spanTotal"] <= 2 and r["scenesDying"] == 2),
    "neurosystemRemoveCharacterInSession": ("removed closedChecks", lambda r: r == {"removed": "mika", "closedChecks": []}),
}  # fmt: skip


def _mutation(api: Api, operation: str, answer: str) -> str:
    result = f"result {{ {answer} }}" if answer else ""
    return f"mutation M($id: ID!, $input: {api.input_type(operation)}) {{ {operation}(sessionId: $id, input: $input) {{ seq {result} }} }}"


def test_the_session_examples_are_accepted_in_order_over_graphql(memory_api: Api) -> None:
    created = memory_api.gql_data(CREATE, {"input": SESSIONS["neurosystem"]})["createSession"]
    sid = created["session"]["id"]
    tokens = {seat["name"]: seat["token"] for seat in created["seats"]}
    calls = IN_SESSION["neurosystem"]
    assert len({operation for _, operation, _ in calls}) == 24  # every session operation of the system that takes a body
    for seq, (seat, operation, body) in enumerate(calls):
        answer, shows = READ.get(operation, ("", lambda _: True))
        data = memory_api.gql_data(_mutation(memory_api, operation, answer), {"id": sid, "input": body}, token=tokens[seat])[operation]
        assert data["seq"] == seq, operation
        assert shows(data.get("result")), f"{operation}: {data}"
