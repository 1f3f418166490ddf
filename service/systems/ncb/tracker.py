"""Session-only mechanics of the table: combatants in and out, and the combat tracker's turns."""

from __future__ import annotations

from service.errors import Problem
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.ncb import chrome
from service.systems.ncb import combat as turns
from service.systems.ncb import state as table
from service.systems.ncb.combat import InitiativeEntry, roll_initiative
from service.systems.ncb.d20 import roll_mode
from service.systems.ncb.damage import DEAD
from service.systems.ncb.dying import bleed_out, death_save
from service.systems.ncb.errors import (
    ALREADY_IN_COMBAT,
    CANNOT_ACT,
    COMBAT_RUNNING,
    NO_COMBAT,
    NOT_YOUR_TURN,
    TARGET_DOWN,
    refuse,
)
from service.systems.ncb.models import checks, fights
from service.systems.ncb.models import table as wire
from service.systems.ncb.options import NcbRules


def _view(state: dict) -> dict | None:
    return state["combat"]


def _require_combat(state: dict) -> dict:
    if state["combat"] is None:
        raise refuse(NO_COMBAT, "no combat is running; the GM starts one with start-combat")
    return state["combat"]


def _entry(c: dict, rules: NcbRules, advantage: bool, disadvantage: bool) -> InitiativeEntry:
    if c["condition"] in DEAD:
        raise refuse(CANNOT_ACT, f"{c['id']} is {c['condition']} and takes no part in combat", condition=c["condition"])
    return InitiativeEntry(
        c["id"], table.initiative_bonus(c, rules), table.scores(c)["dexterity"], roll_mode(advantage, disadvantage)
    )


# -- combatants ------------------------------------------------------------------------------


def add_combatant(state: dict, p: wire.NcbAddCombatantAction, stream: Stream, actor: Actor) -> tuple[dict, wire.NcbCombatantResult]:
    spec = p.combatant
    if actor.role != "gm":
        if spec.owner is not None and spec.owner not in (actor.name, actor.seat):
            raise Problem("forbidden", "a player adds combatants for its own seat only")
        spec = spec.model_copy(update={"owner": actor.name})
    state = table.add(state, spec)
    rules = table.rules_of(state)
    c = table.get(state, spec.id)
    roll = None
    if p.join_combat and state["combat"] is not None:
        (roll,) = roll_initiative(stream, [_entry(c, rules, False, False)])
        state = table.with_combat(state, turns.join(state["combat"], roll))
    result = wire.NcbCombatantResult.model_validate(
        {
            "combatant": table.summary(c, rules),
            "initiative": None if roll is None else table.as_dict(roll),
            "combat": _view(state),
        }
    )
    return state, result


def remove_combatant(state: dict, p: checks.NcbCombatantRef, stream: Stream, actor: Actor) -> tuple[dict, wire.NcbRemoveCombatantResult]:
    table.require_gm(actor, "remove a combatant")
    c = table.get(state, p.combatant)
    combatants = {k: v for k, v in state["combatants"].items() if k != c["id"]}
    state = {**state, "combatants": combatants}
    combat = state["combat"]
    if combat is not None and c["id"] in turns.ids(combat):
        left = turns.leave(combat, c["id"])
        if left is None:
            state = _over(state)
        elif combat["current"] == c["id"]:
            state = table.start_turn(table.with_combat(state, left), table.rules_of(state))
        else:
            state = table.with_combat(state, left)
    return state, wire.NcbRemoveCombatantResult.model_validate({"removed": c["id"], "combat": _view(state)})


def gm_adjust(state: dict, p: wire.NcbGmAdjustAction, stream: Stream, actor: Actor) -> tuple[dict, wire.NcbCombatantSummary]:
    table.require_gm(actor, "adjust a combatant")
    rules = table.rules_of(state)
    c = table.get(state, p.combatant)
    if c["condition"] in DEAD:
        raise refuse(TARGET_DOWN, f"{c['id']} is {c['condition']}; that is final")
    if p.hp is not None:
        hp = min(p.hp, c["maxHp"])
        if hp > 0:
            c = {**c, "hp": hp, "condition": "up", "deathSaves": {"successes": 0, "failures": 0}}
        elif c["condition"] == "up":
            c = {**c, "hp": 0, "condition": "dying", "deathSaves": {"successes": 0, "failures": 0}}
    if p.helpless is not None:
        c = {**c, "helpless": p.helpless}
    if p.exhaustion is not None:
        c = {**c, "exhaustion": p.exhaustion}
    if p.ram is not None:
        c = {**c, "ram": min(p.ram, c["ramMax"])}
    if p.last_breath is not None:
        c = {**c, "lastBreath": p.last_breath}
    if p.hp is not None or p.last_breath is not None:
        c = {**c, "lastBreathOffered": False}  # the fiction moved on from the hit that offered it
    return table.put(state, c), wire.NcbCombatantSummary(**table.summary(c, rules))


# -- the tracker -----------------------------------------------------------------------------


def start_combat(state: dict, p: wire.NcbStartCombatAction, stream: Stream, actor: Actor) -> tuple[dict, wire.NcbCombatResult]:
    table.require_gm(actor, "start a combat")
    if state["combat"] is not None:
        raise refuse(COMBAT_RUNNING, "a combat is already running; end it first")
    rules = table.rules_of(state)
    if p.participants is None:
        ids = [cid for cid, c in state["combatants"].items() if c["condition"] not in DEAD]
    else:
        ids = p.participants  # each once (the model refuses a repeated id), in the order given
    if not ids:
        raise refuse(NO_COMBAT, "nobody able to fight is at the table; add combatants first")
    entries = [_entry(table.get(state, cid), rules, cid in p.advantage, cid in p.disadvantage) for cid in ids]
    rolls = roll_initiative(stream, entries)
    state = table.start_turn(table.with_combat(state, turns.begin(rolls)), rules)
    return state, wire.NcbCombatResult.model_validate(
        {"combat": _view(state), "rolls": [table.as_dict(r) for r in rolls]}
    )


def join_combat(state: dict, p: wire.NcbJoinCombatAction, stream: Stream, actor: Actor) -> tuple[dict, wire.NcbCombatResult]:
    combat = _require_combat(state)
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    if c["id"] in turns.ids(combat):
        raise refuse(ALREADY_IN_COMBAT, f"{c['id']} already has its place in the initiative order")
    (roll,) = roll_initiative(stream, [_entry(c, table.rules_of(state), p.advantage, p.disadvantage)])
    state = table.with_combat(state, turns.join(combat, roll))
    return state, wire.NcbCombatResult.model_validate({"combat": _view(state), "rolls": [table.as_dict(roll)]})


def end_turn(state: dict, p: wire.NcbEndTurnAction, stream: Stream, actor: Actor) -> tuple[dict, wire.NcbEndTurnResult]:
    combat = _require_combat(state)
    rules = table.rules_of(state)
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    if combat["current"] != c["id"]:
        raise refuse(NOT_YOUR_TURN, f"it is {combat['current']}'s turn, not {c['id']}'s", current=combat["current"])
    saved = bleeding = None
    if c["condition"] == "dying":
        # A dying combatant's turn holds its death save (rolled now if it was not) and ends in blood.
        v = table.vitals(c, rules)
        if not combat["economy"]["deathSave"]:
            v, rolled = death_save(v, stream, rules)
            saved = fights.NcbDeathSaveResult(combatant=c["id"], **table.as_dict(rolled))
        if v.condition == "dying":
            v, bled = bleed_out(v)
            bleeding = wire.NcbBleeding(combatant=c["id"], **table.as_dict(bled))
        state = table.put(state, table.with_vitals(c, v))
    following, new_round = turns.advance(combat, lambda cid: table.takes_turns(state, cid))
    if following is None:
        state = _over(state)
    else:
        state = table.start_turn(table.with_combat(state, following), rules)
    result = wire.NcbEndTurnResult.model_validate(
        {"ended": c["id"], "death_save": saved, "bleeding": bleeding, "new_round": new_round, "combat": _view(state)}
    )
    return state, result


def end_combat(state: dict, p: wire.NcbEndCombatAction, stream: Stream, actor: Actor) -> tuple[dict, wire.NcbEndCombatResult]:
    table.require_gm(actor, "end a combat")
    combat = _require_combat(state)
    return _over(state), wire.NcbEndCombatResult(rounds=combat["round"], note=p.note)


def _over(state: dict) -> dict:
    """The fight is over: no tracker, and round-counted chrome cooldowns run out."""
    combatants = {
        cid: {**c, "chrome": chrome.refresh(c["chrome"], "combat-end")} for cid, c in state["combatants"].items()
    }
    return {**state, "combatants": combatants, "combat": None}


def move(state: dict, p: wire.NcbMoveAction, stream: Stream, actor: Actor) -> tuple[dict, wire.NcbTurnResult]:
    combat = _require_combat(state)
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    table.require_able(c)
    state = table.with_combat(state, turns.move(combat, c["id"], p.feet))
    return state, wire.NcbTurnResult(combatant=c["id"], economy=state["combat"]["economy"])


def take_action(state: dict, p: wire.NcbActionChoice, stream: Stream, actor: Actor) -> tuple[dict, wire.NcbTurnResult]:
    _require_combat(state)
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    table.require_able(c)
    state, spent = table.spend(state, c["id"], p.slot)
    if p.action == "dash" and p.slot != "reaction":
        state = table.with_combat(state, turns.dash(state["combat"], table.speed(c, table.rules_of(state))))
    result = wire.NcbTurnResult(
        combatant=c["id"], slot=spent, action=p.action, note=p.note, economy=state["combat"]["economy"]
    )
    return state, result
