"""A planned GraphQL document answers exactly as the full strawberry execution does.

Each test sends a document twice: the first time it goes through strawberry (and is
learned), the second time through its plan. Texts carry a unique comment, so no other test
has planned them before. Each runs three ways: with plans, with plans that leave the
arguments to graphql-core (NA_GRAPHQL_DIRECT_ARGUMENTS off) and without plans
(NA_GRAPHQL_PLANS off), where nothing is learned and every answer is strawberry's.
"""

from __future__ import annotations

import uuid

import pytest

from service.dice.notation import Limits
from support.api import Api

ROLL = """mutation Roll($input: DiceRollInput!) {
  diceRoll(input: $input) {
    __typename
    result { formula total text dice { faces results { result active discarded exploded rerolled success } } }
    roll: audit { seed nonce scope seedCommitment draws { sides face } }
  }
}"""


@pytest.fixture(
    params=[{}, {"graphql_direct_arguments": False}, {"graphql_plans": False}],
    ids=["plans", "plans-coerced-arguments", "no-plans"],
)
def switches(request: pytest.FixtureRequest) -> dict[str, bool]:
    return request.param


def _unique(query: str) -> str:
    return f"# {uuid.uuid4().hex}\n{query}"


def _planned(api: Api, query: str, operation: str | None = None) -> bool:
    return (query, operation) in api.client.app.state.schema.plans


def _learned(api: Api, query: str) -> bool:
    """The text has a plan if, and only if, plans are on."""
    return _planned(api, query) is api.client.app.state.settings.graphql_plans


def test_a_repeated_roll_is_planned_and_answers_byte_for_byte_as_the_full_path(api: Api) -> None:
    query = _unique(ROLL)
    variables = {"input": {"expression": "4d6kh3+2d8!+1d20ro1", "seed": "same-seed"}}
    assert not _planned(api, query)
    first = api.client.post("/graphql", json={"query": query, "variables": variables})
    assert _learned(api, query)  # learned from the first answer
    second = api.client.post("/graphql", json={"query": query, "variables": variables})
    assert second.status_code == first.status_code == 200
    assert second.content == first.content
    assert second.json()["data"]["diceRoll"]["__typename"] == "DiceRollResponse"


def test_an_error_through_a_plan_has_the_full_paths_message_location_path_and_code(api: Api) -> None:
    query = _unique(ROLL)
    api.gql(query, {"input": {"expression": "1d6", "seed": "warm"}})
    assert _learned(api, query)
    bad = {"input": {"expression": "100001d6", "seed": "x"}}
    planned = api.gql(query, bad)
    fresh = api.gql(_unique(ROLL), bad)  # a new text: the full path
    assert planned["data"] is None and fresh["data"] is None
    assert planned["errors"][0]["extensions"]["code"] == "dice/limit-exceeded"
    assert planned["errors"] == [{**fresh["errors"][0], "locations": planned["errors"][0]["locations"]}]
    assert planned["errors"][0]["path"] == ["diceRoll"]
    assert planned["errors"][0]["locations"] == [{"line": 3, "column": 3}]  # one line lower: the comment


def test_variables_that_do_not_coerce_get_the_full_paths_error_and_roll_nothing(api: Api) -> None:
    query = _unique(ROLL)
    api.gql(query, {"input": {"expression": "1d6", "seed": "warm"}})
    answer = api.gql(query, {"input": {"expression": 7}})
    assert answer["data"] is None
    assert answer["errors"][0]["extensions"]["code"] == "graphql/invalid-query"
    assert "expression" in answer["errors"][0]["message"]


def test_documents_with_fragments_or_directives_are_never_planned_but_answer(api: Api) -> None:
    fragment = _unique(
        "mutation($e: String!) { diceRoll(input: {expression: $e, seed: \"f\"}) { ...R } }\n"
        "fragment R on DiceRollResponse { result { total } }"
    )
    directive = _unique(
        "mutation($e: String!, $more: Boolean!) { diceRoll(input: {expression: $e, seed: \"f\"}) "
        "{ result { total formula @include(if: $more) } } }"
    )
    for _ in range(2):
        total = api.gql_data(fragment, {"e": "3d6"})["diceRoll"]["result"]["total"]
        shown = api.gql_data(directive, {"e": "3d6", "more": False})["diceRoll"]["result"]
        assert shown == {"total": total}
    assert not _planned(api, fragment) and not _planned(api, directive)


def test_an_invalid_document_is_never_planned(api: Api) -> None:
    query = _unique("mutation { diceRoll(input: {expression: \"1d6\"}) { result { nope } } }")
    for _ in range(2):
        assert api.gql_error(query)["extensions"]["code"] == "graphql/invalid-query"
    assert not _planned(api, query)


def test_a_planned_session_write_keeps_version_checks_and_changes_nothing_on_conflict(api: Api) -> None:
    created = api.create_session("dice")
    sid, token = created["session"]["id"], api.tokens["gm"]
    query = _unique(
        "mutation($id: ID!, $v: Int) { diceRollInSession(sessionId: $id, input: {expression: \"1d6\"}, expectedVersion: $v) "
        "{ version result { total } } }"
    )
    api.gql_data(query, {"id": sid, "v": 1}, token=token)
    assert _learned(api, query)
    stale = api.gql_error(query, {"id": sid, "v": 1}, token=token)
    assert stale["extensions"]["code"] == "version-conflict"
    assert stale["extensions"]["status"] == 412
    assert api.get(f"/v1/sessions/{sid}", token=token).json()["version"] == 2
    assert api.gql_data(query, {"id": sid, "v": 2}, token=token)["diceRollInSession"]["version"] == 3
    no_token = api.gql_error(query, {"id": sid, "v": 3})
    assert no_token["extensions"]["code"] == "unauthorized"


def test_a_planned_query_with_flat_arguments_reads_like_the_full_path(api: Api) -> None:
    created = api.create_session("dice")
    sid, token = created["session"]["id"], api.tokens["gm"]
    for _ in range(3):
        api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "2d6"}, token=token)
    query = _unique("query($id: ID!, $n: Int) { sessionLog(sessionId: $id, limit: $n) { entries { seq action } nextCursor } }")
    first = api.gql(query, {"id": sid, "n": 2}, token=token)
    second = api.gql(query, {"id": sid, "n": 2}, token=token)
    assert _learned(api, query)
    assert first == second
    assert [entry["seq"] for entry in second["data"]["sessionLog"]["entries"]] == [0, 1]


@pytest.fixture
def totals_past_graphqls_int(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    """Notation limits wider than the service allows (maxValue is GraphQL's Int): a total no Int carries.

    Every stream the app makes, stateless or in a session, carries its sessions' limits.
    """
    monkeypatch.setattr(api.client.app.state.sessions, "limits", Limits(max_value=2**40))


@pytest.mark.usefixtures("totals_past_graphqls_int")
def test_a_value_the_schema_cannot_carry_is_worded_as_the_full_path_words_it(api: Api) -> None:
    # A total past 2**31 is no GraphQL Int: the error sits on `total`, and null goes up to the
    # nearest nullable field, exactly as strawberry answers.
    huge = {"input": {"expression": "1d6+1000000000+1000000000+1000000000", "seed": "big"}}
    query = _unique(ROLL)
    api.gql(query, {"input": {"expression": "1d6", "seed": "warm"}})
    assert _learned(api, query)
    planned = api.client.post("/graphql", json={"query": query, "variables": huge})
    fresh = api.client.post("/graphql", json={"query": _unique(ROLL), "variables": huge})
    assert planned.content == fresh.content
    assert planned.json()["errors"][0]["path"] == ["diceRoll", "result", "total"]


@pytest.mark.usefixtures("totals_past_graphqls_int")
def test_a_session_write_whose_result_cannot_be_carried_still_answers_its_version(api: Api) -> None:
    sid, token = api.create_session("dice")["session"]["id"], api.tokens["gm"]
    query = _unique("mutation($id: ID!, $e: String!) { diceRollInSession(sessionId: $id, input: {expression: $e}) { version seq result { total } } }")
    api.gql_data(query, {"id": sid, "e": "1d6"}, token=token)
    assert _learned(api, query)
    answer = api.gql(query, {"id": sid, "e": "1d6+1000000000+1000000000+1000000000"}, token=token)
    assert answer["data"] == {"diceRollInSession": {"version": 3, "seq": 1, "result": None}}  # committed, and it says so
    assert answer["errors"][0]["path"] == ["diceRollInSession", "result", "total"]
    assert answer["errors"][0]["extensions"]["code"]
