"""Every mechanic that declares odds answers them over HTTP, REST and GraphQL, for its own example.

Stateless: the body of its published example (service/api/examples, without the seeds). In a
session: before each call of the example sessions (sent in order, as tests/api/test_examples.py
sends them) whose mechanic has session odds, its odds for that call's body. Each answer's every
distribution sums to exactly 1, and REST and GraphQL give the same fractions; a session odds call
may instead be refused with a code its game declares (at least one per system must answer).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from support.api import Api

from service.api.examples import IN_SESSION, MAY_BE_REFUSED, STATELESS, odds_body, session_table
from service.api.operations import build_operations
from service.systems import REGISTRY

OPERATIONS = {op.field: op for op in build_operations(REGISTRY)}
STATELESS_ODDS = sorted(field for field in STATELESS if f"{field}Odds" in OPERATIONS)
SELECTION = "distributions { name outcomes { outcome exact } }"


def _sums_to_one(answer: dict[str, Any]) -> list[tuple[str, list[str]]]:
    distributions = answer["distributions"]
    assert distributions, "odds name at least one distribution"
    for d in distributions:
        assert sum(Fraction(o["exact"]) for o in d["outcomes"]) == 1, d["name"]
    return [(d["name"], [o["exact"] for o in d["outcomes"]]) for d in distributions]


def _graphql(api: Api, field: str, body: dict[str, Any], *, session: str | None = None, token: str | None = None) -> dict[str, Any]:
    kind = api.input_type(field)
    if session is None:
        query = f"query O($input: {kind}) {{ {field}(input: $input) {{ {SELECTION} }} }}"
        return api.gql_data(query, {"input": body})[field]
    query = f"query O($id: ID!, $input: {kind}) {{ {field}(sessionId: $id, input: $input) {{ {SELECTION} }} }}"
    return api.gql_data(query, {"id": session, "input": body}, token=token)[field]


def _awaited(api: Api, sid: str, tokens: dict[str, str], names: dict[str, str]) -> str:
    """The seat the session waits for (an example call sent by `*`), as tests/api/test_examples.py finds it."""
    state = api.get(f"/v1/sessions/{sid}", token=next(iter(tokens.values()))).json()["state"]
    (awaiting,) = state["flow"]["awaiting"]
    return names[awaiting]


def test_every_stateless_odds_operation_is_covered_here() -> None:
    assert "diceRoll" in STATELESS_ODDS
    declared = sorted(field.removesuffix("Odds") for field in OPERATIONS if field.endswith("Odds"))
    assert declared == STATELESS_ODDS  # each has its example (tests/api/test_examples.py asks every mechanic for one)


@pytest.mark.parametrize("field", STATELESS_ODDS)
def test_stateless_odds_answer_for_the_published_example(memory_api: Api, field: str) -> None:
    op = OPERATIONS[f"{field}Odds"]
    body = odds_body(field)
    rest = memory_api.post(op.path, body)
    assert rest.status_code == 200, rest.text
    assert _sums_to_one(rest.json()) == _sums_to_one(_graphql(memory_api, op.field, body))


@pytest.mark.parametrize("system", sorted(IN_SESSION))
def test_session_odds_answer_before_each_example_call(memory_api: Api, system: str) -> None:
    created = memory_api.post("/v1/sessions", session_table(system)).json()
    sid = created["session"]["id"]
    tokens = {seat["name"]: seat["token"] for seat in created["seats"]}
    names = {seat["id"]: seat["name"] for seat in created["seats"]}
    asked = answered = 0
    for named, operation, body in IN_SESSION[system]:
        seat = _awaited(memory_api, sid, tokens, names) if named == "*" else named
        odds = OPERATIONS.get(operation.removesuffix("InSession") + "OddsInSession")
        if odds is not None:
            path = odds.path.replace("{sessionId}", sid)
            rest = memory_api.post(path, body, token=tokens[seat])
            asked += 1
            if rest.status_code == 200:
                answered += 1
                assert _sums_to_one(rest.json()) == _sums_to_one(_graphql(memory_api, odds.field, body, session=sid, token=tokens[seat]))
            else:  # only a refusal the game declares for its odds (neuroscape's uncovered steps, ncb's add outside combat)
                assert rest.json()["code"] in odds.codes and rest.json()["code"].startswith(f"{system}/"), f"{odds.field}: {rest.text}"
        call = OPERATIONS[operation]
        refusal = MAY_BE_REFUSED.get(operation)
        sent = memory_api.post(call.path.replace("{sessionId}", sid), body, token=tokens[seat])
        assert sent.status_code == 200 or (refusal is not None and sent.json()["code"] == refusal.code), sent.text
    assert answered or not asked, f"none of {asked} session odds answered"
