"""The session's game state and the small lookups every session mechanic shares.

State (JSON-ready, camelCase like the wire):
`{"rules": {...}, "combatants": {id: combatant}, "combat": tracker | None}`.
A combatant holds its sheet plus `condition`, `deathSaves`, `lastBreath`, `helpless` and
`lastBreathOffered` (the last hit dropped it to 0 with Last Breath ready: it may still take it).
Functions here never mutate what they are given; they return new dicts.
"""

from __future__ import annotations

from typing import Literal

from service.errors import Problem
from service.registry import Actor
from service.systems.ncb.errors import (
    CANNOT_ACT,
    COMBAT_RUNNING,
    DUPLICATE_COMBATANT,
    NO_COMBAT,
    SUBCLASS_TOO_EARLY,
    TABLE_FULL,
    TARGET_DOWN,
    UNKNOWN_COMBATANT,
    refuse,
)
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules import chrome, exhaustion
from service.systems.ncb.rules import turns as tracker
from service.systems.ncb.rules.abilities import ABILITIES, SUBCLASS_LEVEL, modifier
from service.systems.ncb.rules.d20 import roll_mode
from service.systems.ncb.rules.damage import DEAD, DOWN, Vitals, damage_reduction
from service.systems.ncb.rules.turns import InitiativeEntry
from service.systems.ncb.rules.weapons import Weapon, weapon_dice
from service.systems.ncb.wire.sheet import MAX_COMBATANTS, NcbCombatantSpec, NcbWeapon

# -- the state as a whole -------------------------------------------------------------------


def rules_of(state: dict) -> NcbRules:
    return NcbRules.model_validate(state["rules"])


def get(state: dict, cid: str) -> dict:
    found = state["combatants"].get(cid)
    if found is None:
        known = ", ".join(state["combatants"]) or "none yet"
        raise refuse(UNKNOWN_COMBATANT, f"no combatant {cid!r} in this session (known: {known})")
    return found


def put(state: dict, combatant: dict) -> dict:
    return {**state, "combatants": {**state["combatants"], combatant["id"]: combatant}}


def with_combat(state: dict, combat: dict | None) -> dict:
    return {**state, "combat": combat}


# -- who may do what -------------------------------------------------------------------------


def require_gm(actor: Actor, what: str) -> None:
    if actor.role != "gm":
        raise Problem("forbidden", f"only the GM may {what}")


def require_control(actor: Actor, combatant: dict) -> None:
    """The GM runs everyone; a player runs the combatants whose owner is its seat."""
    if actor.role == "gm" or combatant["owner"] in (actor.name, actor.seat):
        return
    raise Problem("forbidden", f"{combatant['id']} is not run by seat {actor.name!r}")


def require_able(combatant: dict) -> None:
    condition = combatant["condition"]
    if condition in DEAD or condition in DOWN:
        raise refuse(CANNOT_ACT, f"{combatant['id']} is {condition} and cannot act", condition=condition)
    if combatant["helpless"]:
        raise refuse(CANNOT_ACT, f"{combatant['id']} is helpless and cannot act", condition="helpless")


# -- building combatants -------------------------------------------------------------------------


def weapon_of(model: NcbWeapon) -> Weapon:
    return Weapon(
        name=model.name,
        damage_dice=model.damage_dice,
        style=model.style,
        finesse=model.finesse,
        heavy=model.heavy,
        overkill=model.overkill,
        tech_bonus=model.tech_bonus,
        tags=tuple(model.tags),
    )


def build(spec: NcbCombatantSpec, rules: NcbRules) -> dict:
    """A combatant as the session stores it, or a refusal naming the rule it breaks."""
    if spec.subclass is not None and spec.level < SUBCLASS_LEVEL:
        raise refuse(
            SUBCLASS_TOO_EARLY, f"{spec.id}: subclasses unlock at level {SUBCLASS_LEVEL}, not {spec.level}"
        )
    for weapon in spec.weapons:
        weapon_dice(weapon_of(weapon), rules)
    slots = rules.chrome_slots if spec.chrome_slots is None else spec.chrome_slots
    capacity = rules.chrome_capacity if spec.chrome_capacity is None else spec.chrome_capacity
    installed: list[dict] = []
    for implant in spec.chrome:
        installed = chrome.install(
            installed, implant.model_dump(mode="json", by_alias=True), slots=slots, capacity=capacity
        )
    sheet = spec.model_dump(mode="json", by_alias=True, exclude={"chrome", "program_slots"})
    return {
        **sheet,
        "hp": spec.max_hp if spec.hp is None else spec.hp,
        "hitDice": spec.level if spec.hit_dice is None else spec.hit_dice,
        "ram": spec.ram_max if spec.ram is None else spec.ram,
        "programSlots": [{"tier": i + 1, "total": n, "used": 0} for i, n in enumerate(spec.program_slots)],
        "chromeSlots": slots,
        "chromeCapacity": capacity,
        "chrome": installed,
        "lastBreath": (spec.kind == "character") if spec.last_breath is None else spec.last_breath,
        "lastBreathOffered": False,
        "condition": "up",
        "deathSaves": {"successes": 0, "failures": 0},
        "helpless": False,
    }


def add(state: dict, spec: NcbCombatantSpec) -> dict:
    if spec.id in state["combatants"]:
        raise refuse(DUPLICATE_COMBATANT, f"a combatant {spec.id!r} is already at this table")
    if len(state["combatants"]) >= MAX_COMBATANTS:
        raise refuse(TABLE_FULL, f"a session holds at most {MAX_COMBATANTS} combatants")
    return put(state, build(spec, rules_of(state)))


# -- effective numbers (chrome and exhaustion included) ----------------------------------------


def scores(c: dict) -> dict[str, int]:
    bonus = chrome.totals(c["chrome"])
    return {name: c["abilities"][name] + bonus[name] for name in ABILITIES}


def ability_mod(c: dict, ability: str) -> int:
    return modifier(scores(c)[ability])


def armor_class(c: dict) -> int:
    return c["armorClass"] + chrome.totals(c["chrome"])["armorClass"]


def reduction(c: dict, rules: NcbRules) -> int:
    return damage_reduction(
        c["armor"], c["plating"], rules.reduction_cap, chrome.totals(c["chrome"])["damageReduction"]
    )


def speed(c: dict, rules: NcbRules) -> int:
    return exhaustion.speed(max(0, c["speed"] + chrome.totals(c["chrome"])["speed"]), c["exhaustion"], rules)


def initiative_bonus(c: dict, rules: NcbRules) -> int:
    raw = ability_mod(c, "dexterity") + c["initiativeBonus"] + chrome.totals(c["chrome"])["initiative"]
    return raw - exhaustion.d20_penalty(c["exhaustion"], rules)


def penalty(c: dict, rules: NcbRules) -> int:
    return exhaustion.d20_penalty(c["exhaustion"], rules)


# -- vitals in and out ----------------------------------------------------------------------------


def vitals(c: dict, rules: NcbRules) -> Vitals:
    """What the rules see. A Last Breath offer is left out: any rule that changes vitals closes it."""
    return Vitals(
        hp=c["hp"],
        max_hp=c["maxHp"],
        condition=c["condition"],
        damage_reduction=reduction(c, rules),
        death_successes=c["deathSaves"]["successes"],
        death_failures=c["deathSaves"]["failures"],
        last_breath=c["lastBreath"],
        exhaustion=c["exhaustion"],
        nc=c["kind"] == "nc",
        helpless=c["helpless"] or c["condition"] in DOWN,
    )


def with_vitals(c: dict, v: Vitals) -> dict:
    return {
        **c,
        "hp": v.hp,
        "condition": v.condition,
        "deathSaves": {"successes": v.death_successes, "failures": v.death_failures},
        "lastBreath": v.last_breath,
        "lastBreathOffered": v.last_breath_offered,
        "exhaustion": v.exhaustion,
    }


def summary(c: dict, rules: NcbRules) -> dict:
    return {
        "id": c["id"],
        "name": c["name"],
        "kind": c["kind"],
        "owner": c["owner"],
        "level": c["level"],
        "hp": c["hp"],
        "maxHp": c["maxHp"],
        "condition": c["condition"],
        "armorClass": armor_class(c),
        "damageReduction": reduction(c, rules),
        "exhaustion": c["exhaustion"],
        "deathSuccesses": c["deathSaves"]["successes"],
        "deathFailures": c["deathSaves"]["failures"],
        "lastBreath": c["lastBreath"],
        "lastBreathOffered": c.get("lastBreathOffered", False),
        "helpless": c["helpless"],
        "ram": c["ram"],
        "ramMax": c["ramMax"],
        "eddies": c["eddies"],
    }


# -- the tracker from a mechanic's point of view --------------------------------------------------


def spend(state: dict, cid: str, slot: tracker.Slot | Literal["none"]) -> tuple[dict, tracker.Slot | None]:
    """Spend `slot` for `cid` in the running combat; outside combat nothing is tracked."""
    combat = state["combat"]
    if combat is None or slot == "none":
        return state, None
    return with_combat(state, tracker.spend(combat, cid, slot)), slot


def start_turn(state: dict, rules: NcbRules) -> dict:
    """The current combatant's turn begins: economy refreshed, its round cooldowns tick."""
    combat = state["combat"]
    c = state["combatants"][combat["current"]]
    state = put(state, {**c, "chrome": chrome.tick(c["chrome"])})
    return with_combat(state, tracker.start_turn(combat, speed(c, rules)))


def takes_turns(state: dict, cid: str) -> bool:
    c = state["combatants"].get(cid)
    return c is not None and c["condition"] not in DEAD


# -- the combat, as the session keeps it --------------------------------------------------------


def require_combat(state: dict) -> dict:
    if state["combat"] is None:
        raise refuse(NO_COMBAT, "no combat is running; the GM starts one with start-combat")
    return state["combat"]


def initiative_entry(c: dict, rules: NcbRules, advantage: bool, disadvantage: bool) -> InitiativeEntry:
    if c["condition"] in DEAD:
        raise refuse(CANNOT_ACT, f"{c['id']} is {c['condition']} and takes no part in combat", condition=c["condition"])
    return InitiativeEntry(
        c["id"], initiative_bonus(c, rules), scores(c)["dexterity"], roll_mode(advantage, disadvantage)
    )


def require_out_of_combat(state: dict, c: dict) -> None:
    combat = state["combat"]
    if combat is not None and c["id"] in (s["id"] for s in combat["order"]):
        raise refuse(COMBAT_RUNNING, f"{c['id']} is in a running combat; rest when it ends")


def require_living(target: dict) -> None:
    if target["condition"] in DEAD:
        raise refuse(TARGET_DOWN, f"{target['id']} is already {target['condition']}")


def combat_over(state: dict) -> dict:
    """The fight is over: no tracker, and round-counted chrome cooldowns run out."""
    combatants = {
        cid: {**c, "chrome": chrome.refresh(c["chrome"], "combat-end")} for cid, c in state["combatants"].items()
    }
    return {**state, "combatants": combatants, "combat": None}
