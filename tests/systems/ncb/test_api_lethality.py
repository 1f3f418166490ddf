"""Lethality over the API: Overkill, ties against DV and AC, Last Breath as a choice, NCs."""

from __future__ import annotations

import pytest
from support.api import Api

from .test_api import project_selection

GM_AND_ANA = [{"name": "gm", "role": "gm"}, {"name": "ana"}]
OUTCOME = "outcome { result cause massive hpAfter condition lastBreathUsed }"


def stateless(api: Api, name: str, body: dict, selection: str, protocol: str) -> dict:
    if protocol == "rest":
        response = api.post(f"/v1/ncb/{name}", body)
        assert response.status_code == 200, response.text
        return project_selection(response.json()["result"], selection)
    return api.mechanic("ncb", name, body, f"result {{ {selection} }}")["result"]


def in_session(api: Api, sid: str, name: str, body: dict, selection: str, protocol: str, seat: str = "gm") -> dict:
    if protocol == "rest":
        response = api.post(f"/v1/sessions/{sid}/ncb/{name}", body, token=api.tokens[seat])
        assert response.status_code == 200, response.text
        return project_selection(response.json()["result"], selection)
    return api.mechanic("ncb", name, body, f"result {{ {selection} }}", session=sid, token=api.tokens[seat])["result"]


def snapshot(api: Api, sid: str) -> tuple[int, dict]:
    view = api.get(f"/v1/sessions/{sid}", token=api.tokens["gm"]).json()
    return view["version"], view["state"]


# -- Overkill --------------------------------------------------------------------------------------

OVERKILLED = {
    "result": "annihilated",
    "cause": "overkill-weapon",
    "massive": True,
    "hpAfter": 0,
    "condition": "annihilated",
    "lastBreathUsed": False,
}
# Any hit of this maul deals 1d4 + 4 (Strength 18) + 3 (tech) = 8-11, or 9-15 on a critical: always at
# least an 8-HP target's maximum (massive) and never double it.
MAUL = {"name": "Maul", "damageDice": "1d4", "style": "melee", "overkill": True, "techBonus": 3}
BRUTE = {"id": "brute", "name": "Brute", "abilities": {"strength": 18}, "weapons": [MAUL], "maxHp": 30}
MOOK = {"id": "mook", "name": "Mook", "maxHp": 8, "armorClass": 0}


@pytest.mark.parametrize("protocol", ["rest", "graphql"])
def test_overkill_annihilates_a_massive_hit_in_the_stateless_damage(api: Api, protocol: str) -> None:
    body = {"amount": 25, "overkill": True, "target": {"hp": 20, "maxHp": 20}}
    result = stateless(api, "damage", body, OUTCOME, protocol)
    assert result["outcome"] == OVERKILLED


@pytest.mark.parametrize("protocol", ["rest", "graphql"])
def test_overkill_annihilates_a_massive_hit_in_the_stateless_attack(api: Api, protocol: str) -> None:
    body = {
        "attacker": {"strength": 18},
        "weapon": MAUL,
        "target": {"hp": 8, "maxHp": 8, "armorClass": 0},
        "advantage": True,
        "seed": "overkill",
    }
    result = stateless(api, "attack", body, f"hit {OUTCOME}", protocol)
    assert result["hit"], "the seed must give a hit"
    assert result["outcome"] == OVERKILLED


@pytest.mark.parametrize("protocol", ["rest", "graphql"])
def test_overkill_annihilates_a_massive_hit_in_a_session(api: Api, protocol: str) -> None:
    setup = {"combatants": [BRUTE, MOOK, {**MOOK, "id": "mook2"}]}
    sid = api.create_session("ncb", GM_AND_ANA, setup=setup)["session"]["id"]
    damage = {"target": "mook", "amount": 12, "overkill": True}
    answer = in_session(api, sid, "damage", damage, OUTCOME, protocol)["outcome"]
    assert answer == OVERKILLED
    attack = {"attacker": "brute", "target": "mook2", "weaponName": "Maul", "advantage": True}
    for _ in range(10):  # outside combat nothing limits attacks; only two natural 1s in a row miss
        result = in_session(api, sid, "attack", attack, f"hit {OUTCOME}", protocol)
        if result["hit"]:
            break
    assert result["outcome"] == OVERKILLED
    assert snapshot(api, sid)[1]["combatants"]["mook2"]["condition"] == "annihilated"


# -- beating the DV and the AC ---------------------------------------------------------------------


@pytest.mark.parametrize("protocol", ["rest", "graphql"])
def test_a_d20_test_that_only_meets_the_dv_fails_by_default(api: Api, protocol: str) -> None:
    seed = {"seed": "dv-tie", "modifier": 3}
    natural = stateless(api, "d20-test", {**seed, "dv": 1}, "roll { natural }", protocol)["roll"]["natural"]
    assert 1 < natural < 20, "the seed must not roll a natural 1 or 20"
    tie = {**seed, "dv": natural + 3}
    assert stateless(api, "d20-test", tie, "roll { total success }", protocol)["roll"] == {
        "total": natural + 3,
        "success": False,
    }
    meet = {**tie, "rules": {"dvTiesSucceed": True}}
    assert stateless(api, "d20-test", meet, "roll { success }", protocol)["roll"]["success"] is True


@pytest.mark.parametrize("protocol", ["rest", "graphql"])
def test_an_attack_that_only_meets_the_ac_misses_by_default(api: Api, protocol: str) -> None:
    body = {"attacker": {}, "weapon": {"name": "Pistol", "damageDice": "1d6"}, "seed": "dv-tie"}
    first = stateless(api, "attack", {**body, "target": {"hp": 9, "maxHp": 9}}, "attack { natural }", protocol)
    natural = first["attack"]["natural"]
    assert 1 < natural < 20, "the seed must not roll a natural 1 or 20"
    tie = {**body, "target": {"hp": 9, "maxHp": 9, "armorClass": natural + 2}}  # +2: level 1 proficiency
    result = stateless(api, "attack", tie, "hit attack { total }", protocol)
    assert result == {"hit": False, "attack": {"total": natural + 2}}
    ties_hit = {**tie, "rules": {"acTiesHit": True}}
    assert stateless(api, "attack", ties_hit, "hit", protocol)["hit"] is True


# -- Last Breath is a choice -----------------------------------------------------------------------

DROP = "outcome { result cause condition exhaustion lastBreathOffered lastBreathUsed }"
OFFERED = {
    "result": "dying",
    "cause": None,
    "condition": "dying",
    "exhaustion": 5,
    "lastBreathOffered": True,
    "lastBreathUsed": False,
}
TAKEN_AT_5 = "hp condition exhaustion result cause lastBreath"
FLATLINED_AT_6 = {
    "hp": 0,
    "condition": "flatlined",
    "exhaustion": 6,
    "result": "flatlined",
    "cause": "exhaustion",
    "lastBreath": False,
}
TIRED_V = {"id": "v", "name": "V", "owner": "ana", "maxHp": 38, "exhaustion": 5, "armor": "light"}


@pytest.mark.parametrize("protocol", ["rest", "graphql"])
def test_at_exhaustion_5_a_stateless_hit_to_0_offers_last_breath_and_never_spends_it(api: Api, protocol: str) -> None:
    target = {"hp": 5, "maxHp": 20, "exhaustion": 5}
    hit = stateless(api, "damage", {"amount": 6, "kind": "environmental", "target": target}, DROP, protocol)
    assert hit["outcome"] == OFFERED
    chosen = {"amount": 6, "kind": "environmental", "target": {**target, "useLastBreath": True}}
    taken = stateless(api, "damage", chosen, DROP, protocol)["outcome"]
    assert (taken["result"], taken["cause"], taken["exhaustion"], taken["lastBreathUsed"]) == (
        "flatlined",
        "exhaustion",
        6,
        True,
    )
    assert stateless(api, "last-breath", {"exhaustion": 5}, TAKEN_AT_5, protocol) == FLATLINED_AT_6


@pytest.mark.parametrize("protocol", ["rest", "graphql"])
def test_at_exhaustion_5_a_session_hit_to_0_offers_last_breath_and_the_player_decides(api: Api, protocol: str) -> None:
    sid = api.create_session("ncb", GM_AND_ANA, setup={"combatants": [TIRED_V]})["session"]["id"]
    in_session(api, sid, "damage", {"target": "v", "amount": 37, "kind": "environmental"}, DROP, protocol)
    hit = in_session(api, sid, "damage", {"target": "v", "amount": 1, "kind": "environmental"}, DROP, protocol)
    assert hit["outcome"] == OFFERED
    v = snapshot(api, sid)[1]["combatants"]["v"]
    assert (v["condition"], v["exhaustion"], v["lastBreath"], v["lastBreathOffered"]) == ("dying", 5, True, True)
    taken = in_session(api, sid, "last-breath", {"combatant": "v"}, TAKEN_AT_5, protocol, seat="ana")
    assert taken == FLATLINED_AT_6
    assert snapshot(api, sid)[1]["combatants"]["v"]["condition"] == "flatlined"


@pytest.mark.parametrize("protocol", ["rest", "graphql"])
def test_last_breath_with_no_hit_offering_it_is_refused_and_changes_nothing(api: Api, protocol: str) -> None:
    sid = api.create_session("ncb", GM_AND_ANA, setup={"combatants": [TIRED_V]})["session"]["id"]
    before = snapshot(api, sid)
    if protocol == "rest":
        response = api.post(f"/v1/sessions/{sid}/ncb/last-breath", {"combatant": "v"}, token=api.tokens["ana"])
        assert (response.status_code, response.json()["code"]) == (409, "ncb/no-last-breath"), response.text
    else:
        error = api.mechanic_error("ncb", "last-breath", {"combatant": "v"}, "version", session=sid, token=api.tokens["ana"])
        assert (error["extensions"]["code"], error["extensions"]["status"]) == ("ncb/no-last-breath", 409)
    assert snapshot(api, sid) == before


# -- NCs: the same Last Breath default in both forms -----------------------------------------------

GOON = {"id": "goon", "name": "Goon", "kind": "nc", "maxHp": 11}
NC_DROP = "outcome { result cause condition lastBreathOffered lastBreathUsed }"


@pytest.mark.parametrize("rules", [{}, {"ncAtZeroHp": "dying"}], ids=["default", "nc-dying"])
def test_an_nc_has_no_last_breath_by_default_stateless_or_in_a_session(api: Api, rules: dict) -> None:
    body = {"amount": 7, "kind": "environmental", "rules": rules, "target": {"kind": "nc", "hp": 5, "maxHp": 11}}
    alone = stateless(api, "damage", body, NC_DROP, "rest")["outcome"]
    sid = api.create_session("ncb", GM_AND_ANA, setup={"rules": rules, "combatants": [GOON]})["session"]["id"]
    in_session(api, sid, "damage", {"target": "goon", "amount": 6, "kind": "environmental"}, NC_DROP, "rest")
    shared = in_session(api, sid, "damage", {"target": "goon", "amount": 7, "kind": "environmental"}, NC_DROP, "rest")
    assert alone == shared["outcome"]
    assert not alone["lastBreathUsed"] and not alone["lastBreathOffered"]
    assert alone["result"] == ("flatlined" if not rules else "dying")
