"""Random d e s e r t tables for replay: moving between sections and districts, statements, bypasses,
reactions, hacking, memory logs, consequences and time."""

from __future__ import annotations

from service.declare import load_state
from service.systems.desert.rules.security_logs import missing_statements, screen_for
from service.systems.desert.state import DesertState

from .picking import Pick, one, weighted

SEATS = [{"name": "gm", "role": "gm"}, {"name": "ana", "role": "player"}, {"name": "bo", "role": "player"}]
CATEGORIES = ["tracking", "access", "network", "audio", "video", "neuro"]
REACTIONS = {"positive": ["display", "welcome", "open up"], "negative": ["tag", "call", "disable"]}
ENCOUNTERS = [
    {"encounter": "a neighbour asks for help", "timeOfDay": "daytime"},
    {"encounter": "a man comes up the cellar steps", "timeOfDay": "evening"},
    {"encounter": "a party spills into the garden", "timeOfDay": "past-midnight"},
    {"encounter": "a courier is lost", "timeOfDay": "daytime"},
    {"encounter": "someone argues about the vote", "timeOfDay": "evening"},
    {"encounter": "a drone crashes into the hedge", "timeOfDay": "past-midnight"},
]
WIEK = {
    "id": "wiek", "name": "wiekhaus", "control": 1, "identity": "intimate", "reactions": REACTIONS, "encounters": ENCOUNTERS,
    "sections": [{"number": 1, "name": "garden", "checkboxes": ["tracking"]},
                 {"number": 2, "name": "wall", "checkboxes": ["tracking", "access"]},
                 {"number": 3, "name": "cellar", "checkboxes": []}],
}  # fmt: skip
OLD_TOWN = {"id": "old-town", "name": "old town", "type": 2, "control": 2, "identity": "nostalgic", "reactions": REACTIONS}
CHARACTERS = [
    {"id": "sam", "name": "Sam", "approach": {"approach": "sponsorbaby", "brand": "CZ"}},
    {"id": "timur", "name": "Timur", "approach": {"approach": "rental", "roleAttitude": "tender", "meeting": "Sam"}},
    {"id": "marin", "name": "Marin", "hacker": True},
    {"id": "ola", "name": "Ola", "approach": {"approach": "agitator"}},
]



def setup_for(seed: str) -> dict:
    n = sum(map(ord, seed))
    rules = {"requireStatements": n % 4 != 0, "onlyHolderActs": n % 5 != 0, "personalControlCount": "exactly" if n % 3 == 0 else "at-least"}
    return {"rules": rules, "buildings": [WIEK], "districts": [OLD_TOWN], "characters": CHARACTERS, "timeOfDay": ["daytime", "evening"][n % 2]}


class Table:
    """The state as one seat sees its options: the character it holds and where that one stands."""

    def __init__(self, state: dict, seats: list[dict], seat: str, pick: Pick) -> None:
        self.state, self.pick, self.seat = state, pick, seat
        self.seat_id = next(s["id"] for s in seats if s["name"] == seat)
        self.mine = state["held"].get(self.seat_id)
        self.char = state["characters"].get(self.mine) if self.mine else None

    def character(self) -> str:
        """Mostly the held character; sometimes any other, or none named (the held one by default)."""
        if self.mine and self.pick(6) > 1:
            return self.mine
        return one(self.pick, list(self.state["characters"]))

    def place(self) -> dict | None:
        if not self.char or not self.char["location"]:
            return None
        loc = self.char["location"]
        return self.state["districts"][loc["district"]] if "district" in loc else self.state["buildings"][loc["building"]]

    def missing(self) -> list[str]:
        if not self.char or not self.char["location"]:
            return []
        typed = load_state(DesertState, self.state)
        log = typed.security_logs.get(self.char["securityLog"])
        return list(missing_statements(log, screen_for(typed, typed.characters[self.char["id"]]).categories)) if log else []

    def pending(self) -> bool:
        """A blue token drawn for the held character waits for the table to pick a side."""
        return any(visit["pending"] is not None for visit in self.state["reactions"].get(self.mine, {}).values())

    def blues(self) -> list[str]:
        if not self.char or not self.char["location"]:
            return CATEGORIES
        typed = load_state(DesertState, self.state)
        return [s.category for s in screen_for(typed, typed.characters[self.char["id"]]).categories if s.blue > 0] or CATEGORIES


def building_reaction(t: Table):
    params = {"character": t.character()}
    if t.pick(3) == 1:
        params["onBlue"] = one(t.pick, ["positive", "negative"])
    return "building-reaction", params


def choose_reaction(t: Table):
    return "choose-reaction", {"character": t.character(), "side": one(t.pick, ["positive", "negative"])}


def personal_reaction(t: Table):
    place = t.place() or {"control": 0, "identity": "calm"}
    approach = (t.char or {}).get("approach") or {}
    conduct = one(t.pick, ["in-role", "in-role", "overdoing", "broke-character"])
    extra = {"sponsorbaby": [approach.get("brand")], "agitator": ["violent"], "rental": [approach.get("roleAttitude")]}.get(approach.get("approach"), [])
    extra += {"overdoing": ["obsessive"], "broke-character": ["pleading"]}.get(conduct, [])
    control = place["control"] + (1 if t.pick(8) == 1 else 0)  # now and then a token short
    labels = [place["identity"]] * min(control, 6) + [x for x in extra if x] + ["curious", "bored", "wary", "amused", "tired", "loud"]
    tokens = [{"label": label} for label in labels[:6]] if control < 6 or t.pick(2) == 1 else []
    params = {"character": t.character(), "tokens": tokens, "conduct": conduct, "applyIdentityChange": t.pick(3) > 1}
    if t.pick(3) == 1:
        params["withPerson"] = one(t.pick, ["sam", "Sam", "a stranger"])
    return "personal-reaction", params


def approach(t: Table):
    pick = one(t.pick, ["roll", "sponsorbaby", "rental", "walk-in", "sun", "esper", "agitator"])
    params = {"character": t.character(), "pick": pick}
    if pick == "sponsorbaby" or t.pick(4) == 1:
        params["brand"] = one(t.pick, ["CZ", "Arasaka"])
    if pick == "rental":
        params |= {"roleAttitude": "tender", "meeting": "Sam"}
    return "approach", params


def encounter(t: Table):
    return "encounter", {"character": t.character()}


def keep_memory_log(t: Table):
    mine = [log for log in t.state["securityLogs"].values() if log["character"] == t.mine and log["compiled"]]
    logs = mine if mine and t.pick(6) > 1 else list(t.state["securityLogs"].values())
    log_id = one(t.pick, logs)["id"] if logs else "log-99"
    access = one(t.pick, ["private", "private", "limited", "public"])
    params = {"securityLog": log_id, "access": access}
    if access == "limited" and t.pick(5) > 1:
        params["audience"] = ["the crew"]
    if t.pick(3) == 1:
        params["featuring"] = [one(t.pick, list(t.state["characters"]))]
    if t.pick(2) == 1:
        params["consents"] = [one(t.pick, list(t.state["characters"]))]
    return "keep-memory-log", params


def _memory(t: Table) -> dict | None:
    memories = list(t.state["memoryLogs"].values())
    return one(t.pick, memories) if memories else None


def consent(t: Table):
    memory = _memory(t)
    params = {"memoryLog": memory["id"] if memory else "memory-9"}
    if memory and memory["featuring"] and t.pick(3) > 1:
        params["character"] = one(t.pick, memory["featuring"])
    return "consent-memory-log", params


def set_access(t: Table):
    memory = _memory(t)
    access = one(t.pick, ["private", "limited", "public"])
    return "set-memory-log-access", {"memoryLog": memory["id"] if memory else "memory-9", "access": access, "audience": ["the crew"] if t.pick(4) > 1 else []}


def move(t: Table):
    if t.pick(3) == 1:
        to = {"district": one(t.pick, list(t.state["districts"]))}
    else:
        building = one(t.pick, list(t.state["buildings"].values()))
        to = {"building": building["id"], "section": one(t.pick, [s["number"] for s in building["sections"]] + [9])}
    return "move", {"character": t.character(), "to": to, "rollEncounter": t.pick(4) > 1}


def statement(t: Table):
    missing = t.missing()
    category = one(t.pick, missing) if missing and t.pick(5) > 1 else one(t.pick, CATEGORIES)
    params = {"character": t.character(), "category": category, "text": one(t.pick, ["nothing", "my gait", "where I sleep"])}
    if t.pick(3) == 1:
        params["featuring"] = [one(t.pick, list(t.state["characters"]))]
    return "make-statement", params


def bypass(t: Table):
    return "bypass", {"character": t.character(), "category": one(t.pick, t.blues()), "how": "a borrowed badge"}


def hack(t: Table):
    hackers = [c["id"] for c in t.state["characters"].values() if c["hacker"]]
    hacker = one(t.pick, hackers) if hackers and t.pick(6) > 1 else one(t.pick, list(t.state["characters"]))
    logs = [log for log in t.state["securityLogs"].values() if log["entries"]]
    log = one(t.pick, logs) if logs else None
    entry = one(t.pick, log["entries"])["id"] if log else "entry-9"
    action = one(t.pick, ["strike", "rewrite"])
    params = {"hacker": hacker, "securityLog": log["id"] if log else "log-99", "entry": entry, "action": action}
    if action == "rewrite" and t.pick(5) > 1:
        params["text"] = "nothing at all"
    return "hack-security-log", params


def hold(t: Table):
    free = [c for c in t.state["characters"] if c not in t.state["held"].values()]
    return "hold-character", {"character": one(t.pick, free) if free and t.pick(6) > 1 else one(t.pick, list(t.state["characters"]))}


def add_character(t: Table):
    cid = f"extra{t.pick(5)}"
    return "add-character", {"character": {"id": cid, "name": cid.title(), "hacker": t.pick(3) == 1}, "hold": t.pick(2) == 1}


def add_building(t: Table):
    bid = f"block{t.pick(4)}"
    sections = [{"number": n, "checkboxes": [one(t.pick, CATEGORIES) for _ in range(t.pick(3) - 1)]} for n in range(1, 1 + t.pick(3))]
    return "add-building", {"building": {"id": bid, "control": t.pick(7) - 1, "identity": "busy", "sections": sections, "reactions": REACTIONS, "encounters": ENCOUNTERS}}


def add_district(t: Table):
    did = f"ward{t.pick(4)}"
    return "add-district", {"district": {"id": did, "type": t.pick(6), "control": t.pick(7) - 1, "identity": "watchful", "reactions": REACTIONS}}


def add_consequence(t: Table):
    return "add-consequence", {"character": t.character(), "text": "a debt comes due", "when": one(t.pick, ["tonight", "in a week"])}


def settle(t: Table):
    open_cards = [c["id"] for c in t.state["consequences"] if not c["settled"]]
    return "settle-consequence", {"consequence": one(t.pick, open_cards) if open_cards and t.pick(5) > 1 else "consequence-99"}


def advance_time(t: Table):
    return "advance-time", {"to": one(t.pick, ["daytime", "evening", "past-midnight"])} if t.pick(3) == 1 else {}


MOVES = [
    (4, building_reaction), (2, choose_reaction), (3, personal_reaction), (1, approach), (2, encounter),
    (2, keep_memory_log), (5, move), (5, statement), (2, bypass), (2, hack), (1, hold), (1, add_character),
    (1, add_building), (1, add_district), (2, consent), (2, set_access), (1, add_consequence), (1, settle), (1, advance_time),
]  # fmt: skip


def chooser_for(seed: str):
    def choose(state: dict, seats: list[dict], pick: Pick) -> tuple[str, str, dict]:
        if pick(40) == 1:
            return "gm", "session/rotate-seed", {}
        t = Table(state, seats, one(pick, ["ana", "ana", "bo", "bo", "gm"]), pick)
        if t.char is None and pick(3) > 1:
            name, params = hold(t)
        elif t.char is not None and t.char["location"] is None and pick(3) > 1:
            name, params = move(t)
        elif t.missing() and pick(2) == 1:
            name, params = statement(t)
        elif t.pending() and pick(2) == 1:
            name, params = choose_reaction(t)
        elif not state["memoryLogs"] and pick(4) == 1:
            name, params = keep_memory_log(t)
        else:
            name, params = weighted(pick, MOVES)(t)
        return t.seat, f"desert/{name}", params

    return choose
