"""Every Eclipse Phase mechanic over REST and GraphQL, stateless and in a session, on both stores;
session actions replay from their audit records; bad input is a coded 4xx that changes nothing."""

from __future__ import annotations

import pytest

from service.dice.stream import Stream
from service.registry import Actor
from service.systems import REGISTRY
from service.systems.eclipse.rules.kept_tests import result_of
from service.systems.eclipse.state import KeptTest
from service.systems.eclipse.rules.d100 import rank
from service.systems.eclipse.rules.pools import after_roll
from support.api import Api, mechanic_field, selection

from .sheets import ANA, GUARD

AUDIT = "audit { scope nonce seed seedCommitment draws { sides face } }"
POOLS = {"insight": {"current": 1, "max": 2}, "moxie": {"current": 2, "max": 2}, "vigor": {"current": 0, "max": 3}, "flex": {"current": 1, "max": 1}}
TARGET = {"armorKinetic": 6, "woundThreshold": 7, "durability": 35, "deathRating": 53}

STATELESS: dict[str, dict] = {
    "test": {
        "target": 55,
        "aptitude": "ref",
        "specialization": True,
        "modifiers": [{"severity": "minor", "penalty": True}, {"value": 40}, {"value": 30}],
        "helpers": [{"rating": 50}],
        "poolSpends": [{"pool": "vigor", "use": "flip-flop"}],
        "onSuperiorSuccess": ["damage", "time"],
        "onCriticalSuccess": "double-damage",
        "task": {"amount": 2, "unit": "hours", "extraTimeSteps": 1},
        "damage": {"dice": 2, "sides": 10, "bonus": 3},
    },
    "opposed-test": {"a": {"target": 60, "poolSpends": [{"pool": "flex", "use": "plus-twenty"}]}, "b": {"target": 45}},
    "pool-after-roll": {"roll": 83, "target": 50, "pool": "flex", "use": "flip-flop"},
    "attack": {
        "attack": "melee",
        "attacker": {"target": 70, "aptitude": "som"},
        "defender": {"fray": 40, "melee": 35},
        "weapon": {"dice": 1, "sides": 10, "bonus": 3},
        "target": TARGET,
    },
    "damage": {"weapon": {"dice": 2, "sides": 10, "bonus": 4, "armor": "kinetic"}, "target": TARGET},
    "hack": {"method": "subtle", "infosec": 70, "firewall": 40, "poolSpends": [{"pool": "insight", "use": "upgrade"}]},
    "rep-test": {"network": "@", "score": 60, "favor": "minor", "used": 1, "secrecy": 10},
    "initiative": {"combatants": [{"name": "Ana", "initiative": 7, "ref": 20}, {"name": "Guard", "initiative": 5, "ref": 15}]},
    "take-action": {"actions": [{"kind": "complex"}, {"kind": "quick", "nature": "mesh"}, {"kind": "automatic"}]},
    "pool-use": {"pool": "moxie", "use": "refresh-rep", "available": 2, "favor": "moderate"},
    "recharge": {"kind": "short", "pools": POOLS, "allocation": [{"pool": "vigor", "upTo": 2}, {"pool": "insight"}]},
}


def _mechanic(name: str):
    return REGISTRY.mechanics[f"eclipse/{name}"]


def stateless_query(api: Api, name: str) -> str:
    audit = AUDIT if _mechanic(name).random else ""  # a deterministic mechanic answers no audit record
    return api.mechanic_query("eclipse", name, f"result {{ {selection(_mechanic(name).output)} }} {audit}")


def session_query(api: Api, name: str) -> str:
    mech = _mechanic(name)
    output = mech.session_output or mech.output
    return api.mechanic_query("eclipse", name, f"version seq result {{ {selection(output)} }} {AUDIT}", in_session=True)


def test_every_eclipse_mechanic_is_covered_here() -> None:
    names = {m.name for m in REGISTRY.mechanics.values() if m.system == "eclipse"}
    assert {n for n in names if _mechanic(n).resolve} == set(STATELESS)
    assert names == set(STATELESS) | set(SESSION_ONLY)


def test_only_the_mechanics_that_roll_take_a_seed() -> None:
    deterministic = {n for n in STATELESS if not _mechanic(n).random}
    assert deterministic == {"pool-after-roll", "take-action", "pool-use"}  # they judge what they are given, rolling nothing
    assert not any(m.read for m in REGISTRY.mechanics.values() if m.system == "eclipse")  # every session form writes


@pytest.mark.parametrize("name", sorted(STATELESS))
def test_stateless_rest_and_graphql_agree_and_recompute(api: Api, name: str) -> None:
    random = _mechanic(name).random
    body = {**STATELESS[name], **({"seed": f"seed-{name}", "clientSeed": "table"} if random else {})}
    rest = api.post(f"/v1/eclipse/{name}", body)
    assert rest.status_code == 200, rest.text
    answer = rest.json()
    data = api.gql_data(stateless_query(api, name), {"input": body})[mechanic_field("eclipse", name)]
    assert data["result"] == answer["result"]
    if not random:
        assert "audit" not in answer and "audit" not in data
        return
    assert data["audit"] == ({k: answer["audit"][k] for k in data["audit"]} if answer["audit"] else None)
    if answer["audit"]:
        stream = Stream(seed=f"seed-{name}", scope="stateless", nonce=0, client_seed="table")
        assert [d["face"] for d in answer["audit"]["draws"]] == [stream.roll(d["sides"]) for d in answer["audit"]["draws"]]
        verdict = api.post("/v1/verify", {"record": answer["audit"], "seed": f"seed-{name}"}).json()
        assert verdict["match"] is True


def test_stateless_test_reads_the_d100_face_and_caps_modifiers(api: Api) -> None:
    answer = api.post("/v1/eclipse/test", {**STATELESS["test"], "poolSpends": [], "seed": "cap"}).json()
    result = answer["result"]
    face = answer["audit"]["draws"][0]
    assert face["sides"] == 100 and result["rolled"] == face["face"] % 100
    assert (result["modifiers"]["raw"], result["modifiers"]["applied"], result["modifiers"]["capped"]) == (90, 60, True)
    assert result["target"] == 115


@pytest.mark.parametrize(
    ("name", "body", "code"),
    [
        ("recharge", {"kind": "short", "pools": POOLS}, "eclipse/recharge-allocation"),
        ("test", {"target": 50, "poolSpends": [{"pool": "flex", "use": "plus-twenty"}] * 2}, "eclipse/too-many-pool-points"),
        ("recharge", {"kind": "short", "pools": POOLS, "allocation": [{"pool": "vigor"}], "shortUsedToday": 2}, "eclipse/recharge-limit"),
        ("rep-test", {"network": "g", "score": 50, "favor": "major", "used": 1}, "eclipse/favor-limit-reached"),
        ("test", {"target": -5}, "validation-failed"),
    ],
)
def test_stateless_bad_input_is_a_coded_4xx_on_both_protocols(api: Api, name: str, body: dict, code: str) -> None:
    response = api.post(f"/v1/eclipse/{name}", body)
    assert response.status_code == 422 and response.json()["code"] == code, response.text  # stateless: always 422
    assert response.headers["content-type"] == "application/problem+json"
    error = api.gql_error(stateless_query(api, name), {"input": body})
    assert error["extensions"]["code"] == code


# -- sessions ---------------------------------------------------------------------------------

SESSION_ONLY = {
    "add-character",
    "advance-time",
    "next-turn",
    "delay",
    "end-combat",
    "pool-ongoing",
    "end-intrusion",
    "finish-actions",
    "heal",
    "edit-character",
}
SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana"}, {"name": "watcher", "role": "spectator"}]

# A session scenario touching every mechanic: (mechanic, body, seat). It runs in two tables, one
# starting over REST and one over GraphQL, alternating, so each mechanic is used over both.
SCENARIO: list[tuple[str, dict, str]] = [
    ("add-character", {"character": {**GUARD, "id": "guard-2", "name": "Second guard"}}, "gm"),
    ("test", {"character": "ana", "skill": "Guns", "specialization": True, "onSuperiorSuccess": ["quality"]}, "ana"),
    ("pool-after-roll", {}, "ana"),  # body chosen from the test it changes
    ("opposed-test", {"a": {"character": "ana", "skill": "Persuade"}, "b": {"character": "guard", "aptitudeCheck": "wil"}}, "gm"),
    ("rep-test", {"character": "ana", "network": "g", "favor": "minor", "burnForBonus": 2}, "ana"),
    ("pool-ongoing", {"character": "ana", "pool": "insight", "aptitude": "cog", "points": 1}, "ana"),
    ("hack", {"hacker": {"character": "ana"}, "method": "brute-force", "system": "door", "firewall": 10}, "ana"),
    ("initiative", {}, "gm"),
    ("pool-use", {"character": "ana", "pool": "vigor", "use": "take-initiative"}, "ana"),
    ("take-action", {"character": "ana", "kind": "quick", "label": "aim"}, "ana"),
    ("attack", {"attack": "ranged", "attacker": {"character": "ana"}, "defender": {"character": "guard"}, "weapon": {"dice": 2, "sides": 10, "bonus": 4}}, "ana"),
    ("finish-actions", {"character": "guard"}, "gm"),
    ("delay", {"character": "guard-2", "count": 1}, "gm"),
    ("next-turn", {"expectedTurn": 1}, "gm"),
    ("damage", {"character": "guard-2", "weapon": {"dice": 1, "sides": 6, "armor": "none"}}, "gm"),
    ("heal", {"character": "guard-2", "damage": 1, "note": "first aid"}, "gm"),
    ("edit-character", {"character": "guard-2", "initiative": 6, "armor": {"energy": 3}, "skills": [{"name": "Guns", "rating": 50}]}, "gm"),
    ("end-combat", {"note": "they ran"}, "gm"),
    ("recharge", {"character": "ana", "kind": "short", "allocation": [{"pool": "vigor"}, {"pool": "insight"}]}, "ana"),
    ("advance-time", {"days": 7, "hours": 5, "minutes": 30}, "gm"),
    ("end-intrusion", {}, "ana"),  # the intrusion the hack opened
]


class Table:
    """One session, its seat tokens, and a way to act over either protocol."""

    def __init__(self, api: Api, **rules) -> None:
        created = api.create_session("eclipse", SEATS, setup={"rules": rules, "characters": [ANA, GUARD]}, client_seed="eclipse-table")
        self.api = api
        self.sid = created["session"]["id"]
        self.tokens = {seat["name"]: seat["token"] for seat in created["seats"]}
        self.seats = {seat["id"]: seat for seat in created["session"]["seats"]}
        self.initial = created["session"]["state"]

    def read(self) -> tuple[int, dict]:
        body = self.api.get(f"/v1/sessions/{self.sid}", token=self.tokens["gm"]).json()
        return body["version"], body["state"]

    def rest(self, name: str, body: dict, seat: str):
        return self.api.post(f"/v1/sessions/{self.sid}/eclipse/{name}", body, token=self.tokens[seat])

    def act(self, name: str, body: dict, seat: str, *, graphql: bool) -> dict:
        if graphql:
            data = self.api.gql_data(session_query(self.api, name), {"id": self.sid, "input": body}, token=self.tokens[seat])
            return data[mechanic_field("eclipse", name, in_session=True)]
        response = self.rest(name, body, seat)
        assert response.status_code == 200, f"{name}: {response.text}"
        return response.json()


def _helpful_use(state: dict) -> str | None:
    """An after-roll use that improves ana's last test, if any."""
    before = result_of(KeptTest.model_validate(state["characters"]["ana"]["lastTest"]))
    for use in ("flip-flop", "upgrade", "downgrade-critical-failure"):
        after = after_roll(before, use, critical_replaces_superior=True)
        if after is not None and rank(after) > rank(before):
            return use
    return None


def _run_scenario(table: Table, *, graphql_first: bool) -> None:
    test_body = SCENARIO[1][1]
    for index, (name, body, seat) in enumerate(SCENARIO):
        graphql = (index % 2 == 0) == graphql_first
        if name == "pool-after-roll":
            for _ in range(30):  # roll again until a pool point can help the test
                use = _helpful_use(table.read()[1])
                if use:
                    break
                table.act("test", test_body, "ana", graphql=graphql)
            body = {"character": "ana", "pool": "flex", "use": use, "test": table.read()[1]["characters"]["ana"]["lastTest"]["id"]}
        if name == "hack":
            for _ in range(30):  # until the intrusion gets in, so that it can be ended later
                answer = table.act(name, body, seat, graphql=graphql)
                if answer["result"]["success"]:
                    break
            assert answer["result"]["intrusionId"] == "i1"
            continue
        if name == "end-intrusion":
            body = {"intrusion": "i1"}
        answer = table.act(name, body, seat, graphql=graphql)
        assert answer["result"] is not None and answer["version"] >= 2


def _replay(table: Table, seed: str) -> dict:
    """Rebuild the final state from the initial state and the log, recomputing every die."""
    entries = table.api.get(f"/v1/sessions/{table.sid}/log", token=table.tokens["gm"], params={"limit": 200}).json()["entries"]
    state = table.initial
    for entry in entries:
        if not entry["action"].startswith("eclipse/"):
            continue
        mech = REGISTRY.mechanics[entry["action"]]
        params = (mech.session_input or mech.input).model_validate(entry["input"])
        audit = entry["audit"] or {"scope": f"session:{table.sid}:0", "nonce": 0, "clientSeed": "eclipse-table", "draws": []}
        stream = Stream(seed=seed, scope=audit["scope"], nonce=audit["nonce"], client_seed=audit["clientSeed"])
        seat = table.seats[entry["seat"]]
        state, result = mech.apply(state, params, stream, Actor(seat["id"], seat["name"], seat["role"]))
        assert [{"sides": d.sides, "face": d.face} for d in stream.draws] == audit["draws"], entry["action"]
        wire = result.model_dump(mode="json", by_alias=True)
        assert wire == entry["result"], entry["action"]
    return state


@pytest.mark.parametrize("graphql_first", [False, True], ids=["rest-first", "graphql-first"])
def test_a_session_scenario_uses_every_mechanic_and_replays_from_its_audit_records(api: Api, graphql_first: bool) -> None:
    table = Table(api)
    _run_scenario(table, graphql_first=graphql_first)
    _, final = table.read()
    closed = api.post(f"/v1/sessions/{table.sid}/close", token=table.tokens["gm"])
    assert closed.status_code == 200, closed.text
    seed = closed.json()["seeds"][0]["seed"]
    entries = api.get(f"/v1/sessions/{table.sid}/log", token=table.tokens["gm"], params={"limit": 200}).json()["entries"]
    assert {e["action"].split("/")[1] for e in entries if e["action"].startswith("eclipse/")} == set(STATELESS) | SESSION_ONLY
    audited = [e for e in entries if e["audit"]]
    assert len(audited) >= 8
    for entry in audited:
        verdict = api.post("/v1/verify", {"record": entry["audit"], "seed": seed}).json()
        assert verdict["match"] is True, entry["action"]
    assert _replay(table, seed) == final


def test_the_session_shows_characters_clock_and_rules(api: Api) -> None:
    table = Table(api, woundPenalty=5)
    _, state = table.read()
    assert state["rules"]["woundPenalty"] == 5 and state["rules"]["criticalReplacesSuperior"] is True
    assert state["clock"] == {"day": 0, "minute": 0, "week": 0, "arc": 0}
    assert set(state["characters"]) == {"ana", "guard"}
    spectator = api.get(f"/v1/sessions/{table.sid}", token=table.tokens["watcher"]).json()
    assert spectator["state"] == state
    refused = table.rest("test", {"character": "ana", "skill": "Guns"}, "watcher")
    assert refused.status_code == 403


def _short(character: str = "ana") -> dict:
    return {"character": character, "kind": "short", "allocation": [{"pool": "vigor"}]}


@pytest.mark.parametrize(
    ("name", "body", "seat", "status", "code"),
    [
        ("add-character", {"character": {**GUARD, "id": "neg", "skills": [{"name": "Guns", "rating": -5}]}}, "gm", 422, "validation-failed"),
        ("test", {"character": "ana", "skill": "Guns", "helpers": ["guard", "guard", "guard", "guard"]}, "gm", 422, "eclipse/duplicate-helper"),
        ("recharge", {"character": "ana", "kind": "short"}, "ana", 422, "eclipse/recharge-allocation"),
        (
            "test",
            {"character": "ana", "skill": "Guns", "poolSpends": [{"pool": "vigor", "use": "plus-twenty"}, {"pool": "flex", "use": "flip-flop"}]},
            "ana",
            422,
            "eclipse/too-many-pool-points",
        ),
        ("test", {"character": "nobody", "skill": "Guns"}, "gm", 404, "eclipse/unknown-character"),
        ("test", {"character": "guard", "skill": "Guns"}, "ana", 403, "eclipse/not-your-character"),
        ("advance-time", {"days": 1}, "ana", 403, "eclipse/gm-only"),
        ("take-action", {"character": "ana", "kind": "quick"}, "ana", 409, "eclipse/not-in-combat"),
        ("rep-test", {"character": "ana", "network": "x", "favor": "minor"}, "ana", 422, "eclipse/unknown-network"),
    ],
)
def test_session_bad_input_is_a_coded_4xx_and_changes_nothing(api: Api, name: str, body: dict, seat: str, status: int, code: str) -> None:
    table = Table(api)
    before = table.read()
    response = table.rest(name, body, seat)
    assert (response.status_code, response.json()["code"]) == (status, code), response.text
    error = api.gql_error(session_query(api, name), {"id": table.sid, "input": body}, token=table.tokens[seat])
    assert error["extensions"]["code"] == code
    assert table.read() == before


def test_a_third_short_recharge_in_a_day_is_refused_and_changes_nothing(api: Api) -> None:
    table = Table(api)
    for _ in range(2):
        ok = table.rest("recharge", _short(), "ana")
        assert ok.status_code == 200, ok.text
    before = table.read()
    third = table.rest("recharge", _short(), "ana")
    assert (third.status_code, third.json()["code"]) == (409, "eclipse/recharge-limit")
    error = api.gql_error(session_query(api, "recharge"), {"id": table.sid, "input": _short()}, token=table.tokens["ana"])
    assert error["extensions"]["code"] == "eclipse/recharge-limit"
    assert table.read() == before
    assert table.rest("advance-time", {"days": 1}, "gm").status_code == 200
    assert table.rest("recharge", _short(), "ana").status_code == 200


def test_a_second_pool_point_after_the_roll_is_refused_and_changes_nothing(api: Api) -> None:
    table = Table(api)
    body = {"character": "ana", "skill": "Guns", "poolSpends": [{"pool": "flex", "use": "plus-twenty"}]}
    assert table.rest("test", body, "ana").status_code == 200
    before = table.read()
    again = table.rest("pool-after-roll", {"character": "ana", "pool": "vigor", "use": "flip-flop"}, "ana")
    assert (again.status_code, again.json()["code"]) == (409, "eclipse/one-pool-point-per-test")
    assert table.read() == before


def test_setup_is_validated_at_session_creation(api: Api) -> None:
    bad = {"system": "eclipse", "seats": SEATS, "setup": {"characters": [{**ANA, "skills": [{"name": "Guns", "rating": -1}]}]}}
    response = api.post("/v1/sessions", bad)
    assert response.status_code == 422 and response.json()["code"] == "validation-failed"
