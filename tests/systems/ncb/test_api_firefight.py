"""A whole Night City firefight through the API: refusals that change nothing, audit and replay."""

from __future__ import annotations

from support.api import Api

from service.dice.stream import Stream, commitment
from service.registry import Actor
from service.systems import REGISTRY
from service.sessions.seeds import session_scope
from service.systems.ncb.setup import NcbSetup, first_state

from .sheets import SETUP

SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana"}, {"name": "rook", "role": "spectator"}]


def new_table(api: Api, client_seed: str = "") -> str:
    return api.create_session("ncb", SEATS, setup=SETUP, client_seed=client_seed)["session"]["id"]


def snapshot(api: Api, sid: str) -> tuple[int, dict]:
    view = api.get(f"/v1/sessions/{sid}", token=api.tokens["gm"]).json()
    return view["version"], view["state"]


def post(api: Api, sid: str, name: str, body: dict, seat: str = "gm"):
    return api.post(f"/v1/sessions/{sid}/ncb/{name}", body, token=api.tokens[seat])


def ok(api: Api, sid: str, name: str, body: dict, seat: str = "gm") -> dict:
    response = post(api, sid, name, body, seat)
    assert response.status_code == 200, response.text
    return response.json()["result"]


def refused(api: Api, sid: str, name: str, body: dict, seat: str, status: int, code: str) -> dict:
    """The action is refused with `status` and `code`, and the session stays exactly as it was."""
    before = snapshot(api, sid)
    response = post(api, sid, name, body, seat)
    assert response.status_code == status and response.json()["code"] == code, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert snapshot(api, sid) == before
    return response.json()


# -- the bad inputs ------------------------------------------------------------------------


def test_a_level_21_character_is_refused_and_changes_nothing(api: Api) -> None:
    sid = new_table(api)
    problem = refused(
        api,
        sid,
        "add-combatant",
        {"combatant": {"id": "adam", "name": "Adam Smasher", "level": 21, "maxHp": 200}},
        "gm",
        422,
        "validation-failed",
    )
    assert "level" in problem["detail"] and "20" in problem["detail"]


def test_a_4d12_weapon_is_refused_and_changes_nothing(api: Api) -> None:
    sid = new_table(api)
    cannon = {"name": "Hand cannon", "damageDice": "4d12", "heavy": True}
    problem = refused(
        api, sid, "attack", {"attacker": "v", "target": "goon", "weapon": cannon}, "ana", 422, "ncb/weapon-out-of-band"
    )
    assert "4d12" in problem["detail"] and "2d10" in problem["detail"]
    refused(
        api,
        sid,
        "add-combatant",
        {"combatant": {"id": "adam", "name": "Adam", "maxHp": 90, "weapons": [cannon]}},
        "gm",
        422,
        "ncb/weapon-out-of-band",
    )


def test_an_attack_by_a_flatlined_character_is_refused_and_changes_nothing(api: Api) -> None:
    sid = new_table(api)
    hit = ok(api, sid, "damage", {"target": "v", "amount": 38, "kind": "environmental"})
    assert hit["outcome"]["result"] == "flatlined" and hit["outcome"]["cause"] == "massive-damage"
    problem = refused(
        api, sid, "attack", {"attacker": "v", "target": "goon", "weaponName": "Unity"}, "ana", 409, "ncb/cannot-act"
    )
    assert problem["condition"] == "flatlined" and "flatlined" in problem["detail"]


def test_a_seventh_chrome_in_a_six_slot_body_is_refused_and_changes_nothing(api: Api) -> None:
    sid = new_table(api)
    for n in range(5):  # V already carries a Kerenzikov
        ok(api, sid, "install-chrome", {"combatant": "v", "implant": {"name": f"implant {n}", "capacity": 0}}, "ana")
    problem = refused(
        api,
        sid,
        "install-chrome",
        {"combatant": "v", "implant": {"name": "seventh", "capacity": 0}},
        "ana",
        409,
        "ncb/chrome-slots-full",
    )
    assert problem["slots"] == 6 and problem["slotsUsed"] == 6


def test_refusals_carry_the_rule_code_over_graphql_too(api: Api) -> None:
    sid = new_table(api)
    before = snapshot(api, sid)
    error = api.mechanic_error(
        "ncb", "install-chrome", {"combatant": "v", "implant": {"name": "Kerenzikov"}}, "version", session=sid, token=api.tokens["ana"]
    )
    assert error["extensions"]["code"] == "ncb/chrome-duplicate" and error["extensions"]["status"] == 409
    assert snapshot(api, sid) == before


# -- turns and the action economy ------------------------------------------------------------------


def test_out_of_turn_actions_and_double_spending_are_refused_and_change_nothing(api: Api) -> None:
    sid = new_table(api)
    ok(api, sid, "start-combat", {"participants": ["v", "goon"]})
    current = snapshot(api, sid)[1]["combat"]["current"]
    other = "goon" if current == "v" else "v"
    seat = {"v": "ana", "goon": "gm"}
    weapon = {"v": "Unity", "goon": "Knife"}
    refused(
        api,
        sid,
        "attack",
        {"attacker": other, "target": current, "weaponName": weapon[other]},
        seat[other],
        409,
        "ncb/not-your-turn",
    )
    refused(api, sid, "end-turn", {"combatant": other}, "gm", 409, "ncb/not-your-turn")
    ok(api, sid, "take-action", {"combatant": current, "action": "dodge"}, seat[current])
    refused(
        api,
        sid,
        "attack",
        {"attacker": current, "target": other, "weaponName": weapon[current]},
        seat[current],
        409,
        "ncb/action-used",
    )
    ok(api, sid, "take-action", {"combatant": current, "slot": "bonus-action", "action": "hide"}, seat[current])
    refused(
        api,
        sid,
        "take-action",
        {"combatant": current, "slot": "bonus-action"},
        seat[current],
        409,
        "ncb/bonus-action-used",
    )
    ok(api, sid, "move", {"combatant": current, "feet": 30}, seat[current])
    refused(api, sid, "move", {"combatant": current, "feet": 5}, seat[current], 409, "ncb/movement-exhausted")
    ok(
        api,
        sid,
        "attack",
        {"attacker": other, "target": current, "weaponName": weapon[other], "economy": "reaction"},
        seat[other],
    )
    refused(api, sid, "take-action", {"combatant": other, "slot": "reaction"}, seat[other], 409, "ncb/reaction-used")
    refused(api, sid, "start-combat", {}, "gm", 409, "ncb/combat-running")


def test_seats_act_only_within_their_role(api: Api) -> None:
    sid = new_table(api)
    refused(api, sid, "start-combat", {}, "ana", 403, "forbidden")
    refused(api, sid, "damage", {"target": "goon", "amount": 3}, "ana", 403, "forbidden")
    refused(api, sid, "attack", {"attacker": "goon", "target": "v", "weaponName": "Knife"}, "ana", 403, "forbidden")
    refused(api, sid, "d20-test", {"combatant": "v", "dv": 10}, "rook", 403, "forbidden")
    refused(
        api,
        sid,
        "attack",
        {"attacker": "v", "target": "nobody", "weaponName": "Unity"},
        "ana",
        404,
        "ncb/unknown-combatant",
    )
    refused(
        api,
        sid,
        "attack",
        {"attacker": "v", "target": "goon", "weaponName": "Katana"},
        "ana",
        404,
        "ncb/unknown-weapon",
    )


def test_setup_breaking_a_rule_creates_no_session(api: Api) -> None:
    body = {
        "system": "ncb",
        "seats": SEATS,
        "setup": {"combatants": [{"id": "kid", "name": "Kid", "maxHp": 8, "subclass": "Solo"}]},
    }
    response = api.post("/v1/sessions", body)
    assert response.status_code == 422 and response.json()["code"] == "ncb/subclass-too-early"
    bad_rules = {**body, "setup": {"rules": {"deathSaveDv": 25}}}
    assert api.post("/v1/sessions", bad_rules).json()["code"] == "validation-failed"


# -- a whole firefight, then audit and replay -------------------------------------------------------

WEAPON = {"v": "Unity", "jackie": "La Chingona", "goon": "Knife"}
FOE = {"v": "goon", "jackie": "goon", "goon": "v"}
SEAT = {"v": "ana", "jackie": "gm", "goon": "gm"}


def fight_it_out(api: Api, sid: str, turns: int = 12) -> None:
    """Everyone attacks their foe on their turn; the dying roll death saves; turns end."""
    ok(api, sid, "start-combat", {})
    for _ in range(turns):
        state = snapshot(api, sid)[1]
        if state["combat"] is None:
            return
        me = state["combat"]["current"]
        combatant = state["combatants"][me]
        foe = state["combatants"][FOE[me]]
        if combatant["condition"] == "dying":
            ok(api, sid, "death-save", {"combatant": me}, SEAT[me])
        elif combatant["condition"] == "up" and foe["condition"] not in ("flatlined", "annihilated"):
            ok(api, sid, "move", {"combatant": me, "feet": 10}, SEAT[me])
            ok(api, sid, "attack", {"attacker": me, "target": FOE[me], "weaponName": WEAPON[me]}, SEAT[me])
        ok(api, sid, "end-turn", {"combatant": me}, SEAT[me])


def test_a_firefight_is_logged_verifiable_and_replays_to_the_same_state(api: Api) -> None:
    sid = new_table(api, client_seed="afterlife")
    fight_it_out(api, sid)
    if snapshot(api, sid)[1]["combat"] is not None:
        ok(api, sid, "end-combat", {"note": "the goon is down"})
    ok(api, sid, "gm-adjust", {"combatant": "jackie", "hp": 0})
    helper = "v" if snapshot(api, sid)[1]["combatants"]["v"]["condition"] == "up" else None
    if helper:
        ok(api, sid, "stabilize", {"helper": "v", "target": "jackie", "method": "med-patch"}, "ana")
    ok(
        api,
        sid,
        "eddies",
        {"combatant": "jackie", "kind": "service", "amount": 3000, "creditor": "Trauma Team", "reason": "rescue"},
    )
    ok(api, sid, "heal", {"target": "jackie", "dice": "2d4+2"})
    ok(api, sid, "short-rest", {"combatant": "jackie", "spend": 1})
    final_version, final_state = snapshot(api, sid)

    closed = api.post(f"/v1/sessions/{sid}/close", token=api.tokens["gm"])
    assert closed.status_code == 200, closed.text
    seed = closed.json()["seeds"][0]["seed"]
    view = api.get(f"/v1/sessions/{sid}", token=api.tokens["gm"]).json()
    assert commitment(seed) == view["seeds"][0]["seedCommitment"]

    entries, cursor = [], None
    while True:
        params = {"limit": "200"} | ({"cursor": cursor} if cursor else {})
        page = api.get(f"/v1/sessions/{sid}/log", token=api.tokens["gm"], params=params).json()
        entries += page["entries"]
        cursor = page["nextCursor"]
        if cursor is None:
            break
    actions = [e for e in entries if e["action"].startswith("ncb/")]
    assert len(actions) == final_version - 1 and {"ncb/start-combat", "ncb/attack", "ncb/end-turn"} <= {
        e["action"] for e in actions
    }

    # Every logged draw recomputes from the revealed seed.
    audited = [e for e in actions if e["audit"]]
    assert audited
    for entry in audited:
        verdict = api.post("/v1/verify", {"record": entry["audit"], "seed": seed}).json()
        assert verdict["match"] is True and verdict["checked"] == len(entry["audit"]["draws"])

    # Replaying the log from the initial state reproduces the final state exactly.
    seats = {seat["id"]: seat for seat in view["seats"]}
    state = first_state(NcbSetup.model_validate(SETUP))
    for entry in actions:
        mechanic = REGISTRY.mechanics[entry["action"]]
        params = (mechanic.session_input or mechanic.input).model_validate(entry["input"])
        nonce = entry["audit"]["nonce"] if entry["audit"] else -1
        stream = Stream(seed=seed, scope=session_scope(sid, 0), nonce=nonce, client_seed="afterlife")
        seat = seats[entry["seat"]]
        state, _ = mechanic.apply(state, params, stream, Actor(seat["id"], seat["name"], seat["role"]))
        if entry["audit"]:
            assert [{"sides": d.sides, "face": d.face} for d in stream.draws] == entry["audit"]["draws"]
        else:
            assert stream.draws == []
    assert state == final_state


def test_an_idempotent_retry_spends_no_new_dice(api: Api) -> None:
    sid = new_table(api)
    body = {"attacker": "v", "target": "goon", "weaponName": "Unity"}
    headers = {"Idempotency-Key": "shot-1", "Authorization": f"Bearer {api.tokens['ana']}"}
    first = api.client.post(f"/v1/sessions/{sid}/ncb/attack", json=body, headers=headers).json()
    again = api.client.post(f"/v1/sessions/{sid}/ncb/attack", json=body, headers=headers).json()
    assert first == again and snapshot(api, sid)[0] == first["version"]


# -- refusals in the right order, and the ids they name --------------------------------------------


def test_stabilizing_someone_not_dying_is_not_dying_even_after_the_action_and_changes_nothing(api: Api) -> None:
    sid = new_table(api)
    ok(api, sid, "start-combat", {"participants": ["v", "jackie"]})
    current = snapshot(api, sid)[1]["combat"]["current"]
    other = "jackie" if current == "v" else "v"
    ok(api, sid, "take-action", {"combatant": current, "action": "dodge"})
    body = {"helper": current, "target": other, "method": "med-patch"}
    problem = refused(api, sid, "stabilize", body, "gm", 409, "ncb/not-dying")
    assert "up" in problem["detail"]


def test_a_combatant_attacking_itself_is_refused_and_changes_nothing(api: Api) -> None:
    sid = new_table(api)
    body = {"attacker": "v", "target": "v", "weaponName": "Unity"}
    problem = refused(api, sid, "attack", body, "ana", 422, "ncb/self-attack")
    assert problem["title"] == "A combatant cannot attack itself"


def test_start_combat_with_an_id_twice_is_a_422_naming_it_and_changes_nothing(api: Api) -> None:
    sid = new_table(api)
    problem = refused(api, sid, "start-combat", {"participants": ["v", "goon", "v"]}, "gm", 422, "validation-failed")
    assert "'v' is listed twice" in problem["detail"] and problem["errors"][0]["loc"] == ["body", "participants"]


def test_stateless_initiative_with_an_id_twice_is_a_422_naming_it(api: Api) -> None:
    body = {"participants": [{"id": "v", "bonus": 5}, {"id": "goon"}, {"id": "v"}]}
    response = api.post("/v1/ncb/initiative", body)
    assert response.status_code == 422 and response.json()["code"] == "validation-failed", response.text
    assert "'v' is listed twice" in response.json()["detail"]
    error = api.mechanic_error("ncb", "initiative", body)
    assert error["extensions"]["status"] == 422 and "'v' is listed twice" in error["message"]


def test_the_heal_amount_is_documented_as_healing(api: Api) -> None:
    schemas = api.get("/openapi.json").json()["components"]["schemas"]
    for name in ("NcbHealRequest", "NcbHealAction"):
        amount = schemas[name]["properties"]["amount"]["description"]
        assert "hit points restored" in amount and "damage" not in amount, name
        assert "if" in schemas[name] and "else" in schemas[name]  # exactly one of amount and dice, as if/then/else
    assert "damage" in schemas["NcbDamageRequest"]["properties"]["amount"]["description"]
    query = '{ __type(name: "NcbHealActionInput") { inputFields { name description } } }'
    fields = {f["name"]: f["description"] for f in api.gql_data(query)["__type"]["inputFields"]}
    assert "hit points restored" in fields["amount"] and "damage" not in fields["amount"]
