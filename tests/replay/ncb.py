"""Random NCB tables for replay: fights on a turn order, dying and recovery, programs, chrome, eddies."""

from __future__ import annotations

from .picking import Pick, one, weighted

SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana", "role": "player"}, {"name": "bo", "role": "player"}]
KERENZIKOV = {"name": "Kerenzikov", "slots": 1, "capacity": 2, "passive": {"initiative": 2}, "active": {"unit": "rounds", "amount": 2}}
PLATING = {"name": "Subdermal armor", "slots": 2, "capacity": 3, "passive": {"damageReduction": 1, "armorClass": 1}}
SANDY = {"name": "Sandevistan", "slots": 1, "capacity": 4, "active": {"unit": "short-rest"}}
V = {
    "id": "v", "name": "V", "owner": "ana", "level": 2, "armorClass": 14, "armor": "light", "maxHp": 18,
    "abilities": {"strength": 12, "dexterity": 16, "constitution": 14, "intelligence": 16, "wisdom": 12},
    "ramMax": 6, "programSlots": [2, 1], "saveProficiencies": ["dexterity", "intelligence"], "chrome": [KERENZIKOV],
    "weapons": [{"name": "Unity", "damageDice": "2d6", "techBonus": 1}, {"name": "Blades", "damageDice": "1d8", "style": "melee", "finesse": True}],
    "eddies": 500,
}  # fmt: skip
JUDY = {"id": "judy", "name": "Judy", "owner": "bo", "level": 3, "lastBreath": False, "armorClass": 12, "maxHp": 16, "hitDie": 6,
        "weapons": [{"name": "Pistol", "damageDice": "1d8"}], "eddies": 40}  # fmt: skip
GOON = {"id": "goon", "name": "Goon", "kind": "nc", "maxHp": 11, "armorClass": 12, "armor": "medium",
        "weapons": [{"name": "Knife", "damageDice": "1d4", "style": "melee", "finesse": True}]}  # fmt: skip
PROGRAMS = [
    {"name": "Short circuit", "tier": 0, "save": "dexterity", "damageDice": "1d6"},
    {"name": "Overheat", "tier": 1, "ramCost": 2, "save": "constitution", "damageDice": "2d6"},
    {"name": "Cripple", "tier": 2, "ramCost": 3, "save": "wisdom", "onSave": "none"},
]



def setup_for(seed: str) -> dict:
    n = sum(map(ord, seed))
    v = {**V, "useLastBreath": n % 3 == 0}
    judy = {**JUDY, "lastBreath": n % 4 == 1}  # Judy sits at odd tables: half of them with Last Breath
    rules = [{}, {"ncAtZeroHp": "dying", "critOnDying": "flatline"}, {"criticalDice": "max-plus-roll", "exhaustion": "tracked-only"}][n % 3]
    return {"rules": rules, "combatants": [v, judy, GOON] if n % 2 else [v, GOON]}


def _seat(state: dict, cid: str, pick: Pick) -> str:
    """Who sends an action for `cid`: its owner or the GM, now and then a seat that may not."""
    owner = (state["combatants"].get(cid) or {}).get("owner")
    if pick(15) == 1:
        return "bo" if owner == "ana" else "ana"
    return owner if owner and pick(3) > 1 else "gm"


def _actor(state: dict, pick: Pick) -> str:
    """Mostly whoever's turn it is in a running combat; anyone otherwise (now and then a stranger)."""
    ids = list(state["combatants"])
    if pick(30) == 1 or not ids:
        return "nobody"
    combat = state["combat"]
    if combat and pick(5) > 1:
        return combat["current"]
    return one(pick, ids)


def _other(state: dict, cid: str, pick: Pick) -> str:
    """Another combatant, mostly one still standing."""
    ids = [i for i in state["combatants"] if i != cid]
    standing = [i for i in ids if state["combatants"][i]["condition"] == "up"]
    return one(pick, standing if standing and pick(5) > 1 else ids or ["nobody"])


def _down(state: dict) -> list[str]:
    return [c for c, v in state["combatants"].items() if v["condition"] == "dying"]


def d20_test(state, pick):
    cid = _actor(state, pick)
    params = {"combatant": cid, "dv": pick(15) + 5, "bonus": pick(5) - 3, "proficient": pick(2) == 1,
              "advantage": pick(4) == 1, "disadvantage": pick(4) == 1, "economy": one(pick, ["none", "none", "action", "reaction"])}  # fmt: skip
    if pick(3) > 1:
        params["ability"] = one(pick, ["strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"])
    return _seat(state, cid, pick), "d20-test", params


def initiative(state, pick):
    order = [slot["id"] for slot in (state["combat"] or {}).get("order", [])]
    outside = [c for c in state["combatants"] if c not in order]
    cid = one(pick, outside) if outside and pick(5) > 1 else one(pick, list(state["combatants"]) or ["nobody"])
    return "gm", "initiative", {"combatant": cid, "advantage": pick(4) == 1}


def level_up(state, pick):
    able = [c for c, v in state["combatants"].items() if v["condition"] == "up" and not v["helpless"]]
    cid = one(pick, able) if able and pick(4) > 1 else _actor(state, pick)
    params = {"combatant": cid, "method": one(pick, ["average", "roll"])}
    if pick(3) == 1:
        params["subclass"] = "Netrunner"
    return _seat(state, cid, pick), "level-up", params


def attack(state, pick):
    cid = _actor(state, pick)
    weapons = [w["name"] for w in (state["combatants"].get(cid) or {}).get("weapons", [])]
    params = {"attacker": cid, "target": _other(state, cid, pick), "economy": one(pick, ["action", "action", "bonus-action", "reaction"]),
              "cover": one(pick, ["none", "none", "half", "three-quarters", "total"]), "advantage": pick(5) == 1}  # fmt: skip
    if weapons and pick(6) > 1:
        params["weaponName"] = one(pick, weapons)
    else:
        params["weapon"] = {"name": "Improvised", "damageDice": "1d6", "overkill": pick(4) == 1, "style": "melee"}
    return _seat(state, cid, pick), "attack", params


def damage(state, pick):
    characters = [c for c, v in state["combatants"].items() if v["kind"] == "character" and v["condition"] != "flatlined"]
    cid = one(pick, characters) if characters and pick(2) == 1 else _other(state, "", pick)
    params = {"target": cid, "kind": one(pick, ["physical", "program", "environmental"]), "critical": pick(6) == 1, "overkill": pick(10) == 1}
    if pick(2) == 1:
        params["amount"] = pick(12) - 1
    else:
        params["dice"] = one(pick, ["2d6", "1d10+2", "1d4"])
    return "gm", "damage", params


def death_save(state, pick):
    down = _down(state)
    if state["combat"] and state["combat"]["current"] in down and pick(4) > 1:
        down = [state["combat"]["current"]]
    cid = one(pick, down) if down and pick(4) > 1 else _actor(state, pick)
    return _seat(state, cid, pick), "death-save", {"combatant": cid, "modifier": pick(3) - 2}


def last_breath(state, pick):
    offered = [c for c, v in state["combatants"].items() if v.get("lastBreathOffered")]
    cid = one(pick, offered) if offered and pick(4) > 1 else _actor(state, pick)
    return _seat(state, cid, pick), "last-breath", {"combatant": cid}


def stabilize(state, pick):
    down = _down(state)
    target = one(pick, down) if down and pick(4) > 1 else _actor(state, pick)
    helper = state["combat"]["current"] if state["combat"] and pick(4) > 1 else _other(state, target, pick)
    params = {"helper": helper, "target": target, "method": one(pick, ["medicine", "med-patch", "help"]), "proficient": pick(2) == 1}
    return _seat(state, helper, pick), "stabilize", params


def heal(state, pick):
    target = one(pick, list(state["combatants"]) or ["nobody"])
    params = {"target": target, "economy": one(pick, ["none", "action", "bonus-action"])}
    if pick(2) == 1:
        params["healer"] = _actor(state, pick)
    if pick(2) == 1:
        params["amount"] = pick(10)
    else:
        params["dice"] = "2d4+2"
    return "gm", "heal", params


def short_rest(state, pick):
    cid = one(pick, list(state["combatants"]) or ["nobody"])
    return _seat(state, cid, pick), "short-rest", {"combatant": cid, "spend": pick(3) - 1}


def long_rest(state, pick):
    cid = one(pick, list(state["combatants"]) or ["nobody"])
    return _seat(state, cid, pick), "long-rest", {"combatant": cid}


def run_program(state, pick):
    caster = one(pick, ["v", "v", "judy"]) if pick(5) > 1 else _actor(state, pick)
    params = {"caster": caster, "program": one(pick, PROGRAMS), "economy": one(pick, ["action", "bonus-action", "none"])}
    if pick(4) > 1:
        params["target"] = _other(state, caster, pick)
    if pick(4) == 1:
        params["slotTier"] = pick(2)
    return _seat(state, caster, pick), "run-program", params


def install(state, pick):
    cid = _actor(state, pick)
    params = {"combatant": cid, "implant": one(pick, [KERENZIKOV, PLATING, SANDY]), "price": one(pick, [0, 100, 800])}
    return "gm", "install-chrome", params


def _implant(state, cid, pick):
    names = [c["name"] for c in (state["combatants"].get(cid) or {}).get("chrome", [])]
    return one(pick, names) if names and pick(8) > 1 else "Gorilla arms"


def uninstall(state, pick):
    cid = _actor(state, pick)
    return "gm", "uninstall-chrome", {"combatant": cid, "name": _implant(state, cid, pick)}


def activate(state, pick):
    cid = one(pick, ["v", "v", "judy"]) if pick(3) > 1 else _actor(state, pick)
    params = {"combatant": cid, "name": _implant(state, cid, pick), "economy": one(pick, ["action", "bonus-action", "none"])}
    return _seat(state, cid, pick), "activate-chrome", params


def eddies(state, pick):
    cid = one(pick, list(state["combatants"]) or ["nobody"])
    kind = one(pick, ["earn", "spend", "service", "repay"])
    params = {"combatant": cid, "kind": kind, "amount": one(pick, [20, 150, 900])}
    if kind in ("service", "repay"):
        params["creditor"] = one(pick, ["ripperdoc", "trauma team"])
        params["reason"] = one(pick, ["chrome", "treatment", "rescue", "other"])
    return "gm", "eddies", params


def add_combatant(state, pick):
    cid = f"npc{pick(6)}"
    spec = {"id": cid, "name": cid.title(), "kind": "nc", "maxHp": pick(12) + 3, "armorClass": 10 + pick(5),
            "weapons": [{"name": "Pipe", "damageDice": "1d6", "style": "melee"}], "initiativeBonus": pick(3) - 1}  # fmt: skip
    return ("gm" if pick(10) > 1 else "ana"), "add-combatant", {"combatant": spec, "joinCombat": pick(2) == 1}


def remove_combatant(state, pick):
    extras = [c for c in state["combatants"] if c.startswith("npc")]
    cid = one(pick, extras) if extras and pick(4) > 1 else _actor(state, pick)
    return "gm", "remove-combatant", {"combatant": cid}


def gm_adjust(state, pick):
    down = [c for c, v in state["combatants"].items() if v["condition"] != "up"]
    cid = one(pick, down) if down and pick(2) == 1 else one(pick, list(state["combatants"]) or ["nobody"])
    params = {"combatant": cid}
    for field, value in (("hp", one(pick, [0, 0, 1, 5, 12])), ("helpless", pick(2) == 1), ("exhaustion", pick(3) - 1), ("ram", pick(4) - 1), ("lastBreath", pick(2) == 1)):
        if pick(3) == 1:
            params[field] = value
    return ("gm" if pick(12) > 1 else "bo"), "gm-adjust", params


def start_combat(state, pick):
    ids = list(state["combatants"])
    params = {}
    if pick(3) == 1 and ids:  # a participant list is never empty (an empty table sends none)
        params["participants"] = [i for i in ids if pick(3) > 1] or ids[:1]
    if pick(3) == 1 and ids:
        params["advantage"] = [one(pick, ids)]
    return "gm", "start-combat", params


def end_turn(state, pick):
    combat = state["combat"]
    cid = combat["current"] if combat and pick(6) > 1 else _actor(state, pick)
    return _seat(state, cid, pick), "end-turn", {"combatant": cid}


def end_combat(state, pick):
    return "gm", "end-combat", {"note": one(pick, ["", "they ran"])}


def move(state, pick):
    cid = _actor(state, pick)
    return _seat(state, cid, pick), "move", {"combatant": cid, "feet": one(pick, [5, 10, 25, 40])}


def take_action(state, pick):
    cid = _actor(state, pick)
    params = {"combatant": cid, "slot": one(pick, ["action", "bonus-action", "reaction"]),
              "action": one(pick, ["dash", "dodge", "disengage", "help", "hide", "ready", "search", "use-object", "other"])}  # fmt: skip
    return _seat(state, cid, pick), "take-action", params


MOVES = [  # (weight, builder); fights are most of a session, so end-turn and attacks come often
    (2, d20_test), (2, initiative), (1, level_up), (6, attack), (2, damage), (3, death_save),
    (1, last_breath), (2, stabilize), (2, heal), (1, short_rest), (1, long_rest), (2, run_program), (1, install), (1, uninstall),
    (2, activate), (1, eddies), (1, add_combatant), (1, remove_combatant), (1, gm_adjust), (2, start_combat),
    (6, end_turn), (1, end_combat), (2, move), (2, take_action),
]  # fmt: skip


def chooser_for(seed: str):
    def choose(state: dict, seats: list[dict], pick: Pick) -> tuple[str, str, dict]:
        if pick(40) == 1:
            return "gm", "session/rotate-seed", {}
        if any(v.get("lastBreathOffered") for v in state["combatants"].values()) and pick(8) > 1:
            return _named(last_breath(state, pick))  # the player answers the hit that dropped it
        standing = [c for c, v in state["combatants"].items() if v["condition"] == "up"]
        if len(standing) < 2 and pick(2) == 1:  # bring the table back to its feet
            return _named(one(pick, [add_combatant, gm_adjust, heal])(state, pick))
        if state["combat"] is None and pick(3) == 1:
            return _named(start_combat(state, pick))
        if state["combat"] is None and pick(3) == 1:  # between fights: upkeep
            return _named(one(pick, [level_up, short_rest, long_rest, install, uninstall, eddies])(state, pick))
        combat = state["combat"]
        if combat and combat["current"] in _down(state) and pick(3) > 1:
            return _named(death_save(state, pick) if pick(4) > 1 else end_turn(state, pick))
        if _down(state) and pick(3) == 1:
            return _named(one(pick, [death_save, death_save, stabilize])(state, pick))
        return _named(weighted(pick, MOVES)(state, pick))

    return choose


def _named(choice: tuple[str, str, dict]) -> tuple[str, str, dict]:
    seat, name, params = choice
    return seat, f"ncb/{name}", params
