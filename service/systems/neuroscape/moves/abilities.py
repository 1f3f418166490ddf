"""Swift actions and the order of operations: `activate` an ability, `play-script` (answers go on top; `pass` resolves)."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.neuroscape import SYSTEM
from service.systems.neuroscape.rules.actions import Acted, act_for
from service.systems.neuroscape.state import NeuroscapeState
from service.systems.neuroscape.wire.abilities import NeuroscapeActivateAction, NeuroscapePlayScriptAction
from service.systems.neuroscape.wire.actions import NeuroscapeActionResult


def activate(state: NeuroscapeState, params: NeuroscapeActivateAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "activate", params, stream, actor)


def play_script(state: NeuroscapeState, params: NeuroscapePlayScriptAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "play-script", params, stream, actor)


SYSTEM.mechanic(
    "activate",
    "Activate a character's ability: pay its cost and put it on the order of operations",
    "Costs (RAM, running the character, discarding at random, bioframe health) are paid at once; the target is "
    "chosen now and checked again when the ability resolves. Once per round per character, never while it runs. "
    "A swift ability is played whenever a swift action is allowed (your deploy substage, a swift check the match "
    "waits for you in, or with priority on the order, to answer); another only in your own deploy substage. Each "
    "other player in turn order may answer; when all pass in a row the order resolves, last played first.",
    session=activate,
    output=NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "play-script",
    "Play a script from your hand: pay its RAM and put it on the order of operations",
    "Swift: whenever a swift action is allowed, including in answer to another on the order. The script goes to "
    "your recycle bin; its effect (a counter, a sign swap, a boost...) resolves with the order.",
    session=play_script,
    output=NeuroscapeActionResult,
)
