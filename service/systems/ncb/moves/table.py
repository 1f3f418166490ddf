"""The table (sessions only): seating, removing and adjusting combatants."""

from __future__ import annotations

from service.dice.odds import Odds, rolls_nothing
from service.dice.stream import Stream
from service.errors import Problem
from service.plain import as_dict
from service.registry import Actor
from service.systems.ncb import SYSTEM
from service.systems.ncb import state as table
from service.systems.ncb.errors import TARGET_DOWN, refuse
from service.systems.ncb.rules import turns
from service.systems.ncb.rules.damage import DEAD
from service.systems.ncb.rules.odds_initiative import join_odds
from service.systems.ncb.rules.turns import roll_initiative
from service.systems.ncb.state import NcbDeathSaves, NcbState
from service.systems.ncb.wire.checks import NcbCombatantRef
from service.systems.ncb.wire.table import (
    NcbAddCombatantAction,
    NcbCombatantResult,
    NcbCombatantSummary,
    NcbGmAdjustAction,
    NcbRemoveCombatantResult,
)


def add_combatant(
    state: NcbState, p: NcbAddCombatantAction, stream: Stream, actor: Actor
) -> tuple[NcbState, NcbCombatantResult]:
    spec = p.combatant
    if actor.role != "gm":
        if spec.owner is not None and spec.owner not in (actor.name, actor.seat):
            raise Problem("forbidden", "a player adds combatants for its own seat only")
        spec = spec.model_copy(update={"owner": actor.name})
    state = table.add(state, spec)
    rules = state.rules
    c = table.get(state, spec.id)
    roll = None
    if p.join_combat and state.combat is not None:
        (roll,) = roll_initiative(stream, [table.initiative_entry(c, rules, False, False)])
        state = table.with_combat(state, turns.join(state.combat, roll))
    result = NcbCombatantResult.model_validate(
        {
            "combatant": table.summary(c, rules),
            "initiative": None if roll is None else as_dict(roll),
            "combat": state.combat,
        }
    )
    return state, result


def add_combatant_odds(state: NcbState, p: NcbAddCombatantAction, actor: Actor) -> Odds:
    """A newcomer joining the running combat: its initiative and its place. Without a combat to join (or
    without `joinCombat`) the newcomer is still seated and nothing is rolled, answered as every game
    answers an action that rolls nothing (`rolls_nothing`), not refused."""
    spec = p.combatant
    if actor.role != "gm":
        spec = spec.model_copy(update={"owner": actor.name})
    state = table.add(state, spec)  # on this copy only: the odds change nothing
    if not p.join_combat or state.combat is None:
        return rolls_nothing()
    c = table.get(state, spec.id)
    return join_odds(state.combat, table.initiative_entry(c, state.rules, False, False))


def remove_combatant(
    state: NcbState, p: NcbCombatantRef, actor: Actor
) -> tuple[NcbState, NcbRemoveCombatantResult]:
    table.require_gm(actor, "remove a combatant")
    c = table.get(state, p.combatant)
    combatants = {k: v for k, v in state.combatants.items() if k != c.id}
    state = state.model_copy(update={"combatants": combatants})
    combat = state.combat
    if combat is not None and c.id in turns.ids(combat):
        left = turns.leave(combat, c.id)
        if left is None:
            state = table.combat_over(state)
        elif combat.current == c.id:
            state = table.start_turn(table.with_combat(state, left))
        else:
            state = table.with_combat(state, left)
    return state, NcbRemoveCombatantResult.model_validate({"removed": c.id, "combat": state.combat})


def gm_adjust(
    state: NcbState, p: NcbGmAdjustAction, actor: Actor
) -> tuple[NcbState, NcbCombatantSummary]:
    table.require_gm(actor, "adjust a combatant")
    rules = state.rules
    c = table.get(state, p.combatant)
    if c.condition in DEAD:
        raise refuse(TARGET_DOWN, f"{c.id} is {c.condition}; that is final")
    if p.hp is not None:
        hp = min(p.hp, c.max_hp)
        if hp > 0:
            c = c.model_copy(update={"hp": hp, "condition": "up", "death_saves": NcbDeathSaves()})
        elif c.condition == "up":
            c = c.model_copy(update={"hp": 0, "condition": "dying", "death_saves": NcbDeathSaves()})
    if p.helpless is not None:
        c = c.model_copy(update={"helpless": p.helpless})
    if p.exhaustion is not None:
        c = c.model_copy(update={"exhaustion": p.exhaustion})
    if p.ram is not None:
        c = c.model_copy(update={"ram": min(p.ram, c.ram_max)})
    if p.last_breath is not None:
        c = c.model_copy(update={"last_breath": p.last_breath})
    if p.hp is not None or p.last_breath is not None:
        c = c.model_copy(update={"last_breath_offered": False})  # the fiction moved on from the hit that offered
    return table.put(state, c), table.summary(c, rules)


SYSTEM.mechanic(
    "add-combatant",
    "Seat a character or NC at the table",
    "Validated against the table's rules (weapon band, chrome slots and capacity, subclass level). A player "
    "adds combatants for its own seat; with joinCombat it also rolls into a running combat.",
    session=add_combatant,
    session_odds=add_combatant_odds,
)
SYSTEM.mechanic(
    "remove-combatant",
    "Take a combatant off the table (GM)",
    "Also drops it from the initiative order; if it had the turn, the turn passes on.",
    session=remove_combatant,
)
SYSTEM.mechanic(
    "gm-adjust",
    "Override a combatant's HP, helplessness, exhaustion, RAM or Last Breath (GM)",
    "For what the fiction changed. HP 0 leaves a standing combatant dying; HP above 0 brings it up.",
    session=gm_adjust,
)
