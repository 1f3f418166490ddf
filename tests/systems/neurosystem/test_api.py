"""NeuroSystem over HTTP: REST and GraphQL, stateless and in a session, on the memory store and Redis."""

from __future__ import annotations

import pytest

from service.dice.stream import Stream
from support.api import Api

from . import graphql_calls as gql

STATS = [
    {"category": "style", "name": "Cool", "rating": "d8"},
    {"category": "training", "name": "Firearms", "rating": "d6"},
    {"category": "knowledge", "name": "Streets", "rating": "d10"},
]
SHIELD = {"name": "resonance shield", "rating": 3, "against": ["kinetic ranged"]}
SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana"}, {"name": "bo"}, {"name": "eye", "role": "spectator"}]
# Twelve negative states: every stat die shows bad shit, so push-through is always possible.
TROUBLED = [f"trouble {n}" for n in range(12)]
RECORD = {
    "kind": "stk",
    "dn": 12,
    "negativeStates": 2,
    "bonuses": [{"name": "smartgun", "value": 2}],
    "dice": [
        {"id": "style", "stat": "style", "rating": "d8", "face": 7},
        {"id": "training", "stat": "training", "rating": "d6", "face": 2},
        {"id": "knowledge", "stat": "knowledge", "rating": "d10", "face": 5},
        {"id": "luck-1", "stat": "luck", "rating": "d8", "face": 1},
    ],
}

STATELESS = {
    "stk-check": {
        "style": "d8", "training": "d6", "knowledge": "d10", "dn": 12,
        "bonuses": [{"name": "smartgun", "value": 2}], "luck": 1, "luckPool": 3, "negativeStates": 2,
    },
    "flat-check": {"category": "style", "rating": "d12", "negativeStates": 1},
    "spend-luck": {"check": RECORD, "points": 2, "luckPool": 2},
    "push": {"check": RECORD, "dice": ["training", "luck-1"], "resolve": 1},
    "push-through": {"check": RECORD, "resolve": 2, "resolveLimit": "push-and-push-through"},
    "defend": {
        "stkTotal": 14, "incoming": "wounded", "negativeStates": ["badly-injured"],
        "reductions": {"mitigation": [1], "range": {"ideal": 3, "distance": 4}, "attackType": "kinetic ranged", "protection": [SHIELD]},
    },
    "attack": {"stkTotal": 32, "current": "badly-injured", "reductions": {"mitigation": [2]}},
    "take-damage": {"category": "badly-injured", "negativeStates": ["badly-injured", "wounded"]},
    "stat-measure": {"dice": 4, "against": 2},
    "death-measure": {"scenesDying": 2, "spanTotal": 3},
    "gain-apathy": {"apathy": 2},
    "gain-dissonance": {"dissonance": 0},
    "enter-cyberspace": {"dissonance": 1, "space": "vri"},
}  # fmt: skip


def _character(character_id: str = "vex", **extra) -> dict:
    return {"id": character_id, "name": character_id.title(), "controller": "ana", "stats": STATS, "resolveMax": 2, **extra}


def _setup(**extra) -> dict:
    return {
        "luck": 3,
        "characters": [_character()],
        "ncs": [
            {
                "id": "ganger",
                "name": "Ganger",
                "stats": [{"name": "Defense", "value": 12}],
                "standardDamage": "wounded",
                "protection": [{"name": "mesh vest", "rating": 1, "against": ["blade"]}],
            }
        ],
        **extra,
    }


def _session(api: Api, **setup) -> str:
    return api.create_session("neurosystem", SEATS, setup=_setup(**setup))["session"]["id"]


def _act(api: Api, sid: str, name: str, body: dict, seat: str = "ana"):
    return api.post(f"/v1/sessions/{sid}/neurosystem/{name}", body, token=api.tokens[seat])


def _ok(api: Api, sid: str, name: str, body: dict, seat: str = "ana") -> dict:
    response = _act(api, sid, name, body, seat)
    assert response.status_code == 200, response.text
    return response.json()["result"]


def _snapshot(api: Api, sid: str) -> tuple[int, dict]:
    body = api.get(f"/v1/sessions/{sid}", token=api.tokens["gm"]).json()
    return body["version"], body["state"]


def _refused(api: Api, sid: str, name: str, body: dict, status: int, code: str, seat: str = "ana") -> dict:
    before = _snapshot(api, sid)
    response = _act(api, sid, name, body, seat)
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == code
    assert _snapshot(api, sid) == before
    return response.json()


# -- stateless: REST and GraphQL give the same answer -----------------------------------------------


# Mechanics that never draw are deterministic: they take no seed and answer no audit record.
DETERMINISTIC = {"push-through", "defend", "attack", "take-damage", "gain-apathy", "gain-dissonance", "enter-cyberspace"}


@pytest.mark.parametrize("name", sorted(STATELESS))
def test_every_stateless_mechanic_answers_alike_over_rest_and_graphql(api: Api, name: str) -> None:
    body = STATELESS[name] if name in DETERMINISTIC else {**STATELESS[name], "seed": f"seed-{name}"}
    rest = api.post(f"/v1/neurosystem/{name}", body)
    assert rest.status_code == 200, rest.text
    over_graphql = gql.stateless(api, name, body)
    assert over_graphql["result"] == rest.json()["result"]
    if name in DETERMINISTIC:
        assert "audit" not in rest.json() and "audit" not in over_graphql
        seeded = api.post(f"/v1/neurosystem/{name}", {**body, "seed": "fixed"})
        assert (seeded.status_code, seeded.json()["code"]) == (422, "validation-failed")
        return
    audit = rest.json()["audit"]
    if audit is not None:
        assert over_graphql["audit"]["draws"] == audit["draws"]
        verdict = api.post("/v1/verify", {"record": audit}).json()
        assert verdict["match"] and verdict["checked"] == len(audit["draws"])


def test_the_deterministic_mechanics_are_those_that_never_draw() -> None:
    from service.systems import REGISTRY

    declared = {m.name for m in REGISTRY.mechanics.values() if m.system == "neurosystem" and m.resolve and not m.random}
    assert declared == DETERMINISTIC


def test_stateless_stk_check_is_recomputable_from_its_seed(api: Api) -> None:
    answer = api.post("/v1/neurosystem/stk-check", {**STATELESS["stk-check"], "seed": "table-7"}).json()
    stream = Stream(seed="table-7", scope="stateless", nonce=0)
    faces = [stream.roll(8), stream.roll(6), stream.roll(10), stream.roll(8)]
    result = answer["result"]
    assert [d["face"] for d in result["check"]["dice"]] == faces
    assert [d["id"] for d in result["check"]["dice"]] == ["style", "training", "knowledge", "luck-1"]
    assert result["total"] == sum(faces) + 2 and result["luckLeft"] == 2
    assert result["coolFromStyle"] == (faces[0] >= 7)
    assert result["badDice"] == [i for i, f in zip(("style", "training", "knowledge"), faces[:3], strict=True) if f <= 2]


def test_stateless_follow_ups_act_on_the_record_passed_back(api: Api) -> None:
    luck = api.post("/v1/neurosystem/spend-luck", STATELESS["spend-luck"]).json()["result"]
    assert [d["id"] for d in luck["check"]["dice"]][-2:] == ["luck-2", "luck-3"] and luck["luckLeft"] == 0
    pushed = api.post("/v1/neurosystem/push", STATELESS["push"]).json()["result"]
    assert pushed["check"]["pushed"] and pushed["resolveLeft"] == 0
    assert [d["rerolledFrom"] for d in pushed["check"]["dice"]] == [None, 2, None, 1]
    through = api.post("/v1/neurosystem/push-through", STATELESS["push-through"]).json()["result"]
    assert through["coolShit"] and not through["badShit"] and through["resolveLeft"] == 1


def test_stateless_resolve_limit_field_decides_push_through_after_a_push(api: Api) -> None:
    pushed_record = {**RECORD, "pushed": True}
    strict = api.post("/v1/neurosystem/push-through", {"check": pushed_record})
    assert strict.status_code == 422 and strict.json()["code"] == "neurosystem/resolve-limit"
    lenient = api.post("/v1/neurosystem/push-through", {"check": pushed_record, "resolveLimit": "push-and-push-through"})
    assert lenient.status_code == 200 and lenient.json()["result"]["check"]["pushedThrough"]


def test_rulebook_examples_over_the_api(api: Api) -> None:
    def attack(body: dict) -> dict:
        response = api.post("/v1/neurosystem/attack", body)
        assert response.status_code == 200, response.text
        return response.json()["result"]

    assert attack({"stkTotal": 10, "current": "badly-injured"})["trackAfter"] == "wounded"
    assert attack({"stkTotal": 37, "current": "wounded"})["trackAfter"] == "dying"
    assert attack({"stkTotal": 32, "reductions": {"mitigation": [2]}})["hit"] == "badly-injured"
    for distance in (1, 5):
        rifle = attack({"stkTotal": 27, "reductions": {"range": {"ideal": 3, "distance": distance}}})
        assert rifle["reductions"]["range"] == 2 and rifle["hit"] == "badly-injured"
    taken = api.post("/v1/neurosystem/take-damage", STATELESS["take-damage"]).json()["result"]
    assert taken["suffered"] == "severely-wounded"
    defended = api.post("/v1/neurosystem/defend", STATELESS["defend"]).json()["result"]
    # 14 keeps wounded; mitigation 1 + range 1 + shield 3 take 5 off: nothing lands.
    assert (defended["shift"], defended["afterCheck"], defended["reductions"]["total"], defended["landed"]) == (0, "wounded", 5, None)


VEST = {"name": "kinetic vest", "rating": 2, "against": ["Kinetic"]}


@pytest.mark.parametrize("attack_type", ["kinetic ranged", ["Ranged", "KINETIC"], "KINETIC  ranged"])
def test_a_kinetic_vest_stops_a_kinetic_ranged_attack_over_rest_and_graphql(api: Api, attack_type) -> None:
    # 32 is severely wounded; the vest's 2 takes it down to badly injured.
    body = {"stkTotal": 32, "reductions": {"attackType": attack_type, "protection": [VEST, SHIELD]}}
    rest = api.post("/v1/neurosystem/attack", body)
    assert rest.status_code == 200, rest.text
    result = rest.json()["result"]
    assert (result["reductions"]["protectionUsed"], result["reductions"]["protection"]) == ("resonance shield", 3)
    assert gql.stateless(api, "attack", body)["result"] == result
    vest_only = api.post("/v1/neurosystem/attack", {**body, "reductions": {**body["reductions"], "protection": [VEST]}}).json()
    assert (vest_only["result"]["reductions"]["protection"], vest_only["result"]["hit"]) == (2, "badly-injured")


def test_rulebook_a_resonance_shield_takes_3_off_a_kinetic_weapon_unless_the_table_asks_for_every_tag(api: Api) -> None:
    body = {"stkTotal": 32, "reductions": {"attackType": "kinetic", "protection": [SHIELD]}}
    assert api.post("/v1/neurosystem/attack", body).json()["result"]["reductions"]["protection"] == 3
    strict = {**body, "reductions": {**body["reductions"], "protectionMatch": "attack-includes"}}
    assert api.post("/v1/neurosystem/attack", strict).json()["result"]["reductions"]["protection"] == 0
    for other in ("laser ranged", "kinetic melee"):
        other_body = {**body, "reductions": {**body["reductions"], "attackType": other}}
        assert api.post("/v1/neurosystem/attack", other_body).json()["result"]["reductions"]["protection"] == 0


@pytest.mark.parametrize(("match", "protection"), [("either-includes", 1), ("attack-includes", 0)])
def test_session_protection_matches_attack_tags_by_the_tables_rule(api: Api, match: str, protection: int) -> None:
    # Plate listing `kinetic ranged` meets an attack given only as `kinetic`; the ganger's vest lists `blade`.
    sid = _session(api, rules={"protectionMatch": match})
    _ok(api, sid, "add-nc", {"id": "cop", "name": "Cop", "protection": [{"name": "plate", "rating": 1, "against": ["kinetic ranged"]}]}, seat="gm")
    _ok(api, sid, "stk-check", {"character": "vex"})
    hit = _ok(api, sid, "attack", {"check": "check-1", "target": "cop", "situation": {"attackType": ["Kinetic"]}})
    assert hit["reductions"]["protection"] == protection
    _ok(api, sid, "stk-check", {"character": "vex"})
    over_graphql = gql.in_session(api, "attack", sid, {"check": "check-2", "target": "ganger", "situation": {"attackType": "Blade  Melee"}}, api.tokens["ana"])
    assert over_graphql["result"]["reductions"]["protectionUsed"] == "mesh vest"  # `blade` is on the attack either way


# -- what the text leaves open, as documented ---------------------------------------------------------


def test_the_destroyed_cap_comes_before_reductions_over_the_api(api: Api) -> None:
    # Dead with a check below 4 would be four worse: capped at destroyed, then 2 mitigation land dying.
    body = {"stkTotal": 2, "incoming": "dead", "reductions": {"mitigation": [2]}}
    result = api.post("/v1/neurosystem/defend", body).json()["result"]
    assert (result["shift"], result["afterCheck"], result["landed"], result["suffered"]) == (4, "destroyed", "dying", "dying")
    assert gql.stateless(api, "defend", body)["result"] == result


def test_an_attack_reduced_to_nothing_leaves_an_injured_ncs_track_over_the_api(api: Api) -> None:
    body = {"stkTotal": 20, "current": "wounded", "reductions": {"mitigation": [2]}}
    result = api.post("/v1/neurosystem/attack", body).json()["result"]
    assert (result["tableResult"], result["hit"], result["trackAfter"], result["movement"]) == ("badly-injured", None, "wounded", "none")
    sid = _session(api)
    _ok(api, sid, "add-nc", {"id": "punk", "name": "Punk", "damage": "wounded"}, seat="gm")
    _ok(api, sid, "stk-check", {"character": "vex", "bonuses": [{"name": "pinned", "value": 45}]})
    hit = _ok(api, sid, "attack", {"check": "check-1", "target": "punk", "situation": {"mitigation": [7]}})
    assert (hit["tableResult"], hit["hit"], hit["trackAfter"], hit["movement"]) == ("destroyed", None, "wounded", "none")
    assert _snapshot(api, sid)[1]["ncs"][1]["damage"] == "wounded"


def test_an_attack_that_misses_the_ncs_dn_still_deals_its_table_result(api: Api) -> None:
    sid = _session(api)
    _ok(api, sid, "add-nc", {"id": "wall", "name": "Wall", "stats": [{"name": "Defense", "value": 40}]}, seat="gm")
    # 3 dice of 8, 6 and 10 sides and +10 make 13 to 34: below the DN of 40, at least lightly injured on the table.
    checked = _ok(api, sid, "stk-check", {"character": "vex", "against": {"nc": "wall", "stat": "Defense"}, "bonuses": [{"name": "smartgun", "value": 10}]})
    hit = _ok(api, sid, "attack", {"check": "check-1", "target": "wall"})
    assert checked["outcome"] == hit["check"]["outcome"] == "failure" and hit["check"]["check"]["dn"] == 40
    assert hit["tableResult"] is not None and hit["trackAfter"] == hit["tableResult"] and hit["movement"] == "jumped"


def test_the_documents_state_the_choices_the_text_leaves_open(api: Api) -> None:
    schemas = api.get("/openapi.json").json()["components"]["schemas"]
    after_check = schemas["NeurosystemDefendResult"]["properties"]["afterCheck"]["description"]
    assert "destroyed" in after_check and "cap comes first" in after_check and "dying, not destroyed" in after_check
    table_result = schemas["NeurosystemAttackResult"]["properties"]["tableResult"]["description"]
    assert "whether or not the check met a DN" in table_result
    movement = schemas["NeurosystemAttackResult"]["properties"]["movement"]["description"]
    assert "reduced to nothing" in movement and "even on an injured NC" in movement
    described = {}
    for type_name in ("NeurosystemDefendResult", "NeurosystemAttackResult"):
        fields = api.gql_data('query T($n: String!) { __type(name: $n) { fields { name description } } }', {"n": type_name})
        described |= {f["name"]: f["description"] for f in fields["__type"]["fields"]}
    assert (described["afterCheck"], described["tableResult"], described["movement"]) == (after_check, table_result, movement)


@pytest.mark.parametrize(
    ("path", "body", "code"),
    [
        ("stk-check", {"style": "d7", "training": "d6", "knowledge": "d10"}, "neurosystem/unknown-die-size"),
        ("flat-check", {"category": "knowledge", "rating": "d20"}, "neurosystem/unknown-die-size"),
        ("stk-check", {"style": "d8", "training": "d6", "knowledge": "d10", "luck": 4, "luckPool": 3}, "neurosystem/not-enough-luck"),
        ("spend-luck", {"check": RECORD, "points": -1}, "validation-failed"),
        ("push", {"check": {**RECORD, "pushed": True}, "dice": ["style"]}, "neurosystem/already-pushed"),
        ("push", {"check": RECORD, "dice": ["style"], "resolve": 0}, "neurosystem/not-enough-resolve"),
        ("push", {"check": RECORD, "dice": ["luck-9"]}, "neurosystem/unknown-die"),
        ("defend", {"stkTotal": 10, "incoming": "scratched"}, "validation-failed"),
        ("attack", {"stkTotal": 30, "reductions": {"protection": [SHIELD]}}, "neurosystem/attack-type-needed"),
        ("attack", {"stkTotal": 30, "reductions": {"protection": [SHIELD], "attackType": "  "}}, "neurosystem/attack-type-needed"),
        ("attack", {"stkTotal": 30, "reductions": {"attackType": []}}, "validation-failed"),
        ("attack", {"stkTotal": 30, "reductions": {"attackType": [f"tag{n}" for n in range(11)]}}, "validation-failed"),
        ("attack", {"stkTotal": 30, "reductions": {"attackType": 7}}, "validation-failed"),
        ("death-measure", {"scenesDying": 1, "spendResolve": True, "resolve": 0}, "neurosystem/not-enough-resolve"),
    ],
)  # fmt: skip
def test_stateless_bad_input_is_a_422_with_the_rules_code(api: Api, path: str, body: dict, code: str) -> None:
    response = api.post(f"/v1/neurosystem/{path}", body)
    assert response.status_code == 422 and response.json()["code"] == code, response.text
    assert response.json()["detail"]


# -- a session: the table ---------------------------------------------------------------------------


def test_setup_builds_the_table_with_its_rules(api: Api) -> None:
    rules = {"resolveLimit": "push-and-push-through", "protectionMatch": "attack-includes"}
    sid = _session(api, rules=rules, scene=3)
    _, state = _snapshot(api, sid)
    assert (state["scene"], state["luck"], state["rules"]) == (3, 3, rules)
    vex = state["characters"][0]
    assert (vex["resolve"], vex["resolveMax"], vex["apathy"], vex["dissonance"], vex["negativeStates"]) == (2, 2, 0, 0, [])
    assert state["ncs"][0]["damage"] is None and state["openChecks"] == []
    default = _snapshot(api, _session(api))[1]
    assert default["rules"] == {"resolveLimit": "one-per-check", "protectionMatch": "either-includes"}


def test_a_setup_with_an_unknown_die_size_creates_nothing(api: Api) -> None:
    bad = _setup(characters=[_character(stats=[{"category": "style", "name": "Cool", "rating": "d7"}])])
    response = api.post("/v1/sessions", {"system": "neurosystem", "seats": SEATS, "setup": bad})
    assert response.status_code == 422 and response.json()["code"] == "neurosystem/unknown-die-size"


def test_a_session_stk_check_opens_with_an_id_and_takes_luck_push_and_apply(api: Api) -> None:
    sid = _session(api)
    opened = _ok(api, sid, "stk-check", {"character": "vex", "against": {"nc": "ganger", "stat": "Defense"}, "luck": 1})
    assert (opened["id"], opened["status"], opened["character"], opened["check"]["dn"]) == ("check-1", "open", "vex", 12)
    assert [(d["id"], d["name"], d["rating"]) for d in opened["check"]["dice"]] == [
        ("style", "Cool", "d8"), ("training", "Firearms", "d6"), ("knowledge", "Streets", "d10"), ("luck-1", None, "d8"),
    ]  # fmt: skip
    assert opened["luckLeft"] == 2
    lucky = _ok(api, sid, "spend-luck", {"check": "check-1", "points": 2})
    assert lucky["luckDice"] == 3 and lucky["luckLeft"] == 0
    pushed = _ok(api, sid, "push", {"check": "check-1", "dice": ["style", "luck-3"]})
    assert pushed["check"]["pushed"] and pushed["resolveLeft"] == 1
    assert pushed["total"] == sum(d["face"] for d in pushed["check"]["dice"])
    applied = _ok(api, sid, "apply-check", {"check": "check-1"})
    assert applied["status"] == "applied" and applied["total"] == pushed["total"]
    _, state = _snapshot(api, sid)
    assert state["openChecks"] == [] and state["luck"] == 0 and state["characters"][0]["resolve"] == 1
    log = api.get(f"/v1/sessions/{sid}/log", token=api.tokens["gm"]).json()["entries"]
    assert [e["action"] for e in log] == [f"neurosystem/{n}" for n in ("stk-check", "spend-luck", "push", "apply-check")]
    assert [len(e["audit"]["draws"]) if e["audit"] else 0 for e in log] == [4, 2, 2, 0]


def test_bad_session_actions_are_refused_and_change_nothing(api: Api) -> None:
    sid = _session(api)
    _refused(api, sid, "add-character", _character("kit", stats=[{"category": "style", "name": "Cool", "rating": "d20"}]), 422, "neurosystem/unknown-die-size", seat="gm")
    _ok(api, sid, "stk-check", {"character": "vex", "dn": 10})
    _refused(api, sid, "spend-luck", {"check": "check-1", "points": -1}, 422, "validation-failed")
    _refused(api, sid, "spend-luck", {"check": "check-1", "points": 4}, 409, "neurosystem/not-enough-luck")
    _ok(api, sid, "push", {"check": "check-1", "dice": ["knowledge"]})
    _refused(api, sid, "push", {"check": "check-1", "dice": ["style"]}, 409, "neurosystem/already-pushed")
    _ok(api, sid, "apply-check", {"check": "check-1"})
    _refused(api, sid, "push", {"check": "check-1", "dice": ["style"]}, 409, "neurosystem/check-already-applied")
    _refused(api, sid, "spend-luck", {"check": "check-1", "points": 1}, 409, "neurosystem/check-already-applied")
    _refused(api, sid, "push", {"check": "check-9", "dice": ["style"]}, 404, "neurosystem/unknown-check")
    _ok(api, sid, "set-resolve", {"character": "vex", "resolve": 0}, seat="gm")
    _ok(api, sid, "stk-check", {"character": "vex", "dn": 10})
    _refused(api, sid, "push", {"check": "check-2", "dice": ["style"]}, 409, "neurosystem/not-enough-resolve")
    _refused(api, sid, "stk-check", {"character": "nobody"}, 404, "neurosystem/unknown-character")
    _refused(api, sid, "stk-check", {"character": "vex", "style": "Charm"}, 422, "neurosystem/unknown-stat")
    _refused(api, sid, "flat-check", {"character": "vex", "category": "style", "stat": "Cool"} | {"equipmentBonus": 11}, 422, "validation-failed")


def test_graphql_refusals_carry_the_same_codes_and_change_nothing(api: Api) -> None:
    sid = _session(api)
    token = api.tokens["ana"]
    gql.in_session(api, "stk-check", sid, {"character": "vex", "dn": 10}, token)
    gql.in_session(api, "push", sid, {"check": "check-1", "dice": ["style"]}, token)
    before = _snapshot(api, sid)
    error = gql.error_in_session(api, "push", sid, {"check": "check-1", "dice": ["style"]}, token)
    assert error["extensions"]["code"] == "neurosystem/already-pushed"
    error = gql.error_in_session(api, "spend-luck", sid, {"check": "check-1", "points": 9}, token)
    assert error["extensions"]["code"] == "neurosystem/not-enough-luck"
    assert _snapshot(api, sid) == before


@pytest.mark.parametrize(("limit", "status"), [("one-per-check", 409), ("push-and-push-through", 200)])
def test_session_resolve_limit_rule_decides_push_through_after_a_push(api: Api, limit: str, status: int) -> None:
    sid = _session(api, rules={"resolveLimit": limit}, characters=[_character(negativeStates=TROUBLED)])
    checked = _ok(api, sid, "stk-check", {"character": "vex", "dn": 10})
    assert checked["badShit"] and checked["canPushThrough"] and checked["check"]["negativeStates"] == 12
    _ok(api, sid, "push", {"check": "check-1", "dice": ["style"]})
    if status == 409:
        _refused(api, sid, "push-through", {"check": "check-1"}, 409, "neurosystem/resolve-limit")
        assert _snapshot(api, sid)[1]["characters"][0]["resolve"] == 1
    else:
        through = _ok(api, sid, "push-through", {"check": "check-1"})
        assert through["coolShit"] and not through["badShit"] and through["resolveLeft"] == 0


@pytest.mark.parametrize(("limit", "status"), [("one-per-check", 409), ("push-and-push-through", 200)])
def test_session_resolve_limit_rule_decides_a_push_after_a_push_through(api: Api, limit: str, status: int) -> None:
    sid = _session(api, rules={"resolveLimit": limit}, characters=[_character(negativeStates=TROUBLED)])
    _ok(api, sid, "stk-check", {"character": "vex", "dn": 10})
    _ok(api, sid, "push-through", {"check": "check-1"})
    if status == 409:
        _refused(api, sid, "push", {"check": "check-1", "dice": ["style"]}, 409, "neurosystem/resolve-limit")
    else:
        assert _ok(api, sid, "push", {"check": "check-1", "dice": ["style"]})["resolveLeft"] == 0


def test_a_flat_check_in_a_session_takes_a_push_through_but_no_luck_or_push(api: Api) -> None:
    sid = _session(api, characters=[_character(negativeStates=TROUBLED)])
    flat = _ok(api, sid, "flat-check", {"character": "vex", "category": "training"})
    assert flat["check"]["kind"] == "flat" and flat["check"]["dice"][0]["name"] == "Firearms" and flat["badShit"]
    _refused(api, sid, "spend-luck", {"check": flat["id"], "points": 1}, 422, "neurosystem/flat-check-no-luck")
    _refused(api, sid, "push", {"check": flat["id"], "dice": ["training"]}, 422, "neurosystem/flat-check-no-push")
    _refused(api, sid, "attack", {"check": flat["id"], "target": "ganger"}, 422, "neurosystem/stk-check-needed")
    assert _ok(api, sid, "push-through", {"check": flat["id"]})["coolShit"]


def test_session_combat_moves_the_nc_track_and_the_characters_states(api: Api) -> None:
    sid = _session(api)
    _ok(api, sid, "stk-check", {"character": "vex", "bonuses": [{"name": "smartgun", "value": 30}]})
    hit = _ok(api, sid, "attack", {"check": "check-1", "target": "ganger", "situation": {"attackType": "blade", "range": {"ideal": 1, "distance": 1}}})
    assert hit["check"]["status"] == "applied" and hit["reductions"]["protectionUsed"] == "mesh vest"
    track = _snapshot(api, sid)[1]["ncs"][0]["damage"]
    assert track == hit["trackAfter"] and hit["nc"] == "ganger"
    _ok(api, sid, "stk-check", {"character": "vex", "bonuses": [{"name": "cover", "value": -5}]})
    defended = _ok(api, sid, "defend", {"check": "check-2", "attacker": "ganger"})
    assert defended["incoming"] == "wounded" and defended["character"] == "vex"
    state = _snapshot(api, sid)[1]
    assert state["characters"][0]["negativeStates"] == defended["negativeStates"]
    assert (defended["suffered"] is None) == (defended["landedSeverity"] == 0)
    _refused(api, sid, "defend", {"check": "check-2", "incoming": "wounded"}, 409, "neurosystem/check-already-applied")


def test_rulebook_nc_track_examples_in_a_session(api: Api) -> None:
    sid = _session(api)
    _ok(api, sid, "add-nc", {"id": "punk", "name": "Punk", "damage": "badly-injured"}, seat="gm")
    # +45 puts any roll above 44 (destroyed); mitigation then pins the category whatever the dice.
    pinned = [{"name": "pinned", "value": 45}]
    _ok(api, sid, "stk-check", {"character": "vex", "bonuses": pinned})
    light = _ok(api, sid, "attack", {"check": "check-1", "target": "punk", "situation": {"mitigation": [6]}})
    assert (light["tableResult"], light["hit"], light["trackBefore"]) == ("destroyed", "lightly-injured", "badly-injured")
    assert (light["trackAfter"], light["movement"]) == ("wounded", "escalated")
    _ok(api, sid, "stk-check", {"character": "vex", "bonuses": pinned})
    dying = _ok(api, sid, "attack", {"check": "check-2", "target": "punk", "situation": {"mitigation": [2]}})
    assert (dying["hit"], dying["trackAfter"], dying["movement"]) == ("dying", "dying", "jumped")
    assert _snapshot(api, sid)[1]["ncs"][1]["damage"] == "dying"
    _ok(api, sid, "stk-check", {"character": "vex", "bonuses": [{"name": "pinned", "value": -50}]})
    missed = _ok(api, sid, "attack", {"check": "check-3", "target": "punk"})
    assert (missed["tableResult"], missed["trackAfter"], missed["movement"]) == (None, "dying", "none")
    _ok(api, sid, "take-damage", {"character": "vex", "category": "badly-injured"}, seat="gm")
    _ok(api, sid, "take-damage", {"character": "vex", "category": "wounded"}, seat="gm")
    again = _ok(api, sid, "take-damage", {"character": "vex", "category": "badly-injured"}, seat="gm")
    assert again["suffered"] == "severely-wounded"
    assert again["negativeStates"] == ["badly-injured", "wounded", "severely-wounded"]


def test_dying_scenes_and_death_measures_in_a_session(api: Api) -> None:
    sid = _session(api, characters=[_character(negativeStates=["dying"], resolve=1), _character("kit", controller=None)])
    measured = _ok(api, sid, "death-measure", {"character": "vex", "spendResolve": True})
    assert measured["autoWon"] and measured["scenesDying"] == 1 and measured["resolveLeft"] == 0
    _refused(api, sid, "death-measure", {"character": "vex"}, 409, "neurosystem/already-measured")
    _refused(api, sid, "death-measure", {"character": "kit"}, 409, "neurosystem/not-dying", seat="bo")
    ended = _ok(api, sid, "end-scene", {}, seat="gm")
    assert ended["deathMeasures"] == [] and ended["scene"] == 2
    assert [(r["character"], r["resolve"]) for r in ended["resolve"]] == [("vex", 1), ("kit", 2)]
    ended = _ok(api, sid, "end-scene", {}, seat="gm")
    measure = ended["deathMeasures"][0]
    assert measure["scenesDying"] == 2 and len(measure["measure"]["dice"]) == 8 and measure["measure"]["against"] == 2
    vex = _snapshot(api, sid)[1]["characters"][0]
    assert (vex["scenesDying"], vex["deathSpan"]) == (2, measure["spanTotal"])


def test_the_dead_regain_no_resolve_at_a_scene_end_over_rest_and_graphql(api: Api) -> None:
    sid = _session(api, characters=[_character(negativeStates=["dead"], resolve=0), _character("kit", resolve=0)])
    ended = _ok(api, sid, "end-scene", {}, seat="gm")
    assert [(r["character"], r["resolve"]) for r in ended["resolve"]] == [("vex", 0), ("kit", 1)]
    again = gql.in_session(api, "end-scene", sid, {}, api.tokens["gm"])["result"]
    assert [(r["character"], r["resolve"]) for r in again["resolve"]] == [("vex", 0), ("kit", 2)]
    assert [c["resolve"] for c in _snapshot(api, sid)[1]["characters"]] == [0, 2]


def test_apathy_dissonance_and_cyberspace_in_a_session(api: Api) -> None:
    sid = _session(api)
    assert _ok(api, sid, "gain-apathy", {"character": "vex"}, seat="gm")["value"] == 1
    assert _ok(api, sid, "gain-dissonance", {"character": "vex"}, seat="gm")["value"] == 1
    entered = _ok(api, sid, "enter-cyberspace", {"character": "vex", "space": "avi"})
    assert (entered["counter"], entered["value"], entered["cyberspace"]) == ("dissonance", 2, "avi")
    _refused(api, sid, "enter-cyberspace", {"character": "vex", "space": "avi"}, 409, "neurosystem/already-in-cyberspace")
    assert _ok(api, sid, "enter-cyberspace", {"character": "vex", "space": "vri"})["value"] == 3
    assert _ok(api, sid, "leave-cyberspace", {"character": "vex"})["cyberspace"] is None
    _refused(api, sid, "leave-cyberspace", {"character": "vex"}, 409, "neurosystem/not-in-cyberspace")
    _refused(api, sid, "gain-apathy", {"character": "vex"}, 403, "forbidden")


def test_the_narrator_runs_the_table_and_players_their_own_characters(api: Api) -> None:
    sid = _session(api)
    _refused(api, sid, "set-luck", {"luck": 9}, 403, "forbidden")
    _refused(api, sid, "stk-check", {"character": "vex"}, 403, "forbidden", seat="bo")
    assert _ok(api, sid, "set-luck", {"luck": 9}, seat="gm") == {"luck": 9}
    spectator = _act(api, sid, "stk-check", {"character": "vex"}, seat="eye")
    assert spectator.status_code == 403
    _ok(api, sid, "stk-check", {"character": "vex"}, seat="gm")


# -- every session mechanic over GraphQL, then the whole log replays ---------------------------------


def test_every_session_mechanic_over_graphql_and_every_logged_roll_verifies(api: Api) -> None:
    created = api.create_session("neurosystem", SEATS, setup=_setup(characters=[_character(negativeStates=TROUBLED)]))
    sid = created["session"]["id"]
    gm, ana = api.tokens["gm"], api.tokens["ana"]
    steps = [
        ("add-character", _character("kit", controller=None, protection=[SHIELD]), gm),
        ("add-nc", {"id": "drone", "name": "Drone", "mechanical": True, "stats": [{"name": "Evasion", "value": 9}]}, gm),
        ("set-luck", {"luck": 5}, gm),
        ("set-resolve", {"character": "vex", "resolveMax": 3, "resolve": 3}, gm),
        ("stk-check", {"character": "vex", "against": {"nc": "drone", "stat": "Evasion"}}, ana),
        ("spend-luck", {"check": "check-1", "points": 1}, ana),
        ("push", {"check": "check-1", "dice": ["style", "luck-1"]}, ana),
        ("apply-check", {"check": "check-1"}, ana),
        ("flat-check", {"character": "vex", "category": "knowledge"}, ana),
        ("push-through", {"check": "check-2"}, ana),
        ("stk-check", {"character": "vex", "dn": 5}, ana),
        ("attack", {"check": "check-3", "target": "drone", "situation": {"mitigation": [1]}}, ana),
        ("stk-check", {"character": "kit"}, ana),
        # Below 4 adds at most four categories: 1 + 4 - shield 3 - mitigation 2 lands nothing, whatever the dice.
        ("defend", {"check": "check-4", "incoming": "lightly-injured", "situation": {"attackType": "kinetic ranged", "mitigation": [2]}}, ana),
        ("take-damage", {"character": "kit", "category": "dying"}, gm),
        ("stat-measure", {"diceFrom": {"character": "vex", "value": "negative-states"}, "against": 4}, ana),
        ("death-measure", {"character": "kit"}, gm),
        ("gain-apathy", {"character": "vex"}, gm),
        ("gain-dissonance", {"character": "vex"}, gm),
        ("enter-cyberspace", {"character": "vex", "space": "vri"}, ana),
        ("leave-cyberspace", {"character": "vex"}, ana),
        ("add-negative-state", {"character": "vex", "state": "deep cold"}, gm),
        ("remove-negative-state", {"character": "vex", "state": "Deep Cold"}, gm),
        ("stk-check", {"character": "vex"}, ana),
        ("end-scene", {}, gm),
        ("remove-nc", {"nc": "drone"}, gm),
        ("remove-character", {"character": "kit"}, gm),
    ]
    names = {name for name, _, _ in steps}
    from service.systems import REGISTRY

    assert names == {m.name for m in REGISTRY.mechanics.values() if m.system == "neurosystem" and m.apply}
    for seq, (name, body, token) in enumerate(steps):
        answer = gql.in_session(api, name, sid, body, token)
        assert answer["seq"] == seq, name
    end = api.get(f"/v1/sessions/{sid}", token=gm).json()
    assert end["state"]["scene"] == 2 and end["state"]["openChecks"] == []
    assert [c["id"] for c in end["state"]["characters"]] == ["vex"] and end["state"]["ncs"][0]["id"] == "ganger"

    closed = api.post(f"/v1/sessions/{sid}/close", token=gm)
    assert closed.status_code == 200, closed.text
    seed = closed.json()["seeds"][0]["seed"]
    entries = api.get(f"/v1/sessions/{sid}/log", token=gm, params={"limit": 100}).json()["entries"]
    audited = [e for e in entries if e["audit"]]
    assert {e["action"] for e in audited} >= {f"neurosystem/{n}" for n in ("stk-check", "spend-luck", "push", "flat-check", "stat-measure", "death-measure")}
    for entry in audited:
        verdict = api.post("/v1/verify", {"record": entry["audit"], "seed": seed}).json()
        assert verdict["match"] and verdict["checked"] == len(entry["audit"]["draws"]), entry["action"]
