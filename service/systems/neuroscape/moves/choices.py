"""Choices the match stops for: `arrange-top` (after a look at a deck) and `order-triggers`."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.neuroscape import SYSTEM
from service.systems.neuroscape.moves.odds import odds_of
from service.systems.neuroscape.rules.actions import Acted, act_for
from service.systems.neuroscape.state import NeuroscapeState
from service.systems.neuroscape.wire.actions import NeuroscapeActionResult
from service.systems.neuroscape.wire.choices import (
    NeuroscapeArrangeTopAction,
    NeuroscapeOrderTriggersAction,
)


def arrange_top(state: NeuroscapeState, params: NeuroscapeArrangeTopAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "arrange-top", params, stream, actor)


def order_triggers(state: NeuroscapeState, params: NeuroscapeOrderTriggersAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "order-triggers", params, stream, actor)


SYSTEM.mechanic(
    "arrange-top",
    "Put the cards you looked at back on top of a deck, in the order you choose",
    "After a look at the top of a deck that lets you reorder, the match waits for you alone (`choice`). Name the "
    "new order by position: `[2, 0, 1]` puts the third card on top. Only you know the cards; other seats see "
    "how many. With several decks looked at, arrange each in turn.",
    session=arrange_top,
    session_odds=odds_of("arrange-top"),
    output=NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "order-triggers",
    "Order your triggered abilities that went off at the same time",
    "When two or more of your triggered abilities go off at once (and the rule option `triggerOrder` is `ask`, the "
    "default), the match waits for you alone when their turn comes (after the active player's, then in seat "
    "order). Name every pending trigger id once; they resolve first named first, and nothing can answer them.",
    session=order_triggers,
    session_odds=odds_of("order-triggers"),
    output=NeuroscapeActionResult,
)
