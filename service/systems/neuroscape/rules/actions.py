"""Every action of a match as a pure step: check who may act, apply it, advance the flow.

`act(state, action, params, stream, seat)` is the one entry point: the gate refuses an action
out of turn or out of stage (naming the rule), the action's step returns the next state, and
`flow.advance` runs the automatic steps that follow. States are never changed, only replaced,
so a refusal raised anywhere leaves the match exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.neuroscape import errors as E
from service.systems.neuroscape.rules import opening
from service.systems.neuroscape.rules.battle import declare_attacks, declare_blocks, order_blockers
from service.systems.neuroscape.rules.deploying import Deployment, deploy
from service.systems.neuroscape.rules.flow import STEPS, advance, current_step, stand_down
from service.systems.neuroscape.rules.abilities import react
from service.systems.neuroscape.rules.choices import arrange, settle
from service.systems.neuroscape.rules.triggers import order_triggers
from service.systems.neuroscape.rules.activating import activate, play_drug, play_script
from service.systems.neuroscape.rules.trojans import activate_trojan, spent
from service.systems.neuroscape.rules.order import next_living, pass_priority
from service.systems.neuroscape.rules.winning import eliminate
from service.systems.neuroscape.rules.zones import leave_play, owned_persistent
from service.systems.neuroscape.state import Event, NeuroscapeState, living, player, with_flow
from service.systems.neuroscape.wire.abilities import (
    NeuroscapeActivateAction,
    NeuroscapeActivateTrojanAction,
    NeuroscapePlayDrugAction,
    NeuroscapePlayScriptAction,
)
from service.systems.neuroscape.wire.actions import NeuroscapeActionBase
from service.systems.neuroscape.wire.choices import NeuroscapeArrangeTopAction, NeuroscapeOrderTriggersAction
from service.systems.neuroscape.wire.battle import NeuroscapeAttackAction, NeuroscapeBlockAction, NeuroscapeOrderBlockersAction
from service.systems.neuroscape.wire.deploying import NeuroscapeDeployAction, NeuroscapeForceQuitAction

State = NeuroscapeState
Stepped = tuple[State, "dict[str, Any] | None"]  # the next state, and what only the acting seat learns
Handler = Callable[[State, str, Any, Stream, list[Event]], Stepped]
# What a session action answers: the new state and the dict its result model dumps to.
Acted = tuple[State, dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Action:
    handle: Handler
    secret_draws: bool = False  # its dice pick hidden cards: the audit is kept from other seats


# -- the turn's actions (the opening's are in `opening`) ---------------------------------


def _force_quit(state: State, seat: str, params: NeuroscapeForceQuitAction, stream: Stream, events: list[Event]) -> Stepped:
    if len(set(params.cards)) != len(params.cards):
        raise E.refuse(E.NAMED_TWICE, "a card is named twice")
    mine = {i.id: i for i in owned_persistent(state, seat)}
    unknown = [i for i in params.cards if i not in mine]
    if unknown:
        raise E.refuse(E.FORCE_QUIT, f"not your persistent cards in play: {', '.join(unknown)}")
    for instance_id in params.cards:
        # Gear leaves with its character, so a piece named after its host is already gone.
        state, left = leave_play(state, instance_id)
        if left is not None:
            events.append({"kind": "force-quit", "seat": seat, "card": mine[instance_id].card, "instance": instance_id})
    return stand_down(state, seat), None


def _deploy(state: State, seat: str, params: NeuroscapeDeployAction, stream: Stream, events: list[Event]) -> Stepped:
    state, done = deploy(state, seat, Deployment(params.card, params.slot, params.target_seat, params.character, params.target, params.tether_to))
    events.extend(done.events)
    return state, done.private


def _attack(state: State, seat: str, params: NeuroscapeAttackAction, stream: Stream, events: list[Event]) -> Stepped:
    state = declare_attacks(state, seat, [(a.attacker, a.target) for a in params.attacks], events)
    return stand_down(state, seat), None


def _block(state: State, seat: str, params: NeuroscapeBlockAction, stream: Stream, events: list[Event]) -> Stepped:
    state = declare_blocks(state, seat, [(b.blocker, b.attacker) for b in params.blocks], events)
    return stand_down(state, seat), None


def _order_blockers(state: State, seat: str, params: NeuroscapeOrderBlockersAction, stream: Stream, events: list[Event]) -> Stepped:
    state = order_blockers(state, [(o.attacker, list(o.blockers)) for o in params.orders])
    return stand_down(state, seat), None


def _pass(state: State, seat: str, params: Any, stream: Stream, events: list[Event]) -> Stepped:
    if state.operations is not None:  # passing priority on the order of operations
        return pass_priority(state, seat, stream, events), None
    events.append({"kind": "passed", "seat": seat, "reason": state.flow.substage})
    return stand_down(state, seat), None


def _activate(state: State, seat: str, params: NeuroscapeActivateAction, stream: Stream, events: list[Event]) -> Stepped:
    return activate(state, seat, params.character, params.ability, params.target, stream, events), None


def _play_script(state: State, seat: str, params: NeuroscapePlayScriptAction, stream: Stream, events: list[Event]) -> Stepped:
    return play_script(state, seat, params.card, params.target, stream, events), None


def _activate_trojan(state: State, seat: str, params: NeuroscapeActivateTrojanAction, stream: Stream, events: list[Event]) -> Stepped:
    return activate_trojan(state, seat, params.instance, params.ability, params.target, stream, events), None


def _play_drug(state: State, seat: str, params: NeuroscapePlayDrugAction, stream: Stream, events: list[Event]) -> Stepped:
    return play_drug(state, seat, params.card, params.character, stream, events), None


def _concede(state: State, seat: str, params: Any, stream: Stream, events: list[Event]) -> Stepped:
    ops = state.operations
    state = eliminate(state, seat, "conceded", events)
    if ops is not None and len(living(state)) > 1:
        # The order goes on without the seat: its items stay (they may fizzle), priority moves on.
        resume = tuple(s for s in ops.resume if s != seat)
        ops = ops.model_copy(update={"resume": resume, "priority": next_living(state, seat) if ops.priority == seat else ops.priority})
        state = with_flow(state.model_copy(update={"operations": ops}), awaiting=(ops.priority,))
    elif ops is not None:
        state = state.model_copy(update={"operations": None})
    choice = state.choice
    if choice is not None and choice.seat != seat and state.outcome is None:  # it still waits for the chooser
        resume = tuple(s for s in choice.resume if s != seat)
        state = with_flow(state.model_copy(update={"choice": choice.model_copy(update={"resume": resume})}), awaiting=(choice.seat,))
    return state, None  # a choice of the seat's own is dropped by `advance`


def _arrange_top(state: State, seat: str, params: NeuroscapeArrangeTopAction, stream: Stream, events: list[Event]) -> Stepped:
    return arrange(state, seat, params.deck, list(params.order), stream, events), None


def _order_triggers(state: State, seat: str, params: NeuroscapeOrderTriggersAction, stream: Stream, events: list[Event]) -> Stepped:
    state = order_triggers(state, seat, list(params.order), events)
    return settle(state, stream, events), None


ACTIONS: dict[str, Action] = {
    "draw": Action(opening.draw, secret_draws=True),
    "mulligan": Action(opening.mulligan, secret_draws=True),
    "roll-off": Action(opening.roll_off),
    "choose-first": Action(opening.choose_first),
    "force-quit": Action(_force_quit),
    "deploy": Action(_deploy),
    "attack": Action(_attack),
    "block": Action(_block),
    "order-blockers": Action(_order_blockers),
    "pass": Action(_pass),
    "activate": Action(_activate),
    "play-script": Action(_play_script),
    "concede": Action(_concede),
    "arrange-top": Action(_arrange_top),
    "order-triggers": Action(_order_triggers),
    "activate-trojan": Action(_activate_trojan),
    "play-drug": Action(_play_drug),
}


# -- the gate and the entry point ------------------------------------------------------


def gate(state: State, seat: str, action: str, expect_substage: str | None = None) -> None:
    """Refuse an action the seat may not take now, naming the rule."""
    if seat not in state.players:
        raise E.refuse(E.NOT_A_PLAYER, f"{seat} holds no player of this match; only players act")
    if state.outcome is not None:
        raise E.refuse(E.MATCH_OVER, "the match is over")
    eliminated = player(state, seat).eliminated
    if eliminated is not None:
        raise E.refuse(E.ELIMINATED, f"{seat} was eliminated ({eliminated})")
    flow = state.flow
    if expect_substage is not None and expect_substage != flow.substage:
        raise E.refuse(E.STALE_SUBSTAGE, f"the match is at {flow.stage}/{flow.substage}, not {expect_substage}")
    if action == "concede":
        return
    if action == "mulligan" and player(state, seat).mulliganed:
        # Named before the turn check: after its decision the seat is no longer awaited.
        raise E.refuse(E.MULLIGAN_USED, "the opening hand was already kept or redrawn; a mulligan comes once per game")
    where = f"{flow.stage}/{flow.substage}" + (f" of {flow.active}'s turn {flow.turn}" if flow.active else "")
    if seat not in flow.awaiting:
        raise E.refuse(E.OUT_OF_TURN, f"not your turn to act: the match is at {where} and waits for {', '.join(flow.awaiting)}")
    step = current_step(state)
    assert step is not None
    if state.choice is not None:
        if action != state.choice.kind:
            raise E.refuse(E.WRONG_STAGE, f"the match waits for your {state.choice.kind} first; now you may: {state.choice.kind}, concede")
        return
    if action in CHOICES:
        raise E.refuse(E.WRONG_STAGE, f"{action} answers a choice the match waits for, and it waits for none")
    if state.operations is not None:
        if action not in ON_THE_ORDER:
            allowed = ", ".join(sorted(ON_THE_ORDER | {"concede"}))
            raise E.refuse(E.WRONG_STAGE, f"{action} waits until the order of operations resolves; now you may: {allowed}")
        return
    if action not in step.actions:
        allowed = ", ".join(sorted(step.actions | {"concede"}))
        raise E.refuse(E.WRONG_STAGE, f"{action} is not taken at {where}; here you may: {allowed}")


def act_for(state: State, action: str, params: NeuroscapeActionBase, stream: Stream, actor: Actor) -> Acted:
    """`act` for a session seat: GM and spectator seats watch the match, only player seats act."""
    if actor.role != "player":
        raise E.refuse(E.NOT_A_PLAYER, f"a {actor.role} seat watches the match; only player seats act")
    return act(state, action, params, stream, actor.seat)


def act(state: State, action: str, params: NeuroscapeActionBase, stream: Stream, seat: str) -> Acted:
    """Apply one action for `seat`; returns the new state and the wire result (events, flow, private)."""
    gate(state, seat, action, params.expect_substage)
    spec = ACTIONS[action]
    events: list[Event] = []
    new, private = spec.handle(state, seat, params, stream, events)
    new = spent(new, events)  # activated trojans whose item left the order
    offered = 0
    for _ in range(64):  # the flow's own events (battle damage, crashes, RAM played) set off triggers in turn
        new = react(new, events, offered, stream)
        offered = len(events)
        new = advance(new, stream, events)
        if len(events) == offered:
            break
    # The dice of a secret draw stay in the action's log entry (its audit), which every read hides
    # from other seats until the session's close reveals the seed: not in the state, where they
    # would make every later write of the match longer.
    return new, {"events": events, "flow": flow_summary(new), "private": private}


def flow_summary(state: State) -> dict[str, Any]:
    flow = state.flow
    outcome = state.outcome
    return {
        "stage": flow.stage,
        "substage": flow.substage,
        "turn": flow.turn,
        "active": flow.active,
        "awaiting": list(flow.awaiting),
        "winner": outcome.winner if outcome else None,
        "outcome": outcome.reason if outcome else None,
    }


ON_THE_ORDER = frozenset({"activate", "play-script", "pass", "activate-trojan", "play-drug"})
CHOICES = frozenset({"arrange-top", "order-triggers"})
assert set(ACTIONS) >= {name for step in STEPS for name in step.actions}
