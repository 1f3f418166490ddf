"""Giving way: `pass` (an awaited decision declined) and `concede` (at any time)."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.neuroscape import SYSTEM
from service.systems.neuroscape.moves.odds import odds_of, pass_odds
from service.systems.neuroscape.rules.actions import Acted, act_for
from service.systems.neuroscape.state import NeuroscapeState
from service.systems.neuroscape.wire.actions import NeuroscapeActionResult
from service.systems.neuroscape.wire.passing import NeuroscapeConcedeAction, NeuroscapePassAction


def pass_(state: NeuroscapeState, params: NeuroscapePassAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "pass", params, stream, actor)


def concede(state: NeuroscapeState, params: NeuroscapeConcedeAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "concede", params, stream, actor)


SYSTEM.mechanic(
    "pass",
    "Pass: end your deploy substage, decline to force quit, attack or block, or pass a swift check",
    "Moves the match on from the substage you are awaited in. With the order of operations open, passes your "
    "priority instead: when every player but the last to play has passed in a row, the order resolves.",
    session=pass_,
    session_odds=pass_odds,
    output=NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "concede",
    "Concede: you are eliminated",
    "Allowed at any time, in or out of turn. Your cards leave play; with one player left, that player wins.",
    session=concede,
    session_odds=odds_of("concede"),
    output=NeuroscapeActionResult,
)
