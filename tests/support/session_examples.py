"""A system's published session examples sent over GraphQL: the session created from its
`createSession` example by a `create…Session` mutation, then each call of `IN_SESSION[system]`
in order, as the mutation named by its operationId, from the seat the example names; a call that
`MAY_BE_REFUSED` says the session's state refuses is refused with that code and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from service.api.examples import IN_SESSION, MAY_BE_REFUSED, SESSIONS
from service.contracts import OPENAPI
from support.api import Api

DOCUMENT = json.loads(OPENAPI.read_text())
SESSION = "query S($id: ID!) { session(sessionId: $id) { version state } }"
LOG = "query L($id: ID!) { sessionLog(sessionId: $id, limit: 200) { entries { seq version seat action input result } } }"


def create_over_graphql(api: Api, system: str) -> tuple[str, dict[str, str]]:
    """A session made from the system's createSession example by GraphQL: its id and each seat's token."""
    kind = system[:1].upper() + system[1:]
    created = api.gql_data(
        f"mutation C($input: {kind}CreateSessionInput!) {{ create{kind}Session(input: $input) {{ session {{ id }} seats {{ name token }} }} }}",
        {"input": SESSIONS[system]},
    )[f"create{kind}Session"]
    return created["session"]["id"], {seat["name"]: seat["token"] for seat in created["seats"]}


def send_over_graphql(api: Api, system: str, answers: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """Send every session example of `system` in order; each answer holds `seq` and, for the
    operations named in `answers`, that selection of its `result` — or, for a call refused as
    `MAY_BE_REFUSED` says, only `refused`: its problem code."""
    answers = answers or {}
    session_id, tokens = create_over_graphql(api, system)
    sent = []
    for seat, operation, body in IN_SESSION[system]:
        wanted = f" result {{ {answers[operation]} }}" if operation in answers else ""
        query = (
            f"mutation M($id: ID!, $input: {api.input_type(operation)}) "
            f"{{ {operation}(sessionId: $id, input: $input) {{ seq{wanted} }} }}"
        )
        variables = {"id": session_id, "input": body}
        refusal = MAY_BE_REFUSED.get(operation)
        session = api.gql_data(SESSION, {"id": session_id}, token=tokens[seat])["session"] if refusal else {}
        if refusal is not None and refusal.when(session["state"]):
            log = api.gql_data(LOG, {"id": session_id}, token=tokens[seat])
            assert api.gql_error(query, variables, token=tokens[seat])["extensions"]["code"] == refusal.code
            assert api.gql_data(SESSION, {"id": session_id}, token=tokens[seat])["session"] == session  # no new version
            assert api.gql_data(LOG, {"id": session_id}, token=tokens[seat]) == log  # nothing logged
            sent.append({"refused": refusal.code})
            continue
        sent.append(api.gql_data(query, variables, token=tokens[seat])[operation])
    return sent


def session_operations(system: str) -> set[str]:
    """operationIds of the system's session operations that take a request body."""
    prefix = f"/v1/sessions/{{sessionId}}/{system}/"
    return {
        operation["operationId"]
        for path, methods in DOCUMENT["paths"].items()
        if path.startswith(prefix) and not path.endswith("/odds")  # odds are asked, not played
        for operation in methods.values()
        if "requestBody" in operation
    }
