"""Foundry VTT's coins, Fate dice and rarer modifiers over REST and GraphQL, stateless and in a session."""

from __future__ import annotations

from service.dice.stream import Stream
from support.api import Api

FOUNDRY = "result { total text dice { total } foundry } audit { draws { sides face } }"
FULFIL = "result { faces } audit { draws { sides face } }"
FULFIL_IN_SESSION = "seq result { faces } audit { nonce seed draws { sides face } }"


def _draws(seed: str, sizes: list[int]) -> list[int]:
    stream = Stream(seed=seed, scope="stateless", nonce=0)
    return [stream.roll(sides) for sides in sizes]


def test_coins_and_fate_dice_are_fulfilled_as_foundry_keeps_them_on_both_protocols(api: Api) -> None:
    request = {"terms": [{"denomination": "dc", "count": 3}, {"denomination": "df", "count": 4}, {"denomination": "d6", "count": 1}], "seed": "coin-fate"}
    rest = api.post("/v1/dice/fulfill", request)
    assert rest.status_code == 200, rest.text
    drawn = _draws("coin-fate", [2, 2, 2, 3, 3, 3, 3, 6])
    faces = rest.json()["result"]["faces"]
    assert faces == [[f - 1 for f in drawn[:3]], [f - 2 for f in drawn[3:7]], drawn[7:]]
    assert set(faces[0]) <= {0, 1} and set(faces[1]) <= {-1, 0, 1}
    audit = rest.json()["audit"]
    assert audit["draws"] == [{"sides": s, "face": f} for s, f in zip([2, 2, 2, 3, 3, 3, 3, 6], drawn, strict=True)]
    graph = api.mechanic("dice", "fulfill", request, FULFIL)
    assert graph["result"]["faces"] == faces and graph["audit"]["draws"] == audit["draws"]
    verdict = api.post("/v1/verify", {"record": audit}).json()
    assert verdict["match"] is True and verdict["checked"] == 8


def test_coin_and_fate_fulfilment_in_a_session_verifies_after_the_close(api: Api) -> None:
    created = api.create_session("dice")
    sid, gm, ana = created["session"]["id"], api.tokens["gm"], api.tokens["ana"]
    body = {"terms": [{"denomination": "df", "count": 4}, {"denomination": "dc", "count": 2}]}
    answer = api.mechanic("dice", "fulfill", body, FULFIL_IN_SESSION, session=sid, token=ana)
    fate, coins = answer["result"]["faces"]
    assert answer["audit"]["seed"] is None and [d["sides"] for d in answer["audit"]["draws"]] == [3, 3, 3, 3, 2, 2]
    assert fate == [d["face"] - 2 for d in answer["audit"]["draws"][:4]]
    assert coins == [d["face"] - 1 for d in answer["audit"]["draws"][4:]]
    seed = api.post(f"/v1/sessions/{sid}/close", token=gm).json()["seeds"][0]["seed"]
    entry = next(e for e in api.get(f"/v1/sessions/{sid}/log", token=gm).json()["entries"] if e["action"] == "dice/fulfill")
    assert entry["result"]["faces"] == [fate, coins]
    assert api.post("/v1/verify", {"record": entry["audit"], "seed": seed}).json()["match"] is True


def test_other_letters_are_still_not_denominations(api: Api) -> None:
    for denomination in ("dC", "dx", "cd", "d", "dff"):
        assert api.post("/v1/dice/fulfill", {"terms": [{"denomination": denomination, "count": 1}]}).status_code == 422, denomination


def test_a_fate_and_coin_roll_in_foundry_format_is_the_same_on_both_protocols(api: Api) -> None:
    request = {"expression": "4dF + 2dcc1", "dialect": "foundry", "format": "foundry", "seed": "fate-roll"}
    rest = api.post("/v1/dice/roll", request).json()
    graph = api.mechanic("dice", "roll", request, FOUNDRY)
    assert rest["result"]["foundry"] == graph["result"]["foundry"]
    drawn = _draws("fate-roll", [3, 3, 3, 3, 2, 2])
    fate, coins = [f - 2 for f in drawn[:4]], [f - 1 for f in drawn[4:]]
    data = rest["result"]["foundry"]
    assert [t["class"] for t in data["terms"]] == ["FateDie", "OperatorTerm", "Coin"]
    assert [r["result"] for r in data["terms"][0]["results"]] == fate
    assert [r["result"] for r in data["terms"][2]["results"]] == coins
    assert data["total"] == rest["result"]["total"] == graph["result"]["total"] == sum(fate) + sum(coins)


def test_rarer_modifiers_over_rest_and_graphql_with_a_negative_term(api: Api) -> None:
    # 3d6ms>18 can only be 0 or less: the margin of a total that cannot pass 18.
    request = {"expression": "6d6sf<3 + 3d6ms>18 + 4d6k3", "dialect": "foundry", "seed": "rarer"}
    rest = api.post("/v1/dice/roll", request)
    assert rest.status_code == 200, rest.text
    graph = api.mechanic("dice", "roll", request, FOUNDRY)
    drawn = _draws("rarer", [6] * 13)
    sf = sum(f if f >= 3 else -f for f in drawn[:6])
    margin = sum(drawn[6:9]) - 18
    kept = sum(sorted(drawn[9:13])[1:])
    assert [term["total"] for term in rest.json()["result"]["dice"]] == [sf, margin, kept]
    assert margin < 0 and sf < sum(drawn[:6])  # this seed: a negative term, and failures subtracted
    assert rest.json()["result"]["total"] == graph["result"]["total"] == sf + margin + kept
    assert rest.json()["result"]["formula"] == "6d6sf<3 + 3d6ms>18 + 4d6kh3"


def test_refusals_name_the_modifier_with_its_position_on_both_protocols(api: Api) -> None:
    for expression, position, named in (("6d6cs>3df", 7, "'df'"), ("4dFr1", 3, "'r1'"), ("2dcc3", 3, "'c1'")):
        refused = api.post("/v1/dice/roll", {"expression": expression, "dialect": "foundry"})
        assert refused.status_code == 422 and refused.json()["code"] == "dice/invalid-expression", expression
        assert refused.json()["position"] == position and named in refused.json()["detail"], refused.json()
        error = api.mechanic_error("dice", "roll", {"expression": expression, "dialect": "foundry"})
        assert error["extensions"]["code"] == "dice/invalid-expression" and named in error["message"]


def test_without_the_dialect_the_rarer_words_are_a_422(api: Api) -> None:
    for expression in ("4dF", "2dc", "6d6even", "4d6k3", "6d6sf<3", "3d6ms>10"):
        refused = api.post("/v1/dice/roll", {"expression": expression})
        assert refused.status_code == 422 and "foundry dialect" in refused.json()["detail"], expression
