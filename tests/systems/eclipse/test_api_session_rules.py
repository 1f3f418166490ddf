"""The newer session rules over REST and GraphQL, on both stores: criticals that also measure
superior results, pool points on a named test, turn order, healing and sheet edits, and the
clock in minutes. Every refusal is a coded 4xx on both protocols and leaves the session as it was."""

from __future__ import annotations

import jsonschema

from service.systems.eclipse.rules.kept_tests import result_of
from service.systems.eclipse.state import KeptTest
from service.systems.eclipse.rules.d100 import rank
from service.systems.eclipse.rules.pools import after_roll
from support.api import Api, mechanic_field

from .sheets import ANA, GUARD
from .test_api import POOLS, Table, session_query, stateless_query

GUNS = {"character": "ana", "skill": "Guns"}
SHOT = {"attack": "ranged", "attacker": {"character": "ana"}, "defender": {"character": "guard"}, "weapon": {"dice": 1, "sides": 10}}


def refused_on_both(table: Table, name: str, body: dict, seat: str, status: int, code: str) -> None:
    before = table.read()
    response = table.rest(name, body, seat)
    assert (response.status_code, response.json()["code"]) == (status, code), response.text
    error = table.api.gql_error(session_query(table.api, name), {"id": table.sid, "input": body}, token=table.tokens[seat])
    assert error["extensions"]["code"] == code
    assert table.read() == before


def test_55_against_50_fails_with_one_superior_failure_and_counts_as_the_critical(api: Api) -> None:
    body = {"target": 50, "seed": "fifty-five-84", "clientSeed": "table"}  # this seed's first d100 reads 55
    rest = api.post("/v1/eclipse/test", body).json()["result"]
    graphql = api.gql_data(stateless_query(api, "test"), {"input": body})["eclipseTest"]["result"]
    assert rest == graphql
    assert (rest["roll"], rest["success"], rest["superiorFailures"], rest["critical"], rest["outcome"]) == (55, False, 1, True, "critical-failure")
    assert (rest["countsAs"], rest["superiorForEffect"], rest["superiorReplaced"]) == ("critical", 0, 1)
    kept = api.post("/v1/eclipse/test", body | {"rules": {"criticalReplacesSuperior": False}}).json()["result"]
    assert (kept["superiorFailures"], kept["countsAs"], kept["superiorForEffect"]) == (1, "critical-and-superior", 1)


def test_downgrading_55_against_50_over_both_protocols(api: Api) -> None:
    body = {"roll": 55, "target": 50, "pool": "flex", "use": "downgrade-critical-failure"}
    rest = api.post("/v1/eclipse/pool-after-roll", body).json()["result"]
    assert rest == api.gql_data(stateless_query(api, "pool-after-roll"), {"input": body})["eclipsePoolAfterRoll"]["result"]
    assert (rest["before"]["superiorFailures"], rest["before"]["countsAs"]) == (1, "critical")
    assert (rest["after"]["outcome"], rest["after"]["superiorFailures"], rest["after"]["countsAs"]) == ("failure", 0, "plain")


def _helpful_use(entry: dict) -> str | None:
    before = result_of(KeptTest.model_validate(entry))
    for use in ("flip-flop", "upgrade", "downgrade-critical-failure"):
        after = after_roll(before, use, critical_replaces_superior=True)
        if after is not None and rank(after) > rank(before):
            return use
    return None


def test_a_pool_point_after_the_roll_reaches_a_named_earlier_test(api: Api) -> None:
    table = Table(api)
    for _ in range(30):  # two tests, until a pool point can help the first
        first = table.rest("test", GUNS, "ana").json()["result"]["testId"]
        second = table.rest("test", GUNS, "ana").json()["result"]["testId"]
        kept = {t["id"]: t for t in table.read()[1]["characters"]["ana"]["tests"]}
        use = _helpful_use(kept[first])
        if use:
            break
    body = {"character": "ana", "pool": "flex", "use": use, "test": first}
    data = api.gql_data(session_query(api, "pool-after-roll"), {"id": table.sid, "input": body}, token=table.tokens["ana"])
    assert data["eclipsePoolAfterRollInSession"]["result"]["testId"] == first
    after = {t["id"]: t for t in table.read()[1]["characters"]["ana"]["tests"]}
    assert (after[first]["points"], after[second]) == (1, kept[second])
    refused_on_both(table, "pool-after-roll", body | {"pool": "vigor"}, "ana", 409, "eclipse/one-pool-point-per-test")
    refused_on_both(table, "pool-after-roll", body | {"test": "t999"}, "ana", 404, "eclipse/unknown-test")
    guard_test = table.rest("test", {"character": "guard", "skill": "Fray"}, "gm").json()["result"]["testId"]
    refused_on_both(table, "pool-after-roll", body | {"test": guard_test}, "ana", 422, "eclipse/not-this-characters-test")


def test_only_the_character_whose_turn_it_is_may_act(api: Api) -> None:
    table = Table(api)
    assert table.rest("attack", SHOT, "ana").status_code == 200  # no initiative rolled: no turn order
    assert table.rest("initiative", {}, "gm").status_code == 200
    took = table.rest("pool-use", {"character": "guard", "pool": "vigor", "use": "take-initiative"}, "gm")
    assert took.status_code == 200, took.text
    refused_on_both(table, "take-action", {"character": "ana", "kind": "quick"}, "ana", 409, "eclipse/out-of-turn")
    refused_on_both(table, "attack", SHOT, "ana", 409, "eclipse/out-of-turn")
    refused_on_both(table, "finish-actions", {"character": "ana"}, "ana", 409, "eclipse/out-of-turn")
    data = api.gql_data(session_query(api, "finish-actions"), {"id": table.sid, "input": {"character": "guard"}}, token=table.tokens["gm"])
    turn = data["eclipseFinishActionsInSession"]["result"]
    assert (turn["acting"], turn["finished"]) == ("ana", ["guard"])
    assert table.rest("take-action", {"character": "ana", "kind": "quick"}, "ana").status_code == 200


def test_the_gm_heals_and_edits_characters(api: Api) -> None:
    table = Table(api)
    assert table.rest("damage", {"character": "guard", "weapon": {"bonus": 20, "armor": "none"}}, "gm").status_code == 200
    data = api.gql_data(session_query(api, "heal"), {"id": table.sid, "input": {"character": "guard", "damage": 5, "wounds": 1}}, token=table.tokens["gm"])
    healed = data["eclipseHealInSession"]["result"]
    assert (healed["damage"], healed["wounds"], healed["condition"]) == (15, 1, "active")
    refused_on_both(table, "heal", {"character": "guard", "damage": 5}, "ana", 403, "eclipse/gm-only")
    refused_on_both(table, "heal", {"character": "guard"}, "gm", 422, "eclipse/heal")
    edited = table.rest("edit-character", {"character": "ana", "pools": {"vigor": 1}, "skills": [{"name": "Fray", "rating": 45}]}, "gm")
    assert edited.status_code == 200 and set(edited.json()["result"]["changed"]) == {"pools", "skills"}
    ana = table.read()[1]["characters"]["ana"]
    assert (ana["pools"]["vigor"], ana["skills"]["fray"]["rating"]) == ({"current": 1, "max": 1}, 45)
    negative = {"character": "ana", "skills": [{"name": "Guns", "rating": -5}]}
    refused_on_both(table, "edit-character", negative, "gm", 422, "validation-failed")
    refused_on_both(table, "edit-character", {"character": "ana"}, "gm", 422, "eclipse/edit-nothing")
    refused_on_both(table, "edit-character", {"character": "ana", "initiative": 9}, "ana", 403, "eclipse/gm-only")


def test_the_clock_moves_in_minutes_and_recharges_count_over_24_hours(api: Api) -> None:
    table = Table(api)
    assert table.rest("advance-time", {"hours": 23, "minutes": 50}, "gm").status_code == 200
    data = api.gql_data(session_query(api, "advance-time"), {"id": table.sid, "input": {"minutes": 20}}, token=table.tokens["gm"])
    clock = data["eclipseAdvanceTimeInSession"]["result"]
    assert (clock["day"], clock["minute"], clock["time"], clock["week"]) == (1, 10, "day 1, 00:10", 0)
    short = {"character": "ana", "kind": "short", "allocation": [{"pool": "vigor"}]}
    for _ in range(2):
        assert table.rest("recharge", short, "ana").status_code == 200
    assert table.rest("advance-time", {"hours": 23}, "gm").status_code == 200  # a new day, not yet 24 hours
    refused_on_both(table, "recharge", short, "ana", 409, "eclipse/recharge-limit")
    refused_on_both(table, "recharge", {**short, "advanceClock": True}, "ana", 403, "eclipse/gm-only")
    long = {"character": "ana", "kind": "long", "advanceClock": True}
    data = api.gql_data(session_query(api, "recharge"), {"id": table.sid, "input": long}, token=table.tokens["gm"])
    rested = data["eclipseRechargeInSession"]["result"]
    assert (rested["timeframeMinutes"], rested["at"], rested["clock"]["time"]) == (240, "day 1, 23:10", "day 2, 03:10")
    assert table.rest("recharge", short, "ana").status_code == 200  # 24 hours have passed since the first two


def test_every_new_field_answers_on_graphql_as_on_rest(api: Api) -> None:
    table = Table(api)
    rest = table.rest("test", GUNS | {"task": {"amount": 30, "unit": "minutes"}}, "ana").json()["result"]
    assert rest["testId"] == "t1" and rest["test"]["task"]["plannedMinutes"] == 30 and rest["clock"] is None
    field = mechanic_field("eclipse", "test", in_session=True)
    data = api.gql_data(session_query(api, "test"), {"id": table.sid, "input": GUNS}, token=table.tokens["ana"])
    assert data[field]["result"]["testId"] == "t2"


def test_an_attack_and_a_brute_force_hack_count_against_the_action_turn(api: Api) -> None:
    table = Table(api)
    assert table.rest("initiative", {}, "gm").status_code == 200
    took = table.rest("pool-use", {"character": "ana", "pool": "vigor", "use": "take-initiative"}, "ana")
    assert took.status_code == 200, took.text
    first = table.rest("attack", SHOT, "ana").json()["result"]["actionTurn"]
    assert ([a["kind"] for a in first["actions"]], first["pattern"]) == (["complex"], "complex-and-quick")
    refused_on_both(table, "attack", SHOT, "ana", 409, "eclipse/action-budget-exceeded")  # a second attack
    brute = {"hacker": {"character": "ana"}, "method": "brute-force", "system": "door", "firewall": 10}
    refused_on_both(table, "hack", brute, "ana", 409, "eclipse/action-budget-exceeded")  # a second complex action
    data = api.gql_data(session_query(api, "take-action"), {"id": table.sid, "input": {"character": "ana", "kind": "quick"}}, token=table.tokens["ana"])
    assert data["eclipseTakeActionInSession"]["result"]["pattern"] == "complex-and-quick"
    refused_on_both(table, "attack", SHOT, "gm", 409, "eclipse/action-budget-exceeded")  # the GM's seat too


def test_a_short_recharge_without_an_allocation_is_refused_and_spends_no_recharge(api: Api) -> None:
    table = Table(api)
    bare = {"character": "ana", "kind": "short"}
    for body in (bare, bare | {"allocation": []}):
        refused_on_both(table, "recharge", body, "ana", 422, "eclipse/recharge-allocation")
    problem = table.rest("recharge", bare, "ana").json()
    assert problem["field"] == "allocation" and "`allocation`" in problem["detail"]
    error = api.gql_error(session_query(api, "recharge"), {"id": table.sid, "input": bare}, token=table.tokens["ana"])
    assert error["extensions"]["field"] == "allocation"
    short = bare | {"allocation": [{"pool": "vigor"}]}
    for used in (1, 2):  # both of the day's short recharges are still there
        answer = table.rest("recharge", short, "ana")
        assert (answer.status_code, answer.json()["result"]["usedLast24Hours"]) == (200, used), answer.text
    refused_on_both(table, "recharge", short, "ana", 409, "eclipse/recharge-limit")


def test_the_published_schema_says_a_short_recharge_needs_an_allocation(api: Api) -> None:
    schemas = api.get("/openapi.json").json()["components"]["schemas"]
    for name, extra in (("EclipseRechargeInSession", {"character": "ana"}), ("EclipseRechargeRequest", {"pools": POOLS})):
        validator = jsonschema.Draft202012Validator({**schemas[name], "components": {"schemas": schemas}})
        assert not validator.is_valid({**extra, "kind": "short"}), name
        assert not validator.is_valid({**extra, "kind": "short", "allocation": []}), name
        assert validator.is_valid({**extra, "kind": "short", "allocation": [{"pool": "vigor"}]}), name
        assert validator.is_valid({**extra, "kind": "long"}), name


def test_the_published_schema_says_a_hack_is_either_a_new_intrusion_or_an_escalation(api: Api) -> None:
    schemas = api.get("/openapi.json").json()["components"]["schemas"]
    validator = jsonschema.Draft202012Validator({**schemas["EclipseHackInSession"], "components": {"schemas": schemas}})
    hacker = {"hacker": {"character": "ana"}, "method": "brute-force"}
    assert validator.is_valid(hacker | {"system": "door", "firewall": 10})
    assert validator.is_valid(hacker | {"intrusion": "i1"}) and validator.is_valid(hacker | {"intrusion": "i1", "firewall": 30})
    table = Table(api)
    for wrong in ({}, {"system": "door"}, {"system": "door", "firewall": 10, "intrusion": "i1"}, {"intrusion": "i1", "system": "door"}):
        assert not validator.is_valid(hacker | wrong), wrong
        refused_on_both(table, "hack", hacker | wrong, "ana", 422, "eclipse/test-subject")  # the service refuses what the schema does


def test_four_or_five_helpers_cap_the_teamwork_bonus_at_thirty_on_both_protocols(api: Api) -> None:
    cases = [([50, 50, 50, 50], None, 4, 30), ([45, 40, 60, 20], "technical", 3, 30), ([45, 39, 20, None, 40], "know", 2, 20)]
    for ratings, category, counted, bonus in cases:
        helpers = [{} if r is None else {"rating": r} for r in ratings]
        body = {"target": 30, "helpers": helpers, "seed": "team"} | ({"skillCategory": category} if category else {})
        rest = api.post("/v1/eclipse/test", body)
        assert rest.status_code == 200, rest.text
        graphql = api.gql_data(stateless_query(api, "test"), {"input": body})["eclipseTest"]["result"]
        assert rest.json()["result"] == graphql
        assert graphql["teamwork"] == {"helpers": len(ratings), "counted": counted, "bonus": bonus}
        assert graphql["target"] == 30 + bonus


def test_vigor_takes_the_initiative_with_its_own_text(api: Api) -> None:
    body = {"pool": "vigor", "use": "take-initiative", "available": 1}
    rest = api.post("/v1/eclipse/pool-use", body).json()["result"]
    assert rest == api.gql_data(stateless_query(api, "pool-use"), {"input": body})["eclipsePoolUse"]["result"]
    insight = api.post("/v1/eclipse/pool-use", body | {"pool": "insight"}).json()["result"]["effect"]
    assert rest["effect"] == "acts first in this action turn" and "mental or mesh" in insight
    table = Table(api)
    assert table.rest("initiative", {}, "gm").status_code == 200
    took = table.rest("pool-use", {"character": "ana", "pool": "vigor", "use": "take-initiative"}, "ana").json()["result"]
    assert took["effect"] == rest["effect"]


def test_a_setup_with_an_intrusion_under_way_over_rest_and_graphql(api: Api) -> None:
    """The intrusion is at the table from the start; one naming a hacker the setup lacks is a 422 on both protocols."""
    seats = [{"name": "gm", "role": "gm"}, {"name": "ana"}]
    under_way = {"hacker": "ana", "system": "hab security", "firewall": 40, "privileges": "admin", "status": "hidden"}
    created = api.create_session("eclipse", seats, setup={"characters": [ANA, GUARD], "intrusions": [under_way]})
    assert created["session"]["state"]["intrusions"]["i1"] == {**under_way, "id": "i1", "method": "subtle"}
    ended = api.post(f"/v1/sessions/{created['session']['id']}/eclipse/end-intrusion", {"intrusion": "i1"}, token=api.tokens["ana"])
    assert ended.status_code == 200 and ended.json()["result"] == {"intrusion": "i1", "ended": True}
    stranger = {"system": "eclipse", "seats": seats, "setup": {"characters": [ANA], "intrusions": [{**under_way, "hacker": "guard"}]}}
    assert api.post("/v1/sessions", stranger).status_code == 422
    answer = api.gql(
        "mutation C($input: EclipseCreateSessionInput!) { createEclipseSession(input: $input) { session { id } } }", {"input": stranger}
    )
    assert answer["errors"] and "not one of the setup's characters" in answer["errors"][0]["message"]
