"""Drawing (the opening hand and each turn's draw), the mulligan, the roll-off and who goes first."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.neuroscape import SYSTEM
from service.systems.neuroscape.moves.odds import choose_first_odds, draw_odds_at_table, mulligan_odds, roll_off_odds_at_table
from service.systems.neuroscape.rules.actions import Acted, act_for
from service.systems.neuroscape.state import NeuroscapeState
from service.systems.neuroscape.wire.actions import NeuroscapeActionResult
from service.systems.neuroscape.wire.opening import (
    NeuroscapeChooseFirstAction,
    NeuroscapeDrawAction,
    NeuroscapeMulliganAction,
    NeuroscapeRollOffAction,
)


def draw(state: NeuroscapeState, params: NeuroscapeDrawAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "draw", params, stream, actor)


def mulligan(state: NeuroscapeState, params: NeuroscapeMulliganAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "mulligan", params, stream, actor)


def roll_off(state: NeuroscapeState, params: NeuroscapeRollOffAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "roll-off", params, stream, actor)


def choose_first(state: NeuroscapeState, params: NeuroscapeChooseFirstAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "choose-first", params, stream, actor)


SYSTEM.mechanic(
    "draw",
    "Draw: the opening hand, or the draw substage's cards",
    "In setup, each player draws its opening hand (main = the opening hand size, default 5; ram = 0). In its "
    "draw substage the active player draws the turn's cards (default 2; 1 on the match's first turn) in any mix: "
    "main-deck cards go to the hand, RAM-deck cards straight onto the mainframe as available RAM. Cards are "
    "picked at random when drawn; only the drawing seat sees which (in `private.drawn`).",
    session=draw,
    session_odds=draw_odds_at_table,
    output=NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "mulligan",
    "Keep the opening hand, or put cards under the deck and draw as many",
    "Once per match, after drawing the opening hand: the named cards go under the main deck in order and as "
    "many are drawn. An empty list keeps the hand. Other seats see only how many.",
    session=mulligan,
    session_odds=mulligan_odds,
    output=NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "roll-off",
    "Roll a d20 for every player to decide who chooses the first player",
    "Any player may roll once all opening hands are settled. Highest d20 wins; tied players re-roll.",
    session=roll_off,
    session_odds=roll_off_odds_at_table,
    output=NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "choose-first",
    "The roll-off winner takes the first turn or passes it",
    "`goFirst` true takes the first turn; false gives it to the next player in seat order. Turn order follows "
    "seat order from the first player.",
    session=choose_first,
    session_odds=choose_first_odds,
    output=NeuroscapeActionResult,
)
