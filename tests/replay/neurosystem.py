"""Random NeuroSystem tables for replay: checks and what follows them, combat, counters, scenes."""

from __future__ import annotations

from .picking import Pick, one, weighted

SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana", "role": "player"}, {"name": "bo", "role": "player"}]
RATINGS = ["d4", "d6", "d8", "d10", "d12"]
CATEGORIES = ["lightly-injured", "badly-injured", "wounded", "severely-wounded", "dying", "dead", "wrecked", "shutting-down"]
SHIELD = {"name": "shield", "rating": 2, "against": ["kinetic ranged"]}


def character(pick: Pick, cid: str) -> dict:
    stats = [{"category": c, "name": f"{c[:3]}-{n}", "rating": one(pick, RATINGS)} for c in ("style", "training", "knowledge") for n in range(pick(2))]
    troubled = [f"trouble {n}" for n in range(pick(3) * 5 - 5)]  # up to ten states: bad shit comes often
    return {
        "id": cid, "name": cid.title(), "controller": one(pick, ["ana", "bo", None]), "body": one(pick, ["organic", "mechanical"]),
        "stats": stats, "resolveMax": pick(4) - 1, "negativeStates": troubled,
        "protection": [SHIELD] if pick(3) == 1 else [],
    }  # fmt: skip


def nc(pick: Pick, nid: str) -> dict:
    return {
        "id": nid, "name": nid.title(), "mechanical": pick(2) == 1,
        "stats": [{"name": "Guard", "value": pick(12) + 4}, {"name": "Wits", "value": pick(10)}],
        "standardDamage": one(pick, CATEGORIES[:5]), "protection": [SHIELD] if pick(3) == 1 else [],
    }  # fmt: skip


def setup_for(seed: str) -> dict:
    n = sum(map(ord, seed))
    stats = [{"category": "style", "name": "Cool", "rating": "d8"}, {"category": "training", "name": "Guns", "rating": "d6"},
             {"category": "knowledge", "name": "Streets", "rating": "d10"}]  # fmt: skip
    return {
        "luck": n % 5, "scene": 1 + n % 3,
        "rules": {"resolveLimit": "push-and-push-through" if n % 2 else "one-per-check"},
        "characters": [{"id": "vex", "name": "Vex", "controller": "ana", "stats": stats, "resolveMax": 3,
                        "negativeStates": [f"trouble {k}" for k in range(n % 8)]}],
        "ncs": [{"id": "goon", "name": "Goon", "stats": [{"name": "Guard", "value": 12}], "standardDamage": "wounded"}],
    }  # fmt: skip


def _who(state: dict, pick: Pick) -> tuple[str, str]:
    """A character id and a seat that may play it (sometimes one that may not, or no such character)."""
    chars = state["characters"]
    if not chars or pick(25) == 1:
        return "nobody", "gm"
    c = one(pick, chars)
    seat = c.get("controller") or one(pick, ["ana", "bo"])
    if pick(12) == 1:
        seat = "bo" if seat == "ana" else "ana"
    return c["id"], one(pick, [seat, seat, "gm"])


def _check(state: dict, pick: Pick) -> tuple[dict | None, str]:
    checks = state["openChecks"]
    if not checks or pick(20) == 1:  # a check already applied (or never made)
        return {"id": f"check-{pick(state['checksMade'] + 1)}", "check": {"dice": [{"id": "style"}]}}, "gm"
    entry = one(pick, checks)
    owner = next((c for c in state["characters"] if c["id"] == entry["character"]), None)
    seat = (owner or {}).get("controller") or "ana"
    return entry, one(pick, [seat, seat, "gm"])


def _stat(state: dict, cid: str, category: str, pick: Pick) -> str | None:
    c = next((c for c in state["characters"] if c["id"] == cid), None)
    names = [s["name"] for s in (c or {}).get("stats", []) if s["category"] == category]
    if not names or (len(names) == 1 and pick(2) == 1):
        return None
    return one(pick, names)


def stk(state, pick):
    cid, seat = _who(state, pick)
    params = {"character": cid, "luck": pick(3) - 1 if pick(3) == 1 else 0}
    for category in ("style", "training", "knowledge"):
        if name := _stat(state, cid, category, pick):
            params[category] = name
    if state["ncs"] and pick(3) == 1:
        params["against"] = {"nc": one(pick, state["ncs"])["id"], "stat": one(pick, ["Guard", "Wits"])}
    elif pick(3) > 1:
        params["dn"] = pick(20) + 4
    if pick(4) == 1:
        params["bonuses"] = [{"name": "smartgun", "value": pick(5) - 2}]
    return seat, "stk-check", params


def flat(state, pick):
    cid, seat = _who(state, pick)
    category = one(pick, ["style", "training", "knowledge"])
    params = {"character": cid, "category": category, "equipmentBonus": pick(3) - 2}
    if name := _stat(state, cid, category, pick):
        params["stat"] = name
    return seat, "flat-check", params


def spend_luck(state, pick):
    entry, seat = _check(state, pick)
    return seat, "spend-luck", {"check": entry["id"], "points": pick(2)}


def push(state, pick):
    entry, seat = _check(state, pick)
    ids = [d["id"] for d in entry["check"]["dice"]]
    dice = [d for d in ids if pick(2) == 1][:3] or ids[:1]
    return seat, "push", {"check": entry["id"], "dice": dice}


def check_ref(name):
    def build(state, pick):
        entry, seat = _check(state, pick)
        return seat, name, {"check": entry["id"]}

    return build


def defend(state, pick):
    entry, seat = _check(state, pick)
    params = {"check": entry["id"], "situation": _situation(pick)}
    if state["ncs"] and pick(2) == 1:
        params["attacker"] = one(pick, state["ncs"])["id"]
    else:
        params["incoming"] = one(pick, CATEGORIES[:5])
    return seat, "defend", params


def attack(state, pick):
    entry, seat = _check(state, pick)
    target = one(pick, state["ncs"])["id"] if state["ncs"] else "nobody"
    return seat, "attack", {"check": entry["id"], "target": target, "situation": _situation(pick)}


def _situation(pick):
    out = {}
    if pick(2) == 1:
        out["mitigation"] = [pick(3) - 1]
    if pick(3) == 1:
        out["range"] = {"ideal": 3, "distance": pick(6) - 1}
    if pick(2) == 1:
        out["attackType"] = one(pick, ["kinetic ranged", "melee"])
    return out


def take_damage(state, pick):
    cid, _ = _who(state, pick)
    return "gm", "take-damage", {"character": cid, "category": one(pick, CATEGORIES)}


def stat_measure(state, pick):
    cid, _ = _who(state, pick)
    params = {}
    if pick(2) == 1:
        params["dice"] = pick(6) - 1
    else:
        params["diceFrom"] = {"character": cid, "value": one(pick, ["apathy", "dissonance", "resolve", "negative-states"])}
    if pick(2) == 1 or not state["ncs"]:
        params["against"] = pick(5) - 1
    else:
        params["againstFrom"] = {"nc": one(pick, state["ncs"])["id"], "value": one(pick, ["Guard", "Wits"])}
    return one(pick, ["gm", "ana"]), "stat-measure", params


def death_measure(state, pick):
    dying = [c for c in state["characters"] if any(s in ("dying", "shutting-down") for s in c["negativeStates"])]
    cid = one(pick, dying)["id"] if dying and pick(5) > 1 else _who(state, pick)[0]
    return "gm", "death-measure", {"character": cid, "spendResolve": pick(4) == 1}


def counter(name):
    def build(state, pick):
        cid, seat = _who(state, pick)
        return ("gm" if pick(8) > 1 else seat), name, {"character": cid}

    return build


def enter(state, pick):
    cid, seat = _who(state, pick)
    return seat, "enter-cyberspace", {"character": cid, "space": one(pick, ["avi", "vri"])}


def leave(state, pick):
    inside = [c for c in state["characters"] if c.get("cyberspace")]
    if not inside or pick(6) == 1:
        cid, seat = _who(state, pick)
        return seat, "leave-cyberspace", {"character": cid}
    c = one(pick, inside)
    return c.get("controller") or "gm", "leave-cyberspace", {"character": c["id"]}


def set_resolve(state, pick):
    cid, _ = _who(state, pick)
    params = {"character": cid}
    if pick(2) == 1:
        params["resolve"] = pick(5) - 1
    if pick(3) == 1:
        params["resolveMax"] = pick(5) - 1
    return "gm", "set-resolve", params


def negative_state(name):
    def build(state, pick):
        cid, _ = _who(state, pick)
        held = next((c["negativeStates"] for c in state["characters"] if c["id"] == cid), [])
        if name == "remove-negative-state" and held and pick(4) > 1:
            return "gm", name, {"character": cid, "state": one(pick, held)}
        return "gm", name, {"character": cid, "state": one(pick, ["radiation sickness", "shaken", "wounded", "dying"])}

    return build


def add_character(state, pick):
    cid = f"pc{pick(8)}"
    return ("gm" if pick(10) > 1 else "ana"), "add-character", character(pick, cid)


def remove_character(state, pick):
    cid, _ = _who(state, pick)
    return "gm", "remove-character", {"character": cid}


def add_nc(state, pick):
    return "gm", "add-nc", nc(pick, f"nc{pick(6)}")


def remove_nc(state, pick):
    nid = one(pick, state["ncs"])["id"] if state["ncs"] and pick(6) > 1 else "ghost"
    return "gm", "remove-nc", {"nc": nid}


def set_luck(state, pick):
    return "gm", "set-luck", {"luck": pick(6) - 1}


def end_scene(state, pick):
    dying = [c["id"] for c in state["characters"] if any(s in ("dying", "shutting-down") for s in c["negativeStates"])]
    return "gm", "end-scene", {"resistDeath": [d for d in dying if pick(3) == 1]}


MOVES = [  # (weight, builder): checks come often, so the follow-ups have checks to act on
    (8, stk), (3, flat), (3, spend_luck), (3, push), (3, check_ref("push-through")), (3, check_ref("apply-check")),
    (3, defend), (3, attack), (2, take_damage), (2, stat_measure), (2, death_measure),
    (1, counter("gain-apathy")), (1, counter("gain-dissonance")), (1, enter), (2, leave),
    (1, set_resolve), (1, negative_state("add-negative-state")), (1, negative_state("remove-negative-state")),
    (1, add_character), (1, remove_character), (1, add_nc), (1, remove_nc), (1, set_luck), (1, end_scene),
]  # fmt: skip


def chooser_for(seed: str):
    def choose(state: dict, seats: list[dict], pick: Pick) -> tuple[str, str, dict]:
        if pick(40) == 1:
            return "gm", "session/rotate-seed", {}
        if not state["characters"]:
            return _named(add_character(state, pick))
        if not state["openChecks"] and pick(4) > 1:
            return _named(stk(state, pick))
        return _named(weighted(pick, MOVES)(state, pick))

    return choose


def _named(choice: tuple[str, str, dict]) -> tuple[str, str, dict]:
    seat, name, params = choice
    return seat, f"neurosystem/{name}", params
