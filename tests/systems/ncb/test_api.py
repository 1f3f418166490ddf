"""Every NCB mechanic over REST and GraphQL, stateless and in a session, on both stores."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from support.api import Api, mechanic_field, pascal

from service.dice.stream import Stream
from service.systems import REGISTRY

from .sheets import SETUP


def project(full: Any, shape: Any) -> Any:
    """The part of `full` that has the shape of a GraphQL answer (its selected fields)."""
    if isinstance(shape, dict):
        return {key: project(full[key], value) for key, value in shape.items()}
    if isinstance(shape, list):
        return [project(f, s) for f, s in zip(full, shape, strict=True)]
    return full


# -- stateless -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stateless:
    name: str
    body: dict
    selection: str
    check: Callable[[dict], bool] = lambda result: True
    random: bool = True  # draws: takes `seed` and answers an audit record; else deterministic


PISTOL = {"name": "Unity", "damageDice": "2d6", "techBonus": 1, "tags": ["armor-penetration"]}
STATELESS = [
    Stateless(
        "d20-test",
        {"modifier": 4, "dv": 14, "advantage": True},
        "roll { faces natural total success outcome }",
        lambda r: len(r["roll"]["faces"]) == 2 and r["roll"]["natural"] == max(r["roll"]["faces"]),
    ),
    Stateless(
        "ability-scores",
        {"abilities": {"dexterity": 22, "intelligence": 16}, "level": 9, "programDcBonus": 1},
        "modifiers { dexterity intelligence } proficiencyBonus subclassAvailable programSaveDc",
        lambda r: (r["modifiers"]["dexterity"], r["proficiencyBonus"], r["programSaveDc"]) == (6, 4, 8 + 4 + 3 + 1),
        random=False
    ),
    Stateless(
        "initiative",
        {"participants": [{"id": "v", "bonus": 5}, {"id": "goon", "bonus": 0}]},
        "order { id total faces bonus }",
        lambda r: r["order"][0]["total"] >= r["order"][1]["total"],
    ),
    Stateless(
        "level-up",
        {"level": 4, "hp": 30, "maxHp": 30, "hitDie": 10, "constitution": 14, "method": "roll"},
        "level hpFace hpGain maxHp proficiencyBonus",
        lambda r: r["level"] == 5 and r["hpGain"] == r["hpFace"] + 2 and r["proficiencyBonus"] == 3,
    ),
    Stateless(
        "attack",
        {
            "attacker": {"dexterity": 16, "level": 5},
            "weapon": PISTOL,
            "target": {"armorClass": 13, "armor": "heavy", "hp": 30, "maxHp": 30},
        },
        "hit critical tags attack { total faces modifier } "
        "damage { total formula roll { text } } outcome { raw dealt result }",
        lambda r: r["attack"]["modifier"] == 3 + 1 + 3 and r["tags"] == ["armor-penetration"],
    ),
    Stateless(
        "damage",
        {"target": {"hp": 10, "maxHp": 10, "armor": "heavy"}, "dice": "2d6+4"},
        "roll { total } outcome { raw dealt result }",
        lambda r: r["outcome"]["dealt"] == max(1, r["roll"]["total"] - 3),
    ),
    Stateless("death-save", {"successes": 0, "failures": 1}, "roll { natural } successes failures result"),
    Stateless(
        "last-breath",
        {"exhaustion": 2},
        "hp condition exhaustion result lastBreath",
        lambda r: (r["hp"], r["exhaustion"], r["result"], r["lastBreath"]) == (1, 3, "last-breath", False),
        random=False
    ),
    Stateless(
        "stabilize",
        {"method": "medicine", "medicineBonus": 2},
        "roll { total dv } stabilized condition",
        lambda r: r["stabilized"] == (r["roll"]["total"] >= r["roll"]["dv"]),
    ),
    Stateless(
        "heal",
        {"target": {"hp": 0, "maxHp": 20, "condition": "dying"}, "dice": "2d4+2"},
        "roll { total } healed hpAfter condition",
        lambda r: r["condition"] == "up" and r["hpAfter"] == r["roll"]["total"],
    ),
    Stateless(
        "short-rest",
        {"hp": 5, "maxHp": 40, "hitDice": 3, "hitDie": 8, "constitution": 14, "spend": 2, "ramMax": 4},
        "rolls { face healed } hp hitDiceLeft ram",
        lambda r: r["hitDiceLeft"] == 1 and r["hp"] == 5 + sum(x["healed"] for x in r["rolls"]) and r["ram"] == 4,
    ),
    Stateless(
        "long-rest",
        {"hp": 5, "maxHp": 30, "level": 6, "exhaustion": 2, "ramMax": 4, "programSlots": [3, 2]},
        "hp hitDice exhaustion programSlots { tier total used } lastBreath",
        lambda r: (r["hp"], r["hitDice"], r["exhaustion"], r["lastBreath"]) == (30, 3, 1, True),
        random=False
    ),
    Stateless(
        "run-program",
        {
            "caster": {"level": 5, "programAbilityScore": 18, "ram": 4, "programSlots": [{"tier": 1, "total": 2}]},
            "program": {"name": "Short circuit", "tier": 1, "ramCost": 2, "save": "dexterity", "damageDice": "3d6"},
            "saveModifier": 2,
            "target": {"hp": 20, "maxHp": 20, "armor": "heavy"},
        },
        "saveDc ramLeft slotTier save { total } saved damage outcome { dealt reductionApplied }",
        lambda r: (r["saveDc"], r["ramLeft"], r["slotTier"]) == (15, 2, 1) and not r["outcome"]["reductionApplied"],
    ),
    Stateless(
        "install-chrome",
        {
            "implant": {"name": "Subdermal armor", "passive": {"armorClass": 1, "damageReduction": 1}},
            "price": 1500,
            "eddies": 1000,
        },
        "slotsUsed bonuses { armorClass damageReduction } payment { paid debtAdded debts { creditor amount } }",
        lambda r: r["payment"]["debtAdded"] == 500 and r["payment"]["debts"][0]["creditor"] == "ripperdoc",
        random=False
    ),
    Stateless(
        "uninstall-chrome",
        {"body": {"installed": [{"name": "Optics"}]}, "name": "optics"},
        "implant installed { name } slotsUsed",
        lambda r: r["installed"] == [] and r["implant"] == "Optics",
        random=False
    ),
    Stateless(
        "activate-chrome",
        {"implant": {"name": "Kerenzikov", "active": {"unit": "rounds", "amount": 2}}},
        "implant { name cooldownLeft }",
        lambda r: r["implant"]["cooldownLeft"] == 2,
        random=False
    ),
    Stateless(
        "eddies",
        {"eddies": 1200, "kind": "service", "amount": 5000, "creditor": "Trauma Team", "reason": "rescue"},
        "eddies totalDebt debts { creditor reason amount }",
        lambda r: (r["eddies"], r["totalDebt"]) == (0, 3800),
        random=False
    ),
]


def test_every_mechanic_with_a_stateless_form_is_covered() -> None:
    stateless = {m.name for m in REGISTRY.mechanics.values() if m.system == "ncb" and m.resolve is not None}
    assert stateless == {case.name for case in STATELESS}
    random = {m.name for m in REGISTRY.mechanics.values() if m.system == "ncb" and m.resolve is not None and m.random}
    assert random == {case.name for case in STATELESS if case.random}


@pytest.mark.parametrize("case", STATELESS, ids=lambda case: case.name)
def test_stateless_mechanic_over_rest_and_graphql_gives_the_same_answer(api: Api, case: Stateless) -> None:
    if not case.random:  # deterministic: no seed to send, no audit to answer
        seeded = api.post(f"/v1/ncb/{case.name}", {**case.body, "seed": "night-city"})
        assert seeded.status_code == 422 and seeded.json()["code"] == "validation-failed"
    sent = {**case.body, "seed": "night-city"} if case.random else case.body
    rest = api.post(f"/v1/ncb/{case.name}", sent)
    assert rest.status_code == 200, rest.text
    body = rest.json()
    assert case.check(body["result"])
    if not case.random:
        assert "audit" not in body
        answer = _stateless_gql(api, case.name, sent, f"result {{ {case.selection} }}")
        assert project(body["result"], answer["result"]) == answer["result"]
        return
    answer = api.mechanic("ncb", case.name, sent, f"result {{ {case.selection} }} audit {{ seed draws {{ sides face }} }}")
    assert project(body["result"], answer["result"]) == answer["result"]
    assert answer["audit"] == (
        None if body["audit"] is None else {"seed": "night-city", "draws": body["audit"]["draws"]}
    )


def _stateless_gql(api: Api, name: str, body: dict, answer: str) -> dict:
    """A deterministic mechanic over GraphQL: a mutation, or a query for a read (ability scores)."""
    if not REGISTRY.mechanics[f"ncb/{name}"].read:
        return api.mechanic("ncb", name, body, answer)
    field_name = mechanic_field("ncb", name)
    kind = api.input_type(field_name)
    data = api.gql_data(f"query Q($input: {kind}) {{ {field_name}(input: $input) {{ {answer} }} }}", {"input": body})
    return data[field_name]


def test_stateless_draws_recompute_from_the_seed(api: Api) -> None:
    body = api.post("/v1/ncb/attack", {**STATELESS[4].body, "seed": "arasaka", "clientSeed": "mine"}).json()
    stream = Stream(seed="arasaka", scope="stateless", nonce=0, client_seed="mine")
    assert [d["face"] for d in body["audit"]["draws"]] == [stream.roll(d["sides"]) for d in body["audit"]["draws"]]
    assert body["result"]["attack"]["natural"] == body["audit"]["draws"][0]["face"]
    verdict = api.post("/v1/verify", {"record": body["audit"]}).json()
    assert verdict["match"] is True


@pytest.mark.parametrize(
    ("path", "body", "code", "status"),
    [
        (
            "attack",
            {"attacker": {"level": 21}, "weapon": PISTOL, "target": {"hp": 5, "maxHp": 5}},
            "validation-failed",
            422,
        ),
        (
            "attack",
            {"attacker": {}, "weapon": {**PISTOL, "damageDice": "4d12"}, "target": {"hp": 5, "maxHp": 5}},
            "ncb/weapon-out-of-band",
            422,
        ),
        (
            "attack",
            {"attacker": {}, "weapon": {**PISTOL, "damageDice": "2d6+3"}, "target": {"hp": 5, "maxHp": 5}},
            "ncb/weapon-dice",
            422,
        ),
        ("damage", {"target": {"hp": 5, "maxHp": 5}, "amount": 3, "dice": "1d6"}, "ncb/amount-or-dice", 422),
        ("damage", {"target": {"hp": 6, "maxHp": 5}, "amount": 3}, "validation-failed", 422),
        ("damage", {"target": {"hp": 5, "maxHp": 5}, "dice": "1d4*999999"}, "ncb/dice-total", 422),
        ("heal", {"target": {"hp": 5, "maxHp": 5}, "dice": "2d6+"}, "dice/invalid-expression", 422),
        (
            "install-chrome",
            {"body": {"installed": [{"name": f"i{n}"} for n in range(6)]}, "implant": {"name": "seventh"}},
            "ncb/chrome-slots-full",
            422,
        ),
        ("eddies", {"kind": "repay", "amount": 5}, "validation-failed", 422),
        ("eddies", {"kind": "spend", "amount": 5, "eddies": 4}, "ncb/not-enough-eddies", 422),
        ("uninstall-chrome", {"body": {}, "name": "Optics"}, "ncb/unknown-chrome", 422),
        ("level-up", {"level": 20, "hp": 90, "maxHp": 90}, "ncb/max-level", 422),
        ("stabilize", {}, "validation-failed", 422),
        ("d20-test", {"dv": 15, "surprise": True}, "validation-failed", 422),
    ],
)
def test_stateless_refusals_name_what_to_fix_with_their_codes_status(
    api: Api, path: str, body: dict, code: str, status: int
) -> None:
    """Bad input is a 422, and so is a rule refusal: a stateless call describes the whole situation itself."""
    response = api.post(f"/v1/ncb/{path}", body)
    assert response.status_code == status and response.json()["code"] == code, response.text
    assert response.headers["content-type"] == "application/problem+json"


def test_stateless_refusals_carry_the_rule_code_over_graphql(api: Api) -> None:
    body = {"attacker": {}, "weapon": {**PISTOL, "damageDice": "4d12", "heavy": True}, "target": {"hp": 5, "maxHp": 5}}
    error = api.mechanic_error("ncb", "attack", body, "result { hit }")
    assert error["extensions"]["code"] == "ncb/weapon-out-of-band" and error["extensions"]["status"] == 422
    assert "2d10" in error["message"]


# -- in a session ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class InSession:
    name: str
    seat: str
    body: dict
    selection: str
    check: Callable[[dict], bool]
    prep: list[tuple[str, dict, str]] = field(default_factory=list)


START_V_ONLY = ("start-combat", {"participants": ["v"]}, "gm")
HURT_V = ("damage", {"target": "v", "amount": 10, "kind": "environmental"}, "gm")
NEAR_V = ("damage", {"target": "v", "amount": 37, "kind": "environmental"}, "gm")
DROP_V = ("damage", {"target": "v", "amount": 1, "kind": "environmental"}, "gm")
DOWN_V = ("gm-adjust", {"combatant": "v", "hp": 0}, "gm")
SESSION = [
    InSession(
        "d20-test",
        "ana",
        {"combatant": "v", "ability": "dexterity", "proficient": True, "dv": 15},
        "roll { modifier total }",
        lambda r: r["roll"]["modifier"] == 6,
    ),
    InSession(
        "initiative",
        "gm",
        {"combatant": "goon"},
        "rolls { id } combat { order { id } }",
        lambda r: len(r["combat"]["order"]) == 3 and r["rolls"][0]["id"] == "goon",
        [("start-combat", {"participants": ["v", "jackie"]}, "gm")],
    ),
    InSession(
        "level-up",
        "ana",
        {"combatant": "v"},
        "level hpGain maxHp",
        lambda r: (r["level"], r["hpGain"], r["maxHp"]) == (6, 7, 45),
    ),
    InSession(
        "attack",
        "ana",
        {"attacker": "v", "target": "goon", "weaponName": "Unity"},
        "attacker hit attack { modifier } economy",
        lambda r: r["attacker"] == "v" and r["attack"]["modifier"] == 7 and r["economy"] is None,
    ),
    InSession(
        "damage",
        "gm",
        {"target": "goon", "amount": 5, "kind": "environmental"},
        "target outcome { dealt hpAfter result }",
        lambda r: r["outcome"] == {"dealt": 5, "hpAfter": 6, "result": "hurt"},
    ),
    InSession(
        "last-breath",
        "ana",
        {"combatant": "v"},
        "combatant hp exhaustion result",
        lambda r: r == {"combatant": "v", "hp": 1, "exhaustion": 1, "result": "last-breath"},
        [NEAR_V, DROP_V],
    ),
    InSession(
        "death-save",
        "ana",
        {"combatant": "v"},
        "combatant result failures successes",
        lambda r: r["combatant"] == "v" and r["failures"] + r["successes"] >= 0,
        [DOWN_V],
    ),
    InSession(
        "stabilize",
        "gm",
        {"helper": "jackie", "target": "v", "method": "med-patch"},
        "stabilized condition",
        lambda r: r == {"stabilized": True, "condition": "stable"},
        [DOWN_V],
    ),
    InSession(
        "heal",
        "ana",
        {"target": "v", "healer": "v", "dice": "2d4+2"},
        "roll { total } hpBefore hpAfter",
        lambda r: r["hpAfter"] == r["hpBefore"] + r["roll"]["total"],
        [HURT_V],
    ),
    InSession(
        "short-rest",
        "ana",
        {"combatant": "v", "spend": 2},
        "hitDiceLeft rolls { healed } hp",
        lambda r: r["hitDiceLeft"] == 3 and r["hp"] == min(38, 28 + sum(x["healed"] for x in r["rolls"])),
        [HURT_V],
    ),
    InSession(
        "long-rest", "ana", {"combatant": "v"}, "hp lastBreath", lambda r: r == {"hp": 38, "lastBreath": True}, [HURT_V]
    ),
    InSession(
        "run-program",
        "ana",
        {
            "caster": "v",
            "target": "goon",
            "program": {"name": "Short circuit", "tier": 1, "ramCost": 2, "save": "dexterity", "damageDice": "3d6"},
        },
        "saveDc ramLeft slotTier",
        lambda r: (r["saveDc"], r["ramLeft"], r["slotTier"]) == (14, 4, 1),
    ),
    InSession(
        "install-chrome",
        "ana",
        {"combatant": "v", "implant": {"name": "Subdermal armor", "passive": {"armorClass": 1}}, "price": 800},
        "slotsUsed payment { paid debtAdded eddies }",
        lambda r: r["slotsUsed"] == 2 and r["payment"] == {"paid": 500, "debtAdded": 300, "eddies": 0},
    ),
    InSession(
        "uninstall-chrome",
        "ana",
        {"combatant": "v", "name": "Kerenzikov"},
        "installed { name } bonuses { initiative }",
        lambda r: r == {"installed": [], "bonuses": {"initiative": 0}},
    ),
    InSession(
        "activate-chrome",
        "ana",
        {"combatant": "v", "name": "Kerenzikov"},
        "implant { cooldownLeft } economy",
        lambda r: r == {"implant": {"cooldownLeft": 2}, "economy": None},
    ),
    InSession(
        "eddies",
        "ana",
        {"combatant": "v", "kind": "spend", "amount": 100},
        "eddies paid",
        lambda r: r == {"eddies": 400, "paid": 100},
    ),
    InSession(
        "add-combatant",
        "ana",
        {"combatant": {"id": "misty", "name": "Misty", "maxHp": 9}},
        "combatant { id owner hp }",
        lambda r: r["combatant"] == {"id": "misty", "owner": "ana", "hp": 9},
    ),
    InSession("remove-combatant", "gm", {"combatant": "goon"}, "removed", lambda r: r == {"removed": "goon"}),
    InSession(
        "gm-adjust",
        "gm",
        {"combatant": "goon", "helpless": True},
        "helpless condition",
        lambda r: r == {"helpless": True, "condition": "up"},
    ),
    InSession(
        "start-combat",
        "gm",
        {},
        "rolls { id } combat { round current }",
        lambda r: len(r["rolls"]) == 3 and r["combat"]["round"] == 1,
    ),
    InSession(
        "end-turn",
        "ana",
        {"combatant": "v"},
        "ended newRound combat { round current }",
        lambda r: r == {"ended": "v", "newRound": True, "combat": {"round": 2, "current": "v"}},
        [START_V_ONLY],
    ),
    InSession(
        "end-combat",
        "gm",
        {"note": "gonk down"},
        "rounds note",
        lambda r: r == {"rounds": 1, "note": "gonk down"},
        [START_V_ONLY],
    ),
    InSession(
        "move",
        "ana",
        {"combatant": "v", "feet": 25},
        "economy { movement movementUsed }",
        lambda r: r["economy"] == {"movement": 30, "movementUsed": 25},
        [START_V_ONLY],
    ),
    InSession(
        "take-action",
        "ana",
        {"combatant": "v", "action": "dash"},
        "slot economy { action movement }",
        lambda r: r == {"slot": "action", "economy": {"action": True, "movement": 60}},
        [START_V_ONLY],
    ),
]


def test_every_mechanic_with_a_session_form_is_covered() -> None:
    in_session = {m.name for m in REGISTRY.mechanics.values() if m.system == "ncb" and m.apply is not None}
    assert in_session == {case.name for case in SESSION}
    reads = {m.name for m in REGISTRY.mechanics.values() if m.system == "ncb" and m.query is not None}
    assert reads == {"ability-scores"}


SCORES = "proficiencyBonus initiativeBonus damageReduction programSaveDc"


@pytest.mark.parametrize("protocol", ["rest", "graphql"])
def test_ability_scores_in_a_session_is_a_read(api: Api, protocol: str) -> None:
    """A GET (a GraphQL query): it answers the version it read, logs nothing and bumps nothing."""
    sid = api.create_session("ncb", [{"name": "gm", "role": "gm"}, {"name": "ana"}], setup=SETUP)["session"]["id"]
    gm, ana = api.tokens["gm"], api.tokens["ana"]
    before = api.get(f"/v1/sessions/{sid}", token=gm).json()
    if protocol == "rest":
        path = f"/v1/sessions/{sid}/ncb/ability-scores"
        assert api.post(path, {"combatant": "v"}, token=ana).status_code == 405
        response = api.get(path, params={"combatant": "v"}, token=ana)
        assert response.status_code == 200, response.text
        version, result = response.json()["version"], project_selection(response.json()["result"], SCORES)
        assert api.get(path, params={"combatant": "nobody"}, token=ana).json()["code"] == "ncb/unknown-combatant"
    else:
        query = f'query Q($id: ID!) {{ ncbAbilityScoresInSession(sessionId: $id, combatant: "v") {{ version result {{ {SCORES} }} }} }}'
        answer = api.gql_data(query, {"id": sid}, token=ana)["ncbAbilityScoresInSession"]
        version, result = answer["version"], answer["result"]
    assert version == before["version"]
    assert (result["proficiencyBonus"], result["initiativeBonus"], result["damageReduction"], result["programSaveDc"]) == (3, 5, 1, 14)
    assert api.get(f"/v1/sessions/{sid}", token=gm).json() == before
    assert api.get(f"/v1/sessions/{sid}/log", token=gm).json()["entries"] == []


def run_in_session(
    api: Api, sid: str, name: str, body: dict, seat: str, protocol: str, selection: str = "__typename"
) -> tuple[int, dict]:
    """One session action; returns (session version after it, result)."""
    if protocol == "rest":
        response = api.post(f"/v1/sessions/{sid}/ncb/{name}", body, token=api.tokens[seat])
        assert response.status_code == 200, response.text
        return response.json()["version"], response.json()["result"]
    answer = api.mechanic("ncb", name, body, f"version result {{ {selection} }}", session=sid, token=api.tokens[seat])
    return answer["version"], answer["result"]


def project_selection(result: dict, selection: str) -> dict:
    """Trim a REST result to the GraphQL selection, so one check reads both answers."""
    tokens = selection.replace("{", " { ").replace("}", " } ").split()

    def parse(at: int) -> tuple[dict, int]:
        shape: dict = {}
        while at < len(tokens) and tokens[at] != "}":
            name = tokens[at]
            if at + 1 < len(tokens) and tokens[at + 1] == "{":
                inner, at = parse(at + 2)
                shape[name] = inner
                at += 1
            else:
                shape[name] = None
                at += 1
        return shape, at

    def trim(value: Any, shape: dict | None) -> Any:
        if shape is None or value is None:
            return value
        if isinstance(value, list):
            return [trim(v, shape) for v in value]
        return {k: trim(value[k], s) for k, s in shape.items()}

    return trim(result, parse(0)[0])


@pytest.mark.parametrize("protocol", ["rest", "graphql"])
@pytest.mark.parametrize("case", SESSION, ids=lambda case: case.name)
def test_session_mechanic_over_rest_and_graphql(api: Api, case: InSession, protocol: str) -> None:
    sid = api.create_session("ncb", [{"name": "gm", "role": "gm"}, {"name": "ana"}], setup=SETUP)["session"]["id"]
    for name, body, seat in case.prep:
        run_in_session(api, sid, name, body, seat, "rest")
    before = api.get(f"/v1/sessions/{sid}", token=api.tokens["gm"]).json()["version"]
    version, result = run_in_session(api, sid, case.name, case.body, case.seat, protocol, case.selection)
    if protocol == "rest":
        result = project_selection(result, case.selection)
    assert version == before + 1
    assert case.check(result), result
