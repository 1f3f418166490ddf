"""One refusal, one status: every NCB code answers the status of the error table, stateless and in a session."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from support.api import Api

from service.dice.stream import Stream
from service.errors import RuleViolation
from service.registry import Actor
from service.systems import REGISTRY
from service.systems.ncb import errors
from service.systems.ncb.setup import NcbSetup, first_state

from .sheets import SETUP, V

GM = Actor("seat-1", "gm", "gm")
NCB = Path(errors.__file__).parent
VETERAN = {"id": "max", "name": "Max", "level": 20, "maxHp": 120}
TABLE = {"combatants": [*SETUP["combatants"], VETERAN]}
DOWN_V = ("gm-adjust", {"combatant": "v", "hp": 0})


@dataclass(frozen=True)
class Both:
    """A refusal reachable in both forms: the stateless call, and the session call after `prep`."""

    code: str
    stateless: tuple[str, dict]
    session: tuple[str, dict]
    prep: list[tuple[str, dict]] = field(default_factory=list)


ATTACK = {"attacker": {}, "target": {"hp": 9, "maxHp": 9}}
IN_SESSION_ATTACK = {"attacker": "v", "target": "goon"}
VIKTOR_300 = {"creditor": "Viktor", "amount": 300}
RUN = {"caster": {"ram": 6, "programSlots": [{"tier": 1, "total": 1}]}}
BOTH = [
    Both(
        errors.WEAPON_DICE,
        ("attack", {**ATTACK, "weapon": {"name": "Gun", "damageDice": "2d6+3"}}),
        ("attack", {**IN_SESSION_ATTACK, "weapon": {"name": "Gun", "damageDice": "2d6+3"}}),
    ),
    Both(
        errors.WEAPON_OUT_OF_BAND,
        ("attack", {**ATTACK, "weapon": {"name": "Gun", "damageDice": "4d12"}}),
        ("attack", {**IN_SESSION_ATTACK, "weapon": {"name": "Gun", "damageDice": "4d12"}}),
    ),
    Both(
        errors.TOTAL_COVER,
        ("attack", {**ATTACK, "weapon": {"name": "Gun", "damageDice": "2d6"}, "cover": "total"}),
        ("attack", {**IN_SESSION_ATTACK, "weaponName": "Unity", "cover": "total"}),
    ),
    Both(
        errors.AMOUNT_OR_DICE,
        ("damage", {"target": {"hp": 9, "maxHp": 9}, "amount": 3, "dice": "1d6"}),
        ("damage", {"target": "goon", "amount": 3, "dice": "1d6"}),
    ),
    Both(
        errors.DICE_TOTAL,
        ("heal", {"target": {"hp": 9, "maxHp": 9}, "dice": "1d4*999999999"}),
        ("heal", {"target": "goon", "dice": "1d4*999999999"}),
    ),
    Both(
        errors.SUBCLASS_TOO_EARLY,
        ("level-up", {"level": 1, "hp": 8, "maxHp": 8, "subclass": "Solo"}),
        ("level-up", {"combatant": "goon", "subclass": "Solo"}),
    ),
    Both(errors.MAX_LEVEL, ("level-up", {"level": 20, "hp": 90, "maxHp": 90}), ("level-up", {"combatant": "max"})),
    Both(
        errors.NO_HIT_DICE,
        ("short-rest", {"hp": 5, "maxHp": 9, "hitDice": 1, "spend": 2}),
        ("short-rest", {"combatant": "v", "spend": 6}),
    ),
    Both(
        errors.REST_WHILE_DYING,
        ("short-rest", {"hp": 0, "maxHp": 9, "condition": "dying", "hitDice": 1}),
        ("short-rest", {"combatant": "v"}),
        [DOWN_V],
    ),
    Both(
        errors.LONG_REST_NEEDS_HP,
        ("long-rest", {"hp": 0, "maxHp": 9, "condition": "stable"}),
        ("long-rest", {"combatant": "v"}),
        [DOWN_V, ("stabilize", {"helper": "jackie", "target": "v", "method": "med-patch"})],
    ),
    Both(
        errors.NOT_ENOUGH_RAM,
        ("run-program", {**RUN, "program": {"name": "Burn", "tier": 1, "ramCost": 7}}),
        ("run-program", {"caster": "v", "program": {"name": "Burn", "tier": 1, "ramCost": 7}}),
    ),
    Both(
        errors.NO_PROGRAM_SLOT,
        ("run-program", {**RUN, "program": {"name": "Burn", "tier": 3, "ramCost": 1}}),
        ("run-program", {"caster": "v", "program": {"name": "Burn", "tier": 3, "ramCost": 1}}),
    ),
    Both(
        errors.QUICKHACK_IS_FREE,
        ("run-program", {**RUN, "program": {"name": "Ping", "ramCost": 1}}),
        ("run-program", {"caster": "v", "program": {"name": "Ping", "ramCost": 1}}),
    ),
    Both(
        errors.SLOT_BELOW_TIER,
        ("run-program", {**RUN, "program": {"name": "Burn", "tier": 2, "ramCost": 1}, "slotTier": 1}),
        ("run-program", {"caster": "v", "program": {"name": "Burn", "tier": 2, "ramCost": 1}, "slotTier": 1}),
    ),
    Both(
        errors.CHROME_SLOTS_FULL,
        ("install-chrome", {"body": {"chromeSlots": 1, "installed": [{"name": "Optics"}]}, "implant": {"name": "Arm"}}),
        ("install-chrome", {"combatant": "v", "implant": {"name": "Arm", "slots": 6}}),
    ),
    Both(
        errors.CHROME_CAPACITY,
        ("install-chrome", {"body": {"chromeCapacity": 8}, "implant": {"name": "Sandevistan", "capacity": 9}}),
        ("install-chrome", {"combatant": "v", "implant": {"name": "Sandevistan", "capacity": 9}}),
    ),
    Both(
        errors.CHROME_DUPLICATE,
        ("install-chrome", {"body": {"installed": [{"name": "Optics"}]}, "implant": {"name": "optics"}}),
        ("install-chrome", {"combatant": "v", "implant": {"name": "kerenzikov"}}),
    ),
    Both(
        errors.UNKNOWN_CHROME,
        ("uninstall-chrome", {"body": {}, "name": "Optics"}),
        ("uninstall-chrome", {"combatant": "v", "name": "Optics"}),
    ),
    Both(
        errors.CHROME_PASSIVE,
        ("activate-chrome", {"implant": {"name": "Optics"}}),
        ("activate-chrome", {"combatant": "v", "name": "Optics"}),
        [("install-chrome", {"combatant": "v", "implant": {"name": "Optics"}})],
    ),
    Both(
        errors.CHROME_COOLING_DOWN,
        ("activate-chrome", {"implant": {"name": "Kerenzikov", "active": {"amount": 2}, "cooldownLeft": 1}}),
        ("activate-chrome", {"combatant": "v", "name": "Kerenzikov"}),
        [("activate-chrome", {"combatant": "v", "name": "Kerenzikov"})],
    ),
    Both(
        errors.NOT_ENOUGH_EDDIES,
        ("eddies", {"kind": "spend", "amount": 501, "eddies": 500}),
        ("eddies", {"combatant": "v", "kind": "spend", "amount": 501}),
    ),
    Both(
        errors.UNKNOWN_DEBT,
        ("eddies", {"kind": "repay", "amount": 5, "eddies": 500, "creditor": "Viktor"}),
        ("eddies", {"combatant": "v", "kind": "repay", "amount": 5, "creditor": "Viktor"}),
    ),
    Both(
        errors.OVERPAYMENT,
        ("eddies", {"kind": "repay", "amount": 400, "eddies": 500, "creditor": "Viktor", "debts": [VIKTOR_300]}),
        ("eddies", {"combatant": "v", "kind": "repay", "amount": 400, "creditor": "Viktor"}),
        [("eddies", {"combatant": "v", "kind": "service", "amount": 800, "creditor": "Viktor"})],
    ),
    Both(
        errors.LEDGER_LIMIT,
        ("eddies", {"kind": "earn", "amount": 1_000_000_000, "eddies": 500}),
        ("eddies", {"combatant": "v", "kind": "earn", "amount": 1_000_000_000}),
    ),
]
# Codes with no stateless way to reach them: the state they judge exists only in a session.
SESSION_ONLY = {
    errors.UNKNOWN_COMBATANT: "stateless calls name no combatants",
    errors.DUPLICATE_COMBATANT: "only a session seats combatants",
    errors.TABLE_FULL: "only a session seats combatants",
    errors.CANNOT_ACT: "a stateless attacker is always able",
    errors.TARGET_DOWN: "a stateless target is up, dying or stable",
    errors.SELF_ATTACK: "a stateless attack has no ids to compare",
    errors.NO_COMBAT: "the combat tracker is session-only",
    errors.COMBAT_RUNNING: "the combat tracker is session-only",
    errors.NOT_IN_COMBAT: "the combat tracker is session-only",
    errors.ALREADY_IN_COMBAT: "the combat tracker is session-only",
    errors.NOT_YOUR_TURN: "the combat tracker is session-only",
    errors.ACTION_USED: "the combat tracker is session-only",
    errors.BONUS_ACTION_USED: "the combat tracker is session-only",
    errors.REACTION_USED: "the combat tracker is session-only",
    errors.MOVEMENT_EXHAUSTED: "the combat tracker is session-only",
    errors.UNKNOWN_WEAPON: "a stateless attack describes its weapon",
    errors.WEAPON_CHOICE: "a stateless attack describes its weapon",
    errors.NOT_DYING: "stateless death saves and stabilizing describe a dying character",
    errors.DEATH_SAVE_ROLLED: "the combat tracker is session-only",
    errors.NO_LAST_BREATH: "only a session remembers the hit that offered Last Breath",
}


def _codes_in_module() -> set[str]:
    return {value for name, value in vars(errors).items() if name.isupper() and isinstance(value, str)}


def test_every_code_has_one_status_and_title_in_the_table() -> None:
    assert _codes_in_module() == set(errors.CODES)
    for code, entry in errors.CODES.items():
        assert code.startswith("ncb/") and entry.status in (404, 409, 422) and entry.title and entry.why, code


def _codes_in_source() -> set[str]:
    """Every `ncb/…` string literal anywhere in the game's source."""
    found: set[str] = set()
    for path in NCB.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.update(re.findall(r"(?<![\w/])ncb/[a-z0-9]+(?:-[a-z0-9]+)*", node.value))
    return found


def test_every_code_in_the_source_is_in_the_table_and_has_a_problem_page(api: Api) -> None:
    in_source = _codes_in_source()
    assert errors.UNKNOWN_COMBATANT in in_source and len(in_source) >= len(errors.CODES)
    assert in_source <= set(errors.CODES), sorted(in_source - set(errors.CODES))
    assert REGISTRY.systems["ncb"].errors is errors.CODES
    for code in sorted(in_source):
        page = api.get(f"/problems/{code}")
        assert page.status_code == 200, code
        entry = errors.CODES[code]
        assert (page.json()["status"], page.json()["title"], page.json()["why"]) == (entry.status, entry.title, entry.why)
        assert page.json()["statelessStatus"] == 422


def test_every_code_is_walked_in_both_forms_or_known_to_be_session_only() -> None:
    walked = [case.code for case in BOTH]
    assert len(walked) == len(set(walked)) and not set(walked) & set(SESSION_ONLY)
    assert set(walked) | set(SESSION_ONLY) == set(errors.CODES)


def test_no_raise_site_chooses_a_status() -> None:
    """`refuse` takes the status from the table; nothing else builds an NCB RuleViolation."""
    for path in NCB.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name == "refuse":
                assert "status" not in {k.arg for k in node.keywords}, f"{path.name}:{node.lineno}"
            if name == "RuleViolation":
                assert path.name == "errors.py", f"{path.name}:{node.lineno} builds a RuleViolation itself"


def _stateless(name: str, body: dict) -> RuleViolation:
    mechanic = REGISTRY.mechanics[f"ncb/{name}"]
    with pytest.raises(RuleViolation) as caught:
        mechanic.resolve(mechanic.input.model_validate(body), Stream(seed="walk", scope="stateless", nonce=0))
    return caught.value


def _in_session(name: str, body: dict, prep: list[tuple[str, dict]]) -> RuleViolation:
    state = first_state(NcbSetup.model_validate(TABLE))
    for nonce, (step, params) in enumerate(prep):
        mechanic = REGISTRY.mechanics[f"ncb/{step}"]
        stream = Stream(seed="walk", scope="session", nonce=nonce)
        state, _ = mechanic.apply(state, (mechanic.session_input or mechanic.input).model_validate(params), stream, GM)
    mechanic = REGISTRY.mechanics[f"ncb/{name}"]
    params = (mechanic.session_input or mechanic.input).model_validate(body)
    with pytest.raises(RuleViolation) as caught:
        mechanic.apply(state, params, Stream(seed="walk", scope="session", nonce=len(prep)), GM)
    return caught.value


@pytest.mark.parametrize("case", BOTH, ids=lambda case: case.code)
def test_a_code_answers_the_same_status_stateless_and_in_a_session(case: Both) -> None:
    status, title = errors.CODES[case.code].status, errors.CODES[case.code].title
    alone = _stateless(*case.stateless)
    shared = _in_session(*case.session, case.prep)
    assert (alone.code, alone.status, alone.title) == (case.code, status, title)
    assert (shared.code, shared.status, shared.title) == (case.code, status, title)


# -- over HTTP -------------------------------------------------------------------------------------

OVER_HTTP = [errors.CHROME_CAPACITY, errors.CHROME_SLOTS_FULL, errors.LONG_REST_NEEDS_HP, errors.UNKNOWN_CHROME]


def _snapshot(api: Api, sid: str) -> tuple[int, dict]:
    view = api.get(f"/v1/sessions/{sid}", token=api.tokens["gm"]).json()
    return view["version"], view["state"]


@pytest.mark.parametrize("code", OVER_HTTP)
def test_a_refusal_answers_422_stateless_and_its_codes_status_in_a_session(api: Api, code: str) -> None:
    case = next(c for c in BOTH if c.code == code)
    status = errors.CODES[code].status
    name, body = case.stateless
    alone = api.post(f"/v1/ncb/{name}", body)
    assert (alone.status_code, alone.json()["code"], alone.json()["status"]) == (422, code, 422), alone.text

    sid = api.create_session("ncb", [{"name": "gm", "role": "gm"}, {"name": "ana"}], setup=TABLE)["session"]["id"]
    for step, params in case.prep:
        assert api.post(f"/v1/sessions/{sid}/ncb/{step}", params, token=api.tokens["gm"]).status_code == 200
    before = _snapshot(api, sid)
    name, body = case.session
    shared = api.post(f"/v1/sessions/{sid}/ncb/{name}", body, token=api.tokens["gm"])
    assert (shared.status_code, shared.json()["code"]) == (status, code), shared.text
    assert _snapshot(api, sid) == before


def test_a_refusal_answers_422_stateless_and_its_codes_status_in_a_session_over_graphql(api: Api) -> None:
    case = next(c for c in BOTH if c.code == errors.CHROME_CAPACITY)
    error = api.mechanic_error("ncb", "install-chrome", case.stateless[1])
    assert (error["extensions"]["code"], error["extensions"]["status"]) == (errors.CHROME_CAPACITY, 422)

    sid = api.create_session("ncb", [{"name": "gm", "role": "gm"}, {"name": "ana"}], setup={"combatants": [V]})
    sid = sid["session"]["id"]
    before = _snapshot(api, sid)
    error = api.mechanic_error("ncb", "install-chrome", case.session[1], "version", session=sid, token=api.tokens["ana"])
    assert (error["extensions"]["code"], error["extensions"]["status"]) == (errors.CHROME_CAPACITY, 409)
    assert _snapshot(api, sid) == before
