"""The session's game state, one typed model, and the small lookups every session mechanic shares.

`NcbState` holds the table's rules, its combatants by id and the running combat (or none). It is
stored as its camelCase JSON (`{"rules", "combatants": {id: combatant}, "combat"}`), as it always
was; the registry loads it before a handler runs and stores what the handler returns. A combatant
holds its sheet plus `condition`, `deathSaves`, `lastBreath`, `helpless` and `lastBreathOffered`
(the last hit dropped it to 0 with Last Breath ready: it may still take it). Nothing here changes
a value it is given: updates return a new one (`model_copy(update=…)`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.errors import Problem
from service.model import Model
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
from service.systems.ncb.rules.abilities import ABILITIES, SUBCLASS_LEVEL, Ability, modifier
from service.systems.ncb.rules.d20 import roll_mode
from service.systems.ncb.rules.damage import DEAD, DOWN, Vitals, damage_reduction
from service.systems.ncb.rules.turns import InitiativeEntry
from service.systems.ncb.rules.weapons import Weapon, weapon_dice
from service.systems.ncb.wire.combat import NcbCombatView
from service.systems.ncb.wire.sheet import (
    MAX_COMBATANTS,
    Armor,
    Condition,
    NcbAbilityScores,
    NcbCombatantSpec,
    NcbDebt,
    NcbImplantView,
    NcbProgramSlotState,
    NcbWeapon,
)
from service.systems.ncb.wire.table import NcbCombatantSummary

# -- the state ---------------------------------------------------------------------------------


class NcbDeathSaves(Model):
    successes: int = 0
    failures: int = 0


class NcbCombatant(Model):
    """A combatant as the session keeps it: the sheet it joined with, and what play made of it."""

    id: str
    name: str
    kind: Literal["character", "nc"]
    owner: str | None
    level: int
    subclass: str | None
    abilities: NcbAbilityScores
    armor_class: int
    armor: Armor
    plating: int
    max_hp: int
    hp: int
    hit_die: Literal[6, 8, 10, 12]
    hit_dice: int
    speed: int
    initiative_bonus: int
    save_proficiencies: tuple[Ability, ...]
    program_ability: Ability
    ram_max: int
    ram: int
    chrome_slots: int
    chrome_capacity: int
    weapons: tuple[NcbWeapon, ...]
    eddies: int
    debts: tuple[NcbDebt, ...]
    exhaustion: int
    last_breath: bool
    use_last_breath: bool
    program_slots: tuple[NcbProgramSlotState, ...]
    chrome: tuple[NcbImplantView, ...]
    last_breath_offered: bool = False
    condition: Condition
    death_saves: NcbDeathSaves
    helpless: bool


class NcbState(Model):
    """An NCB session: the table's rules, its combatants by id, and the running combat."""

    rules: NcbRules = Field(default_factory=NcbRules)
    combatants: dict[str, NcbCombatant] = Field(default_factory=dict)
    combat: NcbCombatView | None = None


def get(state: NcbState, cid: str) -> NcbCombatant:
    found = state.combatants.get(cid)
    if found is None:
        known = ", ".join(state.combatants) or "none yet"
        raise refuse(UNKNOWN_COMBATANT, f"no combatant {cid!r} in this session (known: {known})")
    return found


def put(state: NcbState, combatant: NcbCombatant) -> NcbState:
    return state.model_copy(update={"combatants": {**state.combatants, combatant.id: combatant}})


def with_combat(state: NcbState, combat: NcbCombatView | None) -> NcbState:
    return state.model_copy(update={"combat": combat})


# -- who may do what -------------------------------------------------------------------------


def require_gm(actor: Actor, what: str) -> None:
    if actor.role != "gm":
        raise Problem("forbidden", f"only the GM may {what}")


def require_control(actor: Actor, combatant: NcbCombatant) -> None:
    """The GM runs everyone; a player runs the combatants whose owner is its seat."""
    if actor.role == "gm" or combatant.owner in (actor.name, actor.seat):
        return
    raise Problem("forbidden", f"{combatant.id} is not run by seat {actor.name!r}")


def require_able(combatant: NcbCombatant) -> None:
    condition = combatant.condition
    if condition in DEAD or condition in DOWN:
        raise refuse(CANNOT_ACT, f"{combatant.id} is {condition} and cannot act", condition=condition)
    if combatant.helpless:
        raise refuse(CANNOT_ACT, f"{combatant.id} is helpless and cannot act", condition="helpless")


def require_living(target: NcbCombatant) -> None:
    if target.condition in DEAD:
        raise refuse(TARGET_DOWN, f"{target.id} is already {target.condition}")


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


def build(spec: NcbCombatantSpec, rules: NcbRules) -> NcbCombatant:
    """A combatant as the session keeps it, or a refusal naming the rule it breaks."""
    if spec.subclass is not None and spec.level < SUBCLASS_LEVEL:
        raise refuse(
            SUBCLASS_TOO_EARLY, f"{spec.id}: subclasses unlock at level {SUBCLASS_LEVEL}, not {spec.level}"
        )
    for weapon in spec.weapons:
        weapon_dice(weapon_of(weapon), rules)
    slots = rules.chrome_slots if spec.chrome_slots is None else spec.chrome_slots
    capacity = rules.chrome_capacity if spec.chrome_capacity is None else spec.chrome_capacity
    installed: tuple[NcbImplantView, ...] = ()
    for implant in spec.chrome:
        installed = chrome.install(installed, implant, slots=slots, capacity=capacity)
    sheet = {name: getattr(spec, name) for name in NcbCombatantSpec.model_fields if name != "program_slots"}
    return NcbCombatant.model_validate(  # not strict: the sheet's lists become the state's tuples
        {
            **sheet,
            "hp": spec.max_hp if spec.hp is None else spec.hp,
            "hit_dice": spec.level if spec.hit_dice is None else spec.hit_dice,
            "ram": spec.ram_max if spec.ram is None else spec.ram,
            "program_slots": tuple(
                NcbProgramSlotState(tier=i + 1, total=n, used=0) for i, n in enumerate(spec.program_slots)
            ),
            "chrome_slots": slots,
            "chrome_capacity": capacity,
            "chrome": installed,
            "last_breath": (spec.kind == "character") if spec.last_breath is None else spec.last_breath,
            "last_breath_offered": False,
            "condition": "up",
            "death_saves": NcbDeathSaves(),
            "helpless": False,
        },
        strict=False,
    )


def add(state: NcbState, spec: NcbCombatantSpec) -> NcbState:
    if spec.id in state.combatants:
        raise refuse(DUPLICATE_COMBATANT, f"a combatant {spec.id!r} is already at this table")
    if len(state.combatants) >= MAX_COMBATANTS:
        raise refuse(TABLE_FULL, f"a session holds at most {MAX_COMBATANTS} combatants")
    return put(state, build(spec, state.rules))


# -- effective numbers (chrome and exhaustion included) ----------------------------------------


def scores(c: NcbCombatant) -> dict[Ability, int]:
    bonus = chrome.totals(c.chrome)
    return {name: getattr(c.abilities, name) + getattr(bonus, name) for name in ABILITIES}


def ability_mod(c: NcbCombatant, ability: Ability) -> int:
    return modifier(scores(c)[ability])


def armor_class(c: NcbCombatant) -> int:
    return c.armor_class + chrome.totals(c.chrome).armor_class


def reduction(c: NcbCombatant, rules: NcbRules) -> int:
    return damage_reduction(c.armor, c.plating, rules.reduction_cap, chrome.totals(c.chrome).damage_reduction)


def speed(c: NcbCombatant, rules: NcbRules) -> int:
    return exhaustion.speed(max(0, c.speed + chrome.totals(c.chrome).speed), c.exhaustion, rules)


def initiative_bonus(c: NcbCombatant, rules: NcbRules) -> int:
    raw = ability_mod(c, "dexterity") + c.initiative_bonus + chrome.totals(c.chrome).initiative
    return raw - exhaustion.d20_penalty(c.exhaustion, rules)


def penalty(c: NcbCombatant, rules: NcbRules) -> int:
    return exhaustion.d20_penalty(c.exhaustion, rules)


# -- vitals in and out ----------------------------------------------------------------------------


def vitals(c: NcbCombatant, rules: NcbRules) -> Vitals:
    """What the rules see. A Last Breath offer is left out: any rule that changes vitals closes it."""
    return Vitals(
        hp=c.hp,
        max_hp=c.max_hp,
        condition=c.condition,
        damage_reduction=reduction(c, rules),
        death_successes=c.death_saves.successes,
        death_failures=c.death_saves.failures,
        last_breath=c.last_breath,
        exhaustion=c.exhaustion,
        nc=c.kind == "nc",
        helpless=c.helpless or c.condition in DOWN,
    )


def with_vitals(c: NcbCombatant, v: Vitals) -> NcbCombatant:
    return c.model_copy(
        update={
            "hp": v.hp,
            "condition": v.condition,
            "death_saves": NcbDeathSaves(successes=v.death_successes, failures=v.death_failures),
            "last_breath": v.last_breath,
            "last_breath_offered": v.last_breath_offered,
            "exhaustion": v.exhaustion,
        }
    )


def summary(c: NcbCombatant, rules: NcbRules) -> NcbCombatantSummary:
    return NcbCombatantSummary(
        id=c.id,
        name=c.name,
        kind=c.kind,
        owner=c.owner,
        level=c.level,
        hp=c.hp,
        max_hp=c.max_hp,
        condition=c.condition,
        armor_class=armor_class(c),
        damage_reduction=reduction(c, rules),
        exhaustion=c.exhaustion,
        death_successes=c.death_saves.successes,
        death_failures=c.death_saves.failures,
        last_breath=c.last_breath,
        last_breath_offered=c.last_breath_offered,
        helpless=c.helpless,
        ram=c.ram,
        ram_max=c.ram_max,
        eddies=c.eddies,
    )


# -- the combat, from a mechanic's point of view ----------------------------------------------------


def require_combat(state: NcbState) -> NcbCombatView:
    if state.combat is None:
        raise refuse(NO_COMBAT, "no combat is running; the GM starts one with start-combat")
    return state.combat


def in_combat(state: NcbState, cid: str) -> bool:
    return state.combat is not None and cid in tracker.ids(state.combat)


def require_out_of_combat(state: NcbState, c: NcbCombatant) -> None:
    if in_combat(state, c.id):
        raise refuse(COMBAT_RUNNING, f"{c.id} is in a running combat; rest when it ends")


def initiative_entry(c: NcbCombatant, rules: NcbRules, advantage: bool, disadvantage: bool) -> InitiativeEntry:
    if c.condition in DEAD:
        raise refuse(CANNOT_ACT, f"{c.id} is {c.condition} and takes no part in combat", condition=c.condition)
    return InitiativeEntry(c.id, initiative_bonus(c, rules), scores(c)["dexterity"], roll_mode(advantage, disadvantage))


def spend(
    state: NcbState, cid: str, slot: tracker.Slot | Literal["none"]
) -> tuple[NcbState, tracker.Slot | None]:
    """Spend `slot` for `cid` in the running combat; outside combat nothing is tracked."""
    if state.combat is None or slot == "none":
        return state, None
    return with_combat(state, tracker.spend(state.combat, cid, slot)), slot


def start_turn(state: NcbState) -> NcbState:
    """The current combatant's turn begins: economy refreshed, its round cooldowns tick."""
    combat = require_combat(state)
    c = state.combatants[combat.current]
    state = put(state, c.model_copy(update={"chrome": chrome.tick(c.chrome)}))
    return with_combat(state, tracker.start_turn(combat, speed(c, state.rules)))


def takes_turns(state: NcbState, cid: str) -> bool:
    c = state.combatants.get(cid)
    return c is not None and c.condition not in DEAD


def combat_over(state: NcbState) -> NcbState:
    """The fight is over: no tracker, and round-counted chrome cooldowns run out."""
    combatants = {
        cid: c.model_copy(update={"chrome": chrome.refresh(c.chrome, "combat-end")})
        for cid, c in state.combatants.items()
    }
    return state.model_copy(update={"combatants": combatants, "combat": None})
