"""Sessions over REST and GraphQL on both stores: tokens, versions, idempotency, seeds, the log."""

from __future__ import annotations

import pytest

from service.dice.stream import commitment
from support.api import Api

SESSION = """query S($id: ID!) { session(sessionId: $id) { id version nonce viewer { name role } seats { id name role } seeds { epoch seedCommitment seed } } }"""
LOG = """query L($id: ID!, $cursor: String, $limit: Int) { sessionLog(sessionId: $id, cursor: $cursor, limit: $limit) { nextCursor entries { seq action seat audit { nonce } } } }"""
CREATE = """mutation C($input: CreateSessionInput!) { createSession(input: $input) { session { id version seeds { seedCommitment } } seats { name token } } }"""
ROLL = """mutation R($id: ID!, $e: String!, $v: Int, $key: String) { diceRollInSession(sessionId: $id, input: {expression: $e}, expectedVersion: $v, idempotencyKey: $key) { version audit { nonce draws { face } } } }"""
ROTATE = """mutation Rot($id: ID!) { rotateSessionSeed(sessionId: $id) { epoch seedCommitment revealed { epoch seed seedCommitment } } }"""


def _session(api: Api) -> tuple[str, str, str]:
    created = api.create_session("dice", [{"name": "gm", "role": "gm"}, {"name": "ana"}, {"name": "eye", "role": "spectator"}])
    return created["session"]["id"], api.tokens["gm"], api.tokens["ana"]


def test_creation_returns_one_token_per_seat_and_stores_only_hashes(api: Api) -> None:
    created = api.create_session("dice", [{"name": "gm", "role": "gm"}, {"name": "ana"}])
    tokens = [seat["token"] for seat in created["seats"]]
    assert len(set(tokens)) == 2 and all(len(t) > 40 for t in tokens)
    view = api.get(f"/v1/sessions/{created['session']['id']}", token=tokens[1]).json()
    assert view["viewer"] == {"id": "seat-2", "name": "ana", "role": "player"}
    assert "token" not in str(view) and "tokenHash" not in str(view)


def test_graphql_creates_and_reads_the_same_session(api: Api) -> None:
    created = api.gql_data(CREATE, {"input": {"system": "dice", "seats": [{"name": "gm", "role": "gm"}]}})["createSession"]
    token = created["seats"][0]["token"]
    sid = created["session"]["id"]
    view = api.gql_data(SESSION, {"id": sid}, token=token)["session"]
    assert view["viewer"] == {"name": "gm", "role": "gm"} and view["version"] == 1
    assert view["seeds"] == [{"epoch": 0, "seedCommitment": created["session"]["seeds"][0]["seedCommitment"], "seed": None}]


def test_unknown_session_is_404_and_missing_or_foreign_tokens_are_refused(api: Api) -> None:
    sid, gm, _ = _session(api)
    other_sid, other_gm, _ = _session(api)
    assert api.get("/v1/sessions/nope", token=gm).status_code == 404
    assert api.get(f"/v1/sessions/{sid}").status_code == 401
    assert api.get(f"/v1/sessions/{sid}", token="nat_forged").status_code == 403
    foreign = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d6"}, token=other_gm)
    assert foreign.status_code == 403 and foreign.json()["code"] == "forbidden"
    assert api.gql_error(SESSION, {"id": sid})["extensions"]["code"] == "unauthorized"
    assert api.get(f"/v1/sessions/{sid}", token=gm).json()["version"] == 1


def test_a_spectator_may_read_but_not_act(api: Api) -> None:
    sid, _, _ = _session(api)
    eye = api.tokens["eye"]
    assert api.get(f"/v1/sessions/{sid}", token=eye).status_code == 200
    refused = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d6"}, token=eye)
    assert refused.status_code == 403
    assert api.get(f"/v1/sessions/{sid}", token=eye).json()["nonce"] == 0


def test_if_match_on_a_stale_version_is_412_and_changes_nothing(api: Api) -> None:
    sid, gm, ana = _session(api)
    etag = api.get(f"/v1/sessions/{sid}", token=ana).headers["etag"]
    assert api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d6"}, token=gm, headers={"If-Match": etag}).status_code == 200
    stale = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d6"}, token=ana, headers={"If-Match": etag})
    assert stale.status_code == 412 and stale.json()["code"] == "version-conflict"
    assert api.gql_error(ROLL, {"id": sid, "e": "1d6", "v": 1}, token=ana)["extensions"]["code"] == "version-conflict"
    after = api.get(f"/v1/sessions/{sid}", token=ana).json()
    assert after["version"] == 2 and after["nonce"] == 1
    assert api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d6"}, token=gm, headers={"If-Match": "garbage"}).status_code == 422


def test_a_repeated_idempotency_key_replays_the_answer_and_rolls_nothing(api: Api) -> None:
    sid, gm, _ = _session(api)
    first = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "5d20"}, token=gm, headers={"Idempotency-Key": "k1"})
    again = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "5d20"}, token=gm, headers={"Idempotency-Key": "k1"})
    assert first.json() == again.json()
    view = api.get(f"/v1/sessions/{sid}", token=gm).json()
    assert view["version"] == 2 and view["nonce"] == 1
    other = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d4"}, token=gm, headers={"Idempotency-Key": "k1"})
    assert other.status_code == 422 and other.json()["code"] == "idempotency-key-reused"
    via_graphql = [api.gql_data(ROLL, {"id": sid, "e": "2d6", "key": "g1"}, token=gm)["diceRollInSession"] for _ in range(2)]
    assert via_graphql[0] == via_graphql[1]
    assert api.get(f"/v1/sessions/{sid}/log", token=gm).json()["entries"][-1]["seq"] == 1


def test_stateless_idempotency_key_returns_the_first_dice(api: Api) -> None:
    one = api.post("/v1/dice/roll", {"expression": "3d6"}, headers={"Idempotency-Key": "s-1"}).json()
    two = api.post("/v1/dice/roll", {"expression": "3d6"}, headers={"Idempotency-Key": "s-1"}).json()
    assert one == two
    assert api.post("/v1/dice/roll", {"expression": "3d8"}, headers={"Idempotency-Key": "s-1"}).status_code == 422


def test_log_pages_by_cursor_in_order(api: Api) -> None:
    sid, gm, ana = _session(api)
    for _ in range(5):
        assert api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d6"}, token=gm).status_code == 200
    page = api.get(f"/v1/sessions/{sid}/log", token=ana, params={"limit": 2}).json()
    seen = [e["seq"] for e in page["entries"]]
    while page["nextCursor"]:
        page = api.get(f"/v1/sessions/{sid}/log", token=ana, params={"limit": 2, "cursor": page["nextCursor"]}).json()
        seen += [e["seq"] for e in page["entries"]]
    assert seen == [0, 1, 2, 3, 4]
    data = api.gql_data(LOG, {"id": sid, "limit": 3}, token=ana)["sessionLog"]
    assert [e["audit"]["nonce"] for e in data["entries"]] == [0, 1, 2] and data["nextCursor"] == "3"
    assert api.get(f"/v1/sessions/{sid}/log", token=ana, params={"limit": 0}).status_code == 422


def test_rotating_reveals_the_old_seed_and_commits_to_a_new_one(api: Api) -> None:
    sid, gm, ana = _session(api)
    before = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "2d6"}, token=ana).json()
    assert api.post(f"/v1/sessions/{sid}/rotate-seed", token=ana).status_code == 403  # a GM is seated
    rotated = api.gql_data(ROTATE, {"id": sid}, token=gm)["rotateSessionSeed"]
    assert rotated["epoch"] == 1 and rotated["revealed"]["epoch"] == 0
    assert commitment(rotated["revealed"]["seed"]) == before["audit"]["seedCommitment"]
    verdict = api.post("/v1/verify", {"record": before["audit"], "seed": rotated["revealed"]["seed"]}).json()
    assert verdict["match"] is True
    after = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "2d6"}, token=ana).json()
    assert after["audit"]["scope"].endswith(":1") and after["audit"]["seedCommitment"] == rotated["seedCommitment"]
    assert after["audit"]["nonce"] == 1  # nonces never restart


def test_verify_reports_the_first_differing_draw(api: Api) -> None:
    record = api.post("/v1/dice/roll", {"expression": "6d6", "seed": "v"}).json()["audit"]
    record["draws"][3]["face"] = record["draws"][3]["face"] % 6 + 1
    verdict = api.post("/v1/verify", {"record": record}).json()
    assert verdict["match"] is False and verdict["firstMismatch"]["index"] == 3 and verdict["checked"] == 4
    assert api.post("/v1/verify", {"record": {**record, "seed": None}}).json()["reason"].startswith("no seed")


@pytest.mark.parametrize(
    "body",
    [{"system": "chess", "seats": [{"name": "a"}]}, {"system": "dice", "seats": []}, {"system": "dice", "seats": [{"name": "a", "role": "king"}]}, [1, 2]],
)
def test_bad_session_creation_is_422(api: Api, body) -> None:
    response = api.client.post("/v1/sessions", json=body)
    assert response.status_code == 422 and response.headers["content-type"] == "application/problem+json"


def test_malformed_json_and_huge_bodies_are_refused(memory_api: Api) -> None:
    bad = memory_api.client.post("/v1/dice/roll", content=b"{not json", headers={"content-type": "application/json"})
    assert bad.status_code == 400 and bad.json()["code"] == "malformed-json"
    huge = memory_api.client.post("/v1/dice/roll", content=b"[" + b"1," * 200_000 + b"1]")
    assert huge.status_code == 413


def test_unknown_routes_and_methods_are_problems(memory_api: Api) -> None:
    assert memory_api.get("/v1/nothing").json()["code"] == "not-found"
    assert memory_api.client.delete("/v1/dice/roll").status_code == 405


def test_health_and_docs_pages_are_served_offline(memory_api: Api) -> None:
    assert memory_api.get("/healthz").json() == {"status": "ok"}
    assert memory_api.get("/readyz").json() == {"status": "ready"}
    docs = memory_api.get("/docs").text
    assert "/static/swagger/swagger-ui-bundle.js" in docs and "http" not in docs.split("<body>")[1].replace("/openapi.json", "")
    assert memory_api.get("/static/swagger/swagger-ui-bundle.js").status_code == 200
    page = memory_api.client.get("/graphql", headers={"accept": "text/html"}).text
    for asset in ("graphiql.min.js", "graphiql.min.css", "react.production.min.js", "react-dom.production.min.js"):
        assert f"/static/graphiql/{asset}" in page
        assert memory_api.get(f"/static/graphiql/{asset}").status_code == 200


def test_a_system_without_setup_refuses_one(api: Api) -> None:
    response = api.post("/v1/sessions", {"system": "dice", "seats": [{"name": "a"}], "setup": {"players": 4}})
    assert response.status_code == 422 and "takes no setup" in response.json()["detail"]
