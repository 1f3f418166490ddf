"""The dice roll mechanic over REST and GraphQL, stateless and in a session, on both stores."""

from __future__ import annotations

from service.dice.stream import Stream, commitment
from support.api import Api

ROLL = """mutation Roll($input: DiceRollInput!) {
  diceRoll(input: $input) { result { formula total dice { faces results { result active discarded } } } audit { seed nonce scope draws { sides face } } }
}"""

ROLL_IN_SESSION = """mutation Roll($id: ID!, $input: DiceSessionRollInput!, $v: Int, $key: String) {
  diceRollInSession(sessionId: $id, input: $input, expectedVersion: $v, idempotencyKey: $key) {
    version seq result { total } audit { nonce scope seedCommitment seed draws { sides face } }
  }
}"""


def test_stateless_roll_with_a_seed_is_reproducible_and_recomputable(api: Api) -> None:
    first = api.post("/v1/dice/roll", {"expression": "4d6kh3 + 2", "seed": "table-42"}).json()
    again = api.post("/v1/dice/roll", {"expression": "4d6kh3 + 2", "seed": "table-42"}).json()
    assert first == again
    stream = Stream(seed="table-42", scope="stateless", nonce=0)
    faces = [stream.roll(6) for _ in range(4)]
    assert [d["face"] for d in first["audit"]["draws"]] == faces
    assert first["result"]["total"] == sum(sorted(faces)[1:]) + 2
    assert first["audit"]["seedCommitment"] == commitment("table-42")


def test_stateless_roll_without_seed_returns_a_fresh_one(api: Api) -> None:
    a = api.post("/v1/dice/roll", {"expression": "1d20"}).json()["audit"]
    b = api.post("/v1/dice/roll", {"expression": "1d20"}).json()["audit"]
    assert len(a["seed"]) == 64 and a["seed"] != b["seed"]


def test_graphql_and_rest_give_the_same_roll(api: Api) -> None:
    rest = api.post("/v1/dice/roll", {"expression": "2d20kl1+3", "seed": "s"}).json()
    data = api.gql_data(ROLL, {"input": {"expression": "2d20kl1+3", "seed": "s"}})["diceRoll"]
    assert data["result"]["total"] == rest["result"]["total"]
    assert data["audit"]["draws"] == rest["audit"]["draws"]


def test_limit_breach_is_a_422_naming_the_limit_on_both_protocols(api: Api) -> None:
    response = api.post("/v1/dice/roll", {"expression": "1001d6"})
    assert response.status_code == 422
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == "dice/limit-exceeded" and response.json()["limit"] == "maxDice"
    error = api.gql_error(ROLL, {"input": {"expression": "1001d6"}})
    assert error["extensions"]["code"] == "dice/limit-exceeded"
    assert error["extensions"]["limit"] == "maxDice"


def test_session_rolls_advance_the_nonce_and_are_logged(api: Api) -> None:
    created = api.create_session("dice")
    sid, token = created["session"]["id"], api.tokens["ana"]
    one = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d20"}, token=token)
    assert one.status_code == 200, one.text
    two = api.gql_data(ROLL_IN_SESSION, {"id": sid, "input": {"expression": "3d6"}}, token=token)["diceRollInSession"]
    assert one.json()["audit"]["nonce"] == 0 and two["audit"]["nonce"] == 1
    assert two["audit"]["seed"] is None  # hidden until the session closes
    assert one.headers["etag"] == '"2"' and two["version"] == 3
    log = api.get(f"/v1/sessions/{sid}/log", token=token).json()
    assert [entry["action"] for entry in log["entries"]] == ["dice/roll", "dice/roll"]
    assert log["entries"][1]["audit"]["draws"] == two["audit"]["draws"]


def test_closing_reveals_the_seed_and_every_logged_roll_verifies(api: Api) -> None:
    created = api.create_session("dice", client_seed="ours")
    sid, gm = created["session"]["id"], api.tokens["gm"]
    for expression in ("1d20", "4d6kh3", "2d10!"):
        assert api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": expression}, token=gm).status_code == 200
    closed = api.post(f"/v1/sessions/{sid}/close", token=gm)
    assert closed.status_code == 200, closed.text
    seed = closed.json()["seeds"][0]["seed"]
    assert commitment(seed) == created["session"]["seeds"][0]["seedCommitment"]
    for entry in api.get(f"/v1/sessions/{sid}/log", token=gm).json()["entries"]:
        if entry["audit"]:
            verdict = api.post("/v1/verify", {"record": entry["audit"], "seed": seed}).json()
            assert verdict == {"match": True, "checked": len(entry["audit"]["draws"]), "reason": None, "firstMismatch": None}
    after = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d6"}, token=gm)
    assert after.status_code == 409 and after.json()["code"] == "session-closed"
