"""Random Eclipse Phase tables for replay: tests and pools, combat turns, rep, hacking, recharge, time."""

from __future__ import annotations

from service.declare import load_state
from service.systems.eclipse.rules.turn_order import whose_turn
from service.systems.eclipse.state import EclipseState

from .picking import Pick, one, weighted

SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana", "role": "player"}, {"name": "bo", "role": "player"}]
POOLS = ["insight", "moxie", "vigor", "flex"]
APTITUDES = ["cog", "int", "ref", "sav", "som", "wil"]
SPECIAL = ["take-initiative", "extra-action", "acquire-clue", "ignore-trauma", "ignore-wound", "refresh-rep", "control-infection",
           "negate-gaffe", "introduce-npc", "introduce-item", "define-environment", "define-relationship"]  # fmt: skip
ANA = {
    "id": "ana", "name": "Ana", "player": "ana",
    "aptitudes": {"cog": 20, "int": 15, "ref": 20, "sav": 10, "som": 15, "wil": 15},
    "skills": [{"name": "Guns", "rating": 55, "specialization": "Kinetic Weapons"}, {"name": "Fray", "rating": 40},
               {"name": "Infosec", "rating": 60, "specialization": "Exploits"}, {"name": "Persuade", "rating": 35}],
    "pools": {"insight": 2, "moxie": 1, "vigor": 3, "flex": 1},
    "rep": [{"network": "g", "score": 50}, {"network": "r", "score": 30}],
    "armor": {"energy": 4, "kinetic": 6}, "durability": 35, "initiative": 7,
}  # fmt: skip
BO = {
    "id": "bo", "name": "Bo", "player": "bo", "aptitudes": {"cog": 15, "int": 20, "ref": 15, "sav": 20, "som": 10, "wil": 20},
    "skills": [{"name": "Melee", "rating": 45}, {"name": "Fray", "rating": 35}, {"name": "Infosec", "rating": 40}],
    "pools": {"insight": 1, "moxie": 3, "vigor": 1}, "rep": [{"network": "c", "score": 40}], "durability": 30, "initiative": 6,
    "synthetic": True,
}  # fmt: skip
GUARD = {
    "id": "guard", "name": "Guard", "aptitudes": {"cog": 10, "int": 10, "ref": 15, "sav": 10, "som": 20, "wil": 10},
    "skills": [{"name": "Fray", "rating": 50}, {"name": "Melee", "rating": 40}, {"name": "Guns", "rating": 45}],
    "pools": {"vigor": 1}, "armor": {"energy": 2, "kinetic": 8}, "durability": 40, "woundThreshold": 8, "initiative": 5,
}  # fmt: skip



def setup_for(seed: str) -> dict:
    n = sum(map(ord, seed))
    rules = [{}, {"opposedTie": "higher-target", "poolPointsPerTest": 2}, {"criticalReplacesSuperior": False, "shortRechargesPerDay": 3}][n % 3]
    return {"rules": rules, "characters": [ANA, BO, GUARD]}


def _char(state: dict, pick: Pick) -> str:
    ids = list(state["characters"])
    if pick(25) == 1 or not ids:
        return "nobody"
    combat = state["combat"]
    if combat and pick(2) == 1:
        return one(pick, [slot["name"] for slot in combat["order"]])
    return one(pick, ids)


def _actor(state: dict, pick: Pick) -> str:
    """Mostly the character whose turn it is while an initiative order runs (attacks and hacks count
    against its action turn), otherwise anyone."""
    table = load_state(EclipseState, state)
    acting = whose_turn(table.combat, table.characters) if table.combat else None
    return acting if acting and pick(3) > 1 else _char(state, pick)


def _seat(state: dict, cid: str, pick: Pick) -> str:
    player = (state["characters"].get(cid) or {}).get("player")
    if pick(15) == 1:
        return "bo" if player == "ana" else "ana"
    return player if player and pick(3) > 1 else "gm"


def _spends(pick: Pick) -> list[dict]:
    if pick(3) > 1:
        return []
    return [{"pool": one(pick, ["flex", *POOLS]), "use": one(pick, ["plus-twenty", "ignore-modifiers", "flip-flop", "upgrade", "downgrade-critical-failure"])}]


def _modifiers(pick: Pick) -> list[dict]:
    if pick(3) > 1:
        return []
    return [one(pick, [{"label": "cover", "severity": "minor", "penalty": True}, {"label": "gear", "value": 10}])]


def _side(state: dict, pick: Pick, cid: str | None = None) -> dict:
    cid = cid or _char(state, pick)
    side = {"character": cid, "modifiers": _modifiers(pick), "poolSpends": _spends(pick), "retries": pick(4) - 1 if pick(6) == 1 else 0}
    if pick(4) == 1:
        side["aptitudeCheck"] = one(pick, APTITUDES)
    else:
        side["skill"] = one(pick, ["Guns", "Fray", "Infosec", "Persuade", "Melee", "Climbing", "Know: Botany"])
        if side["skill"] == "Know: Botany":
            side["defaultAptitude"] = "cog"
        side["specialization"] = pick(5) == 1
    if pick(5) == 1:
        side["helpers"] = [one(pick, list(state["characters"]))]
    if pick(4) == 1:
        side["onSuperiorSuccess"] = [one(pick, ["quality", "time", "damage"])]
    return side


def test(state, pick):
    side = _side(state, pick)
    if pick(4) == 1:
        side["task"] = {"amount": pick(4), "unit": one(pick, ["minutes", "hours"]), "rush": pick(3) == 1}
    if pick(5) == 1:
        side["damage"] = {"dice": 1, "sides": 10}
    return _seat(state, side["character"], pick), "test", side


def opposed(state, pick):
    a, b = _side(state, pick), _side(state, pick)
    return "gm", "opposed-test", {"a": a, "b": b}


LINKED = {"cog": "insight", "int": "insight", "sav": "moxie", "wil": "moxie", "ref": "vigor", "som": "vigor"}


def after_roll(state, pick):
    tested = [c for c, v in state["characters"].items() if v.get("tests")]
    cid = one(pick, tested) if tested and pick(4) > 1 else _char(state, pick)
    tests = (state["characters"].get(cid) or {}).get("tests", [])
    kept = one(pick, tests) if tests else {}
    linked = "moxie" if kept.get("kind") == "rep" else LINKED.get(kept.get("aptitude") or "", "flex")
    params = {"character": cid, "pool": one(pick, [linked, linked, "flex", *POOLS]), "use": one(pick, ["flip-flop", "upgrade", "downgrade-critical-failure"])}
    if kept and pick(2) == 1:
        params["test"] = kept["id"]
    elif pick(10) == 1:
        params["test"] = "t999"
    return _seat(state, cid, pick), "pool-after-roll", params


def attack(state, pick):
    kind = one(pick, ["melee", "ranged"])
    attacker = _actor(state, pick)
    defender = one(pick, [c for c in state["characters"] if c != attacker] or ["nobody"])
    params = {
        "attack": kind,
        "attacker": {"character": attacker, "modifiers": _modifiers(pick), "poolSpends": _spends(pick), "specialization": pick(5) == 1},
        "defender": {"character": defender, "poolSpends": _spends(pick)},
        "weapon": {"dice": pick(3), "sides": 10, "bonus": pick(6) - 1, "armor": one(pick, ["kinetic", "energy", "none"])},
    }
    if kind == "melee" and pick(2) == 1:
        params["defender"]["defense"] = one(pick, ["fray", "melee"])
    return _seat(state, attacker, pick), "attack", params


def damage(state, pick):
    cid = _char(state, pick)
    return "gm", "damage", {"character": cid, "weapon": {"dice": pick(4), "sides": 10, "bonus": pick(10), "armor": one(pick, ["kinetic", "energy", "none"])}}


def hack(state, pick):
    hacker = _actor(state, pick) if state["combat"] and pick(2) == 1 else one(pick, ["ana", "ana", "bo"]) if pick(6) > 1 else _char(state, pick)
    params = {"hacker": {"character": hacker, "specialization": pick(4) == 1, "poolSpends": _spends(pick)}, "method": one(pick, ["brute-force", "subtle"])}
    mine = [i for i, x in state["intrusions"].items() if x.get("hacker") == hacker]
    if mine and pick(2) == 1:
        params["intrusion"] = one(pick, mine)
    elif pick(10) == 1:
        params["intrusion"] = one(pick, list(state["intrusions"]) or ["i-99"])
    else:
        params["system"] = one(pick, ["habitat lights", "cargo drone"])
        if pick(6) > 1:
            params["firewall"] = pick(40) + 20
    return _seat(state, hacker, pick), "hack", params


def rep_test(state, pick):
    cid = _char(state, pick)
    params = {"character": cid, "network": one(pick, ["g", "r", "c", "x"]), "favor": one(pick, ["minor", "minor", "moderate", "major"]),
              "secrecy": one(pick, [0, 0, 10]), "burnForBonus": one(pick, [0, 0, 0, 10]), "burnForExtraFavor": pick(8) == 1,
              "poolSpends": _spends(pick)}  # fmt: skip
    return _seat(state, cid, pick), "rep-test", params


def initiative(state, pick):
    params = {}
    if pick(3) == 1:
        params["characters"] = [c for c in state["characters"] if pick(3) > 1] or list(state["characters"])[:1]
    return "gm", "initiative", params


def take_action(state, pick):
    cid = _char(state, pick)
    params = {"character": cid, "kind": one(pick, ["complex", "task", "quick", "quick", "automatic"]), "nature": one(pick, ["physical", "mental", "mesh"])}
    return _seat(state, cid, pick), "take-action", params


def pool_use(state, pick):
    cid = _char(state, pick)
    use = one(pick, SPECIAL)
    params = {"character": cid, "pool": one(pick, POOLS), "use": use}
    if use == "refresh-rep" and pick(5) > 1:
        params |= {"network": one(pick, ["g", "r", "c"]), "favor": one(pick, ["minor", "moderate"])}
    return _seat(state, cid, pick), "pool-use", params


def recharge(state, pick):
    cid = _char(state, pick)
    params = {"character": cid, "kind": one(pick, ["short", "short", "long"])}
    if params["kind"] == "short" and pick(6) > 1:  # a short recharge without one is refused
        params["allocation"] = [{"pool": one(pick, POOLS), "upTo": pick(6)}]
    return _seat(state, cid, pick), "recharge", params


def add_character(state, pick):
    cid = f"npc{pick(5)}"
    spec = {"id": cid, "name": cid.title(), "aptitudes": {a: 10 + pick(10) for a in APTITUDES}, "durability": 20 + pick(20),
            "initiative": pick(8), "skills": [{"name": "Melee", "rating": 30 + pick(20)}]}  # fmt: skip
    return ("gm" if pick(5) > 1 else "bo"), "add-character", {"character": spec}


def advance_time(state, pick):
    return "gm", "advance-time", one(pick, [{"days": 1}, {"days": pick(3)}, {"weeks": 1}, {"newArc": True}, {}])


def next_turn(state, pick):
    params = {}
    if state["combat"] and pick(3) == 1:
        params["expectedTurn"] = state["combat"]["turn"] - (1 if pick(4) == 1 else 0)
    return "gm", "next-turn", params


def delay(state, pick):
    cid = _char(state, pick)
    return _seat(state, cid, pick), "delay", {"character": cid, "count": pick(20) - 3}


def end_combat(state, pick):
    return "gm", "end-combat", {"note": one(pick, ["", "they fled"])}


def finish_actions(state, pick):
    combat = state["combat"]
    order = [slot["name"] for slot in combat["order"]] if combat else []
    cid = one(pick, order) if order and pick(4) > 1 else _char(state, pick)
    return _seat(state, cid, pick), "finish-actions", {"character": cid}


def heal(state, pick):
    cid = _char(state, pick)
    return ("gm" if pick(8) > 1 else "ana"), "heal", {"character": cid, "damage": pick(10) - 1, "wounds": pick(2) - 1, "note": "medichines"}


def edit_character(state, pick):
    cid = _char(state, pick)
    params = {"character": cid}
    change = pick(5)
    if change == 1:
        params["skills"] = [{"name": "Infiltrate", "rating": 30 + pick(30)}]
    elif change == 2:
        params["removeSkills"] = ["Persuade"]
    elif change == 3:
        params["pools"] = {"flex": pick(3)}
    elif change == 4:
        params["durability"] = 25 + pick(20)
    else:
        params["player"] = one(pick, ["", "ana", "bo"])
    return ("gm" if pick(8) > 1 else "bo"), "edit-character", params


def pool_ongoing(state, pick):
    cid = _char(state, pick)
    params = {"character": cid, "pool": one(pick, ["insight", "moxie", "vigor"]), "aptitude": one(pick, APTITUDES), "points": one(pick, [1, 2])}
    return _seat(state, cid, pick), "pool-ongoing", params


def end_intrusion(state, pick):
    ids = list(state["intrusions"])
    return "gm", "end-intrusion", {"intrusion": one(pick, ids) if ids and pick(6) > 1 else "i-99"}


MOVES = [
    (5, test), (2, opposed), (5, after_roll), (4, attack), (2, damage), (3, hack), (2, rep_test), (2, initiative),
    (4, take_action), (3, pool_use), (2, recharge), (1, add_character), (1, advance_time), (3, next_turn), (2, delay),
    (1, end_combat), (2, pool_ongoing), (2, end_intrusion), (3, finish_actions), (1, heal), (1, edit_character),
]  # fmt: skip


def chooser_for(seed: str):
    def choose(state: dict, seats: list[dict], pick: Pick) -> tuple[str, str, dict]:
        if pick(40) == 1:
            return "gm", "session/rotate-seed", {}
        if state["combat"] is None and pick(4) == 1:
            seat, name, params = initiative(state, pick)
            return seat, f"eclipse/{name}", params
        seat, name, params = weighted(pick, MOVES)(state, pick)
        return seat, f"eclipse/{name}", params

    return choose
