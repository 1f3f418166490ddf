"""The dice table for Foundry VTT over REST and GraphQL: `format`, `dialect`, and dice fulfillment."""

from __future__ import annotations

from service.dice.stream import Stream
from support.api import Api

FOUNDRY = "result { total tree { kind children operators term number } foundry } audit { nonce draws { sides face } }"
FULFIL = "result { faces } audit { scope nonce seed seedCommitment draws { sides face } }"
FULFIL_IN_SESSION = "version seq result { faces } audit { scope nonce seed draws { sides face } }"


def _stream_faces(seed: str, sizes: list[int]) -> list[int]:
    stream = Stream(seed=seed, scope="stateless", nonce=0)
    return [stream.roll(sides) for sides in sizes]


# --- format and dialect ----------------------------------------------------------------------


def test_default_format_has_no_foundry_key_and_keeps_every_field(api: Api) -> None:
    body = api.post("/v1/dice/roll", {"expression": "2d6+1", "seed": "s"}).json()["result"]
    assert set(body) == {"formula", "total", "dice", "text", "tree"}
    assert "foundry" not in body


def test_foundry_format_on_rest_and_graphql_is_the_same_roll_data(api: Api) -> None:
    request = {"expression": "6d10>=8", "seed": "table-7", "format": "foundry"}
    rest = api.post("/v1/dice/roll", request).json()
    graph = api.mechanic("dice", "roll", request, FOUNDRY)
    assert rest["result"]["foundry"] == graph["result"]["foundry"]
    data = rest["result"]["foundry"]
    faces = _stream_faces("table-7", [10] * 6)
    assert [r["result"] for r in data["terms"][0]["results"]] == faces
    assert data["total"] == rest["result"]["total"] == sum(face >= 8 for face in faces)
    assert sum(r["count"] for r in data["terms"][0]["results"]) == data["total"]
    assert all(set(r) <= {"result", "active", "success", "count"} for r in data["terms"][0]["results"])
    assert rest["audit"]["draws"] == graph["audit"]["draws"] == [{"sides": 10, "face": face} for face in faces]


def test_graphql_default_format_answers_a_null_foundry_and_the_tree(api: Api) -> None:
    graph = api.mechanic("dice", "roll", {"expression": "(2d6+3)*2", "seed": "s"}, FOUNDRY)
    assert graph["result"]["foundry"] is None
    assert [node["kind"] for node in graph["result"]["tree"]] == ["product", "group", "sum", "dice", "number", "number"]
    faces = _stream_faces("s", [6, 6])
    assert graph["result"]["total"] == (sum(faces) + 3) * 2


def test_the_dialect_changes_what_r_means_on_both_protocols(api: Api) -> None:
    # A seed whose first d6 are 1, 1, then not 1: ours rerolls twice, Foundry's once.
    seed = next(f"r-{n}" for n in range(10_000) if (f := _stream_faces(f"r-{n}", [6, 6, 6]))[:2] == [1, 1] and f[2] != 1)
    third = _stream_faces(seed, [6, 6, 6])[2]
    ours = api.post("/v1/dice/roll", {"expression": "1d6r1", "seed": seed}).json()["result"]
    theirs = api.mechanic("dice", "roll", {"expression": "1d6r1", "seed": seed, "dialect": "foundry"}, "result { formula total }")
    assert theirs["result"] == {"formula": "1d6r1", "total": 1}  # rerolled once, and the second 1 stands
    assert ours["total"] == third
    assert [(d["result"], d["active"]) for d in ours["dice"][0]["results"]] == [(1, False), (1, False), (third, True)]


def test_foundry_words_without_the_dialect_are_a_422_with_the_position(api: Api) -> None:
    refused = api.post("/v1/dice/roll", {"expression": "4d6x"})
    assert refused.status_code == 422 and refused.json()["code"] == "dice/invalid-expression"
    assert refused.json()["position"] == 3
    error = api.mechanic_error("dice", "roll", {"expression": "4d6x"})
    assert error["extensions"]["code"] == "dice/invalid-expression"
    assert api.post("/v1/dice/roll", {"expression": "4d6x", "dialect": "foundry"}).status_code == 200


def test_an_unknown_format_is_refused(api: Api) -> None:
    refused = api.post("/v1/dice/roll", {"expression": "1d6", "format": "roll20"})
    assert refused.status_code == 422


def test_foundry_format_in_a_session_is_logged_as_answered(api: Api) -> None:
    created = api.create_session("dice")
    sid, token = created["session"]["id"], api.tokens["ana"]
    answer = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "d20adv+5", "format": "foundry"}, token=token).json()
    data = answer["result"]["foundry"]
    assert data["formula"] == "2d20kh1 + 5" and data["total"] == answer["result"]["total"]
    log = api.get(f"/v1/sessions/{sid}/log", token=token).json()["entries"]
    assert log[-1]["result"]["foundry"] == data and log[-1]["input"]["format"] == "foundry"


# --- fulfillment -----------------------------------------------------------------------------


def test_stateless_fulfil_returns_the_faces_in_order_with_one_audit_record(api: Api) -> None:
    request = {"terms": [{"denomination": "d20", "count": 2}, {"denomination": "d6", "count": 3}], "seed": "foundry-table"}
    rest = api.post("/v1/dice/fulfill", request)
    assert rest.status_code == 200, rest.text
    faces = _stream_faces("foundry-table", [20, 20, 6, 6, 6])
    assert rest.json()["result"] == {"faces": [faces[:2], faces[2:]]}
    audit = rest.json()["audit"]
    assert audit["draws"] == [{"sides": s, "face": f} for s, f in zip([20, 20, 6, 6, 6], faces, strict=True)]
    graph = api.mechanic("dice", "fulfill", request, FULFIL)
    assert graph["result"] == rest.json()["result"] and graph["audit"]["draws"] == audit["draws"]
    verdict = api.post("/v1/verify", {"record": audit}).json()
    assert verdict["match"] is True and verdict["checked"] == 5


def test_fulfil_in_a_session_is_logged_audited_and_verifies_after_the_close(api: Api) -> None:
    created = api.create_session("dice")
    sid, gm, ana = created["session"]["id"], api.tokens["gm"], api.tokens["ana"]
    first = api.post(f"/v1/sessions/{sid}/dice/fulfill", {"terms": [{"denomination": "d8", "count": 4}]}, token=ana)
    assert first.status_code == 200, first.text
    second = api.mechanic("dice", "fulfill", {"terms": [{"denomination": "d100", "count": 1}]}, FULFIL_IN_SESSION, session=sid, token=ana)
    assert first.json()["audit"]["nonce"] == 0 and second["audit"]["nonce"] == 1
    assert [len(term) for term in first.json()["result"]["faces"]] == [4]
    assert all(1 <= face <= 8 for face in first.json()["result"]["faces"][0])
    assert second["audit"]["seed"] is None  # hidden until the session closes
    seed = api.post(f"/v1/sessions/{sid}/close", token=gm).json()["seeds"][0]["seed"]
    entries = api.get(f"/v1/sessions/{sid}/log", token=gm).json()["entries"]
    fulfils = [entry for entry in entries if entry["action"] == "dice/fulfill"]
    assert len(fulfils) == 2
    for entry in fulfils:
        verdict = api.post("/v1/verify", {"record": entry["audit"], "seed": seed}).json()
        assert verdict["match"] is True and verdict["checked"] == sum(len(t) for t in entry["result"]["faces"])


def test_fulfil_over_the_budget_is_refused_and_draws_nothing(api: Api) -> None:
    created = api.create_session("dice")
    sid, ana = created["session"]["id"], api.tokens["ana"]
    too_many = {"terms": [{"denomination": "d6", "count": 600}, {"denomination": "d6", "count": 401}]}
    refused = api.post(f"/v1/sessions/{sid}/dice/fulfill", too_many, token=ana)
    assert refused.status_code == 422 and refused.json()["code"] == "dice/limit-exceeded"
    assert refused.json()["limit"] == "maxDice"
    too_big = api.post("/v1/dice/fulfill", {"terms": [{"denomination": "d10001", "count": 1}]})
    assert too_big.status_code == 422 and too_big.json()["limit"] == "maxSides"
    error = api.mechanic_error("dice", "fulfill", too_many, session=sid, token=ana)
    assert error["extensions"]["code"] == "dice/limit-exceeded"
    session = api.get(f"/v1/sessions/{sid}", token=ana).json()
    assert session["nonce"] == 0 and session["version"] == 1


def test_fulfil_refuses_what_is_not_a_die_denomination(api: Api) -> None:
    for denomination in ("d0", "6", "dF", "c", "d-4"):
        refused = api.post("/v1/dice/fulfill", {"terms": [{"denomination": denomination, "count": 1}]})
        assert refused.status_code == 422, denomination
    assert api.post("/v1/dice/fulfill", {"terms": []}).status_code == 422


def test_a_self_fulfil_is_hidden_from_the_other_seats_until_the_close(api: Api) -> None:
    created = api.create_session("dice")
    sid, gm, ana = created["session"]["id"], api.tokens["gm"], api.tokens["ana"]
    body = {"terms": [{"denomination": "d20", "count": 1}], "visibility": "self"}
    faces = api.post(f"/v1/sessions/{sid}/dice/fulfill", body, token=ana).json()["result"]["faces"]
    seen_by_gm = api.get(f"/v1/sessions/{sid}/log", token=gm).json()["entries"][-1]
    assert seen_by_gm["hidden"] is True and seen_by_gm["result"] is None and seen_by_gm["audit"] is None
    assert api.get(f"/v1/sessions/{sid}/log", token=ana).json()["entries"][-1]["result"]["faces"] == faces
    api.post(f"/v1/sessions/{sid}/close", token=gm)
    assert api.get(f"/v1/sessions/{sid}/log", token=gm).json()["entries"][-2]["result"]["faces"] == faces
