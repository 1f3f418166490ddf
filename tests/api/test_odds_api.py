"""The odds operations over HTTP: REST and GraphQL, stateless and in a session (read only), errors, the catalog."""

from __future__ import annotations

from fractions import Fraction

from support.api import Api

ODDS = """query O($input: DiceRollOddsInput!) {
  diceRollOdds(input: $input) { distributions { name numeric mean meanExact stdDev outcomes { outcome exact probability atLeast atLeastExact } } }
}"""

ODDS_IN_SESSION = """query O($id: ID!, $input: DiceSessionRollInput!) {
  diceRollOddsInSession(sessionId: $id, input: $input) { sessionId version distributions { name outcomes { outcome exact } } }
}"""


def _at_least(body: dict, x: int) -> str:
    total = body["distributions"][0]
    return next(o["atLeastExact"] for o in total["outcomes"] if o["outcome"] == x)


def test_rest_answers_the_exact_odds_of_an_expression(memory_api: Api) -> None:
    answer = memory_api.post("/v1/dice/roll/odds", {"expression": "3d6"})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert _at_least(body, 11) == "1/2"
    total = body["distributions"][0]
    assert total["name"] == "total" and total["numeric"] and total["meanExact"] == "21/2"
    assert sum(Fraction(o["exact"]) for o in total["outcomes"]) == 1
    assert memory_api.post("/v1/dice/roll/odds", {"expression": "4d6kh3"}).json()["distributions"][0]["meanExact"] == "15869/1296"


def test_graphql_answers_the_same_odds(memory_api: Api) -> None:
    rest = memory_api.post("/v1/dice/roll/odds", {"expression": "2d20kh1+1"}).json()
    for _ in range(2):  # the second request is answered by the query's plan
        data = memory_api.gql_data(ODDS, {"input": {"expression": "2d20kh1+1"}})["diceRollOdds"]
        assert _at_least(data, 12) == "3/4"
        assert data["distributions"][0]["outcomes"] == [
            {k: o[k] for k in ("outcome", "exact", "probability", "atLeast", "atLeastExact")} for o in rest["distributions"][0]["outcomes"]
        ]


def test_the_odds_body_takes_no_seed(memory_api: Api) -> None:
    answer = memory_api.post("/v1/dice/roll/odds", {"expression": "1d20", "seed": "s"})
    assert answer.status_code == 422 and answer.json()["code"] == "validation-failed"


def test_the_rolls_own_errors_answer_as_for_the_roll(memory_api: Api) -> None:
    for expression, code in (("3d", "dice/invalid-expression"), ("1001d6", "dice/limit-exceeded")):
        rest = memory_api.post("/v1/dice/roll/odds", {"expression": expression})
        assert rest.status_code == 422 and rest.json()["code"] == code
        assert memory_api.post("/v1/dice/roll", {"expression": expression}).json()["code"] == code
        assert memory_api.gql_error(ODDS, {"input": {"expression": expression}})["extensions"]["code"] == code


def test_too_costly_odds_are_a_422_naming_the_limit_on_both_protocols(memory_api: Api) -> None:
    rest = memory_api.post("/v1/dice/roll/odds", {"expression": "999d6!"})
    assert rest.status_code == 422 and rest.headers["content-type"] == "application/problem+json"
    problem = rest.json()
    assert problem["code"] == "odds/too-costly" and problem["limit"] == "maxDice" and problem["maximum"] == 1000
    assert "maxDice" in problem["detail"]
    error = memory_api.gql_error(ODDS, {"input": {"expression": "4d6!dl1"}})
    assert error["extensions"]["code"] == "odds/too-costly" and error["extensions"]["limit"] == "maxWork"
    assert error["extensions"]["status"] == 422
    assert memory_api.get("/problems/odds/too-costly").json()["status"] == 422


def test_session_odds_read_the_session_and_change_nothing(api: Api) -> None:
    sid = api.create_session("dice")["session"]["id"]
    ana = api.tokens["ana"]
    first = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d20"}, token=ana).json()
    version, nonce = first["version"], first["audit"]["nonce"]
    odds = api.post(f"/v1/sessions/{sid}/dice/roll/odds", {"expression": "3d6"}, token=ana)
    assert odds.status_code == 200, odds.text
    assert odds.json()["version"] == version and odds.headers["etag"] == f'"{version}"'
    assert _at_least(odds.json(), 11) == "1/2"
    data = api.gql_data(ODDS_IN_SESSION, {"id": sid, "input": {"expression": "2d20kh1"}}, token=ana)["diceRollOddsInSession"]
    assert data["sessionId"] == sid and data["version"] == version
    # no log entry, no new version, no nonce spent
    assert len(api.get(f"/v1/sessions/{sid}/log", token=ana).json()["entries"]) == 1
    assert api.get(f"/v1/sessions/{sid}", token=ana).json()["version"] == version
    after = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d20"}, token=ana).json()
    assert after["audit"]["nonce"] == nonce + 1 and after["version"] == version + 1


def test_session_odds_need_a_seat_token(memory_api: Api) -> None:
    sid = memory_api.create_session("dice")["session"]["id"]
    assert memory_api.post(f"/v1/sessions/{sid}/dice/roll/odds", {"expression": "3d6"}).json()["code"] == "unauthorized"
    missing = memory_api.post("/v1/sessions/nope/dice/roll/odds", {"expression": "3d6"}, token="t")
    assert missing.status_code in (403, 404)


def test_the_catalog_says_which_mechanics_have_odds(memory_api: Api) -> None:
    listing = {m["key"]: m for m in memory_api.get("/v1/mechanics").json()["mechanics"]}
    roll = listing["dice/roll"]
    assert roll["odds"] and roll["sessionOdds"]
    assert "POST /v1/dice/roll/odds" in roll["rest"] and "diceRollOdds" in roll["graphql"]
    assert "POST /v1/sessions/{sessionId}/dice/roll/odds" in roll["rest"] and "diceRollOddsInSession" in roll["graphql"]
    assert not any(m["odds"] for m in listing.values() if "Odds" not in "".join(m["graphql"]))


def test_fulfil_odds_give_each_term_its_faces(memory_api: Api) -> None:
    body = memory_api.post("/v1/dice/fulfill/odds", {"terms": [{"denomination": "d20", "count": 2}, {"denomination": "d6", "count": 1}]}).json()
    first, second = body["distributions"]
    assert [o["exact"] for o in first["outcomes"]] == ["1/20"] * 20 and len(second["outcomes"]) == 6


def test_session_odds_asked_again_are_answered_from_the_remembered_odds_without_writing_them(memory_api: Api, monkeypatch) -> None:
    from service.dice.odds import Distribution

    written: list[str] = []
    write = Distribution.wire
    monkeypatch.setattr(Distribution, "wire", lambda self: written.append(self.name) or write(self))
    sid = memory_api.create_session("dice")["session"]["id"]
    ana = memory_api.tokens["ana"]
    first = memory_api.post(f"/v1/sessions/{sid}/dice/roll/odds", {"expression": "2d6+1"}, token=ana)
    assert first.status_code == 200 and written == ["total"]
    again = memory_api.post(f"/v1/sessions/{sid}/dice/roll/odds", {"expression": "2d6+1"}, token=ana)
    assert again.json() == first.json() and written == ["total"]  # the same answer, written once
    assert _at_least(again.json(), 8) == "7/12"
    version = memory_api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d20"}, token=ana).json()["version"]
    after = memory_api.post(f"/v1/sessions/{sid}/dice/roll/odds", {"expression": "2d6+1"}, token=ana).json()
    assert after["version"] == version and after["distributions"] == first.json()["distributions"]
