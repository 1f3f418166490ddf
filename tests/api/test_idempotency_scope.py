"""An Idempotency-Key belongs to its client (seat, else address): another client's same key is its own request."""

from __future__ import annotations

from starlette.testclient import TestClient

from support.api import Api

STATELESS = """mutation R($key: String) { diceRoll(input: {expression: "3d6"}, idempotencyKey: $key) { audit { seed draws { face } } } }"""
IN_SESSION = """mutation R($id: ID!, $key: String) { diceRollInSession(sessionId: $id, input: {expression: "3d6"}, idempotencyKey: $key) { version seq } }"""


def _from(api: Api, address: str) -> TestClient:
    """Another client of the same app, calling from `address` (on the app's event loop, where its store lives)."""
    other = TestClient(api.client.app, client=(address, 40000))
    other.portal = api.client.portal
    return other


def test_one_key_from_two_seats_of_a_session_is_two_actions(api: Api) -> None:
    created = api.create_session("dice", [{"name": "gm", "role": "gm"}, {"name": "ana"}])
    sid = created["session"]["id"]
    path = f"/v1/sessions/{sid}/dice/roll"
    key = {"Idempotency-Key": "roll-1"}
    gm = api.post(path, {"expression": "3d6"}, token=api.tokens["gm"], headers=key).json()
    ana = api.post(path, {"expression": "3d6"}, token=api.tokens["ana"], headers=key).json()
    assert (gm["seq"], ana["seq"]) == (0, 1) and ana["version"] == gm["version"] + 1
    by_graphql = [api.gql_data(IN_SESSION, {"id": sid, "key": "roll-2"}, token=api.tokens[seat])["diceRollInSession"] for seat in ("gm", "ana")]
    assert [answer["seq"] for answer in by_graphql] == [2, 3]
    # Each seat retrying its own key gets its own first answer back, and nothing moves.
    assert api.post(path, {"expression": "3d6"}, token=api.tokens["ana"], headers=key).json() == ana
    entries = api.get(f"/v1/sessions/{sid}/log", token=api.tokens["gm"]).json()["entries"]
    assert [(e["seq"], e["seat"]) for e in entries] == [(0, "seat-1"), (1, "seat-2"), (2, "seat-1"), (3, "seat-2")]


def test_one_key_from_two_addresses_is_two_stateless_rolls(api: Api) -> None:
    ria, kay = _from(api, "198.51.100.1"), _from(api, "198.51.100.2")
    key = {"Idempotency-Key": "my-roll"}
    first = ria.post("/v1/dice/roll", json={"expression": "3d6"}, headers=key).json()
    other = kay.post("/v1/dice/roll", json={"expression": "3d6"}, headers=key).json()
    assert other["audit"]["seed"] != first["audit"]["seed"]  # a fresh roll, not Ria's
    # Each retrying gets its own first answer.
    assert ria.post("/v1/dice/roll", json={"expression": "3d6"}, headers=key).json() == first
    assert kay.post("/v1/dice/roll", json={"expression": "3d6"}, headers=key).json() == other


def test_one_key_from_two_addresses_is_two_stateless_rolls_over_graphql(api: Api) -> None:
    answers = []
    for address in ("198.51.100.1", "198.51.100.2", "198.51.100.1"):
        response = _from(api, address).post("/graphql", json={"query": STATELESS, "variables": {"key": "g-roll"}})
        answers.append(response.json()["data"]["diceRoll"]["audit"])
    assert answers[0]["seed"] != answers[1]["seed"] and answers[2] == answers[0]


def test_one_key_with_two_tokens_is_two_stateless_rolls(api: Api) -> None:
    key = {"Idempotency-Key": "vtt-roll"}
    rolls = [
        api.post("/v1/dice/roll", {"expression": "3d6"}, token=token, headers=key).json()["audit"]["seed"]
        for token in ("nat_first-client", "nat_second-client", "nat_first-client")
    ]
    assert rolls[0] != rolls[1] and rolls[2] == rolls[0]
