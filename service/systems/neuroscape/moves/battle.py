"""The battle stage: `attack`, `block`, `order-blockers`."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.neuroscape import SYSTEM
from service.systems.neuroscape.moves.odds import odds_of
from service.systems.neuroscape.rules.actions import Acted, act_for
from service.systems.neuroscape.state import NeuroscapeState
from service.systems.neuroscape.wire.actions import NeuroscapeActionResult
from service.systems.neuroscape.wire.battle import NeuroscapeAttackAction, NeuroscapeBlockAction, NeuroscapeOrderBlockersAction


def attack(state: NeuroscapeState, params: NeuroscapeAttackAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "attack", params, stream, actor)


def block(state: NeuroscapeState, params: NeuroscapeBlockAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "block", params, stream, actor)


def order_blockers(state: NeuroscapeState, params: NeuroscapeOrderBlockersAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "order-blockers", params, stream, actor)


SYSTEM.mechanic(
    "attack",
    "Declare attackers; they become running",
    "In your attack substage. Each attacker must be yours and not running; name a target seat when there are "
    "several opponents. An empty list declares no attack.",
    session=attack,
    session_odds=odds_of("attack"),
    output=NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "block",
    "Assign your blockers to the characters attacking you",
    "Each of your characters (not running, by default) blocks at most one attacker; several may block the same "
    "attacker, and its player then orders them. An empty list blocks nothing.",
    session=block,
    session_odds=odds_of("block"),
    output=NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "order-blockers",
    "Order the blockers of your multiply-blocked attackers",
    "Damage goes to the first blocker until it is destroyed, then to the next; what remains overruns to the "
    "bioframe. Attacks you leave out keep the order their blockers were declared in.",
    session=order_blockers,
    session_odds=odds_of("order-blockers"),
    output=NeuroscapeActionResult,
)
