"""The combat tracker (sessions only): starting a combat, its turns, moving and acting, ending it."""

from __future__ import annotations

from service.dice.odds import Odds
from service.dice.stream import Stream
from service.plain import as_dict
from service.registry import Actor
from service.systems.ncb import SYSTEM
from service.systems.ncb import state as table
from service.systems.ncb.errors import COMBAT_RUNNING, NOT_YOUR_TURN, NO_COMBAT, refuse
from service.systems.ncb.rules import turns
from service.systems.ncb.rules.damage import DEAD
from service.systems.ncb.rules.dying import bleed_out
from service.systems.ncb.rules.dying import death_save as roll_death_save
from service.systems.ncb.rules.odds_dying import turn_end_odds
from service.systems.ncb.rules.odds_initiative import remembered_initiative_odds
from service.systems.ncb.rules.turns import InitiativeEntry, roll_initiative
from service.systems.ncb.state import NcbState
from service.systems.ncb.wire.combat import (
    NcbActionChoice,
    NcbBleeding,
    NcbCombatResult,
    NcbEndCombatAction,
    NcbEndCombatResult,
    NcbEndTurnAction,
    NcbEndTurnResult,
    NcbMoveAction,
    NcbStartCombatAction,
    NcbTurnResult,
)
from service.systems.ncb.wire.fights import NcbDeathSaveResult


def start_combat(
    state: NcbState, p: NcbStartCombatAction, stream: Stream, actor: Actor
) -> tuple[NcbState, NcbCombatResult]:
    table.require_gm(actor, "start a combat")
    if state.combat is not None:
        raise refuse(COMBAT_RUNNING, "a combat is already running; end it first")
    rolls = roll_initiative(stream, _entries(state, p))
    state = table.start_turn(table.with_combat(state, turns.begin(rolls)))
    return state, NcbCombatResult.model_validate(
        {"combat": state.combat, "rolls": [as_dict(r) for r in rolls]}
    )


def _entries(state: NcbState, p: NcbStartCombatAction) -> list[InitiativeEntry]:
    """Who rolls initiative, in the order given (default: everyone still alive)."""
    if p.participants is None:
        ids = [cid for cid, c in state.combatants.items() if c.condition not in DEAD]
    else:
        ids = p.participants  # each once (the model refuses a repeated id), in the order given
    if not ids:
        raise refuse(NO_COMBAT, "nobody able to fight is at the table; add combatants first")
    rules = state.rules
    return [
        table.initiative_entry(table.get(state, cid), rules, cid in p.advantage, cid in p.disadvantage) for cid in ids
    ]


def start_combat_odds(state: NcbState, p: NcbStartCombatAction, actor: Actor) -> Odds:
    if state.combat is not None:
        raise refuse(COMBAT_RUNNING, "a combat is already running; end it first")
    return remembered_initiative_odds(_entries(state, p))


def end_turn(state: NcbState, p: NcbEndTurnAction, stream: Stream, actor: Actor) -> tuple[NcbState, NcbEndTurnResult]:
    combat = table.require_combat(state)
    rules = state.rules
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    if combat.current != c.id:
        raise refuse(NOT_YOUR_TURN, f"it is {combat.current}'s turn, not {c.id}'s", current=combat.current)
    saved = bleeding = None
    if c.condition == "dying":
        # A dying combatant's turn holds its death save (rolled now if it was not) and ends in blood.
        v = table.vitals(c, rules)
        if not combat.economy.death_save:
            v, rolled = roll_death_save(v, stream, rules)
            saved = NcbDeathSaveResult(combatant=c.id, **as_dict(rolled))
        if v.condition == "dying":
            v, bled = bleed_out(v)
            bleeding = NcbBleeding(combatant=c.id, **as_dict(bled))
        state = table.put(state, table.with_vitals(c, v))
    following, new_round = turns.advance(combat, lambda cid: table.takes_turns(state, cid))
    if following is None:
        state = table.combat_over(state)
    else:
        state = table.start_turn(table.with_combat(state, following))
    result = NcbEndTurnResult.model_validate(
        {"ended": c.id, "death_save": saved, "bleeding": bleeding, "new_round": new_round, "combat": state.combat}
    )
    return state, result


def end_turn_odds(state: NcbState, p: NcbEndTurnAction, actor: Actor) -> Odds:
    """The condition the current combatant's turn ends in (a dying one saves, if it has not, and bleeds)."""
    combat = table.require_combat(state)
    c = table.get(state, p.combatant)
    if combat.current != c.id:
        raise refuse(NOT_YOUR_TURN, f"it is {combat.current}'s turn, not {c.id}'s", current=combat.current)
    return turn_end_odds(table.vitals(c, state.rules), state.rules, saved=combat.economy.death_save)


def end_combat(
    state: NcbState, p: NcbEndCombatAction, actor: Actor
) -> tuple[NcbState, NcbEndCombatResult]:
    table.require_gm(actor, "end a combat")
    combat = table.require_combat(state)
    return table.combat_over(state), NcbEndCombatResult(rounds=combat.round, note=p.note)


def move(state: NcbState, p: NcbMoveAction, actor: Actor) -> tuple[NcbState, NcbTurnResult]:
    combat = table.require_combat(state)
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    table.require_able(c)
    moved = turns.move(combat, c.id, p.feet)
    return table.with_combat(state, moved), NcbTurnResult(combatant=c.id, economy=moved.economy)


def take_action(state: NcbState, p: NcbActionChoice, actor: Actor) -> tuple[NcbState, NcbTurnResult]:
    table.require_combat(state)
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    table.require_able(c)
    state, spent = table.spend(state, c.id, p.slot)
    if p.action == "dash" and p.slot != "reaction":
        state = table.with_combat(state, turns.dash(table.require_combat(state), table.speed(c, state.rules)))
    economy = table.require_combat(state).economy
    result = NcbTurnResult(combatant=c.id, slot=spent, action=p.action, note=p.note, economy=economy)
    return state, result


SYSTEM.mechanic(
    "start-combat",
    "Roll initiative and start a combat (GM)",
    "Every participant rolls d20 + initiative bonus; round 1 begins with the highest.",
    session=start_combat,
    session_odds=start_combat_odds,
)
SYSTEM.mechanic(
    "end-turn",
    "End the current combatant's turn",
    "A dying combatant rolls its death save if it has not, then bleeds out (one automatic failure). The turn "
    "passes to the next combatant not flatlined; after the last, a new round begins.",
    session=end_turn,
    session_odds=end_turn_odds,
)
SYSTEM.mechanic(
    "end-combat",
    "End the combat (GM)",
    "Clears the tracker; round-counted chrome cooldowns reset.",
    session=end_combat,
)
SYSTEM.mechanic(
    "move",
    "Spend movement",
    "Feet of movement on the combatant's own turn, up to its speed (plus any dash).",
    session=move,
)
SYSTEM.mechanic(
    "take-action",
    "Spend an action, bonus action or reaction on something else",
    "Dash, dodge, disengage, help, hide, ready, search, use an object. Actions and bonus actions only on the "
    "combatant's own turn; a reaction once until its next turn. Dash adds its speed to this turn's movement.",
    session=take_action,
)
