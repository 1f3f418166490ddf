"""Swift actions and the order of operations: `activate` an ability, `play-script`, `activate-trojan`, `play-drug`
(answers go on top; `pass` resolves)."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.neuroscape import SYSTEM
from service.systems.neuroscape.moves.odds import odds_of
from service.systems.neuroscape.rules.actions import Acted, act_for
from service.systems.neuroscape.state import NeuroscapeState
from service.systems.neuroscape.wire.abilities import (
    NeuroscapeActivateAction,
    NeuroscapeActivateTrojanAction,
    NeuroscapePlayDrugAction,
    NeuroscapePlayScriptAction,
)
from service.systems.neuroscape.wire.actions import NeuroscapeActionResult


def activate(state: NeuroscapeState, params: NeuroscapeActivateAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "activate", params, stream, actor)


def play_script(state: NeuroscapeState, params: NeuroscapePlayScriptAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "play-script", params, stream, actor)


def activate_trojan(state: NeuroscapeState, params: NeuroscapeActivateTrojanAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "activate-trojan", params, stream, actor)


def play_drug(state: NeuroscapeState, params: NeuroscapePlayDrugAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "play-drug", params, stream, actor)


SYSTEM.mechanic(
    "activate",
    "Activate a character's ability: pay its cost and put it on the order of operations",
    "Costs (RAM, running the character, discarding at random, bioframe health) are paid at once; the target is "
    "chosen now and checked again when the ability resolves. Once per round per character, never while it runs. "
    "A swift ability is played whenever a swift action is allowed (your deploy substage, a swift check the match "
    "waits for you in, or with priority on the order, to answer); another only in your own deploy substage. Each "
    "other player in turn order may answer; when all pass in a row the order resolves, last played first.",
    session=activate,
    session_odds=odds_of("activate"),
    output=NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "play-script",
    "Play a script from your hand: pay its RAM and put it on the order of operations",
    "Swift: whenever a swift action is allowed, including in answer to another on the order. The script goes to "
    "your recycle bin; its effect (a counter, a sign swap, a boost...) resolves with the order.",
    session=play_script,
    session_odds=odds_of("play-script"),
    output=NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "activate-trojan",
    "Activate your face-down trojan: reveal it, pay its ability's cost and put it on the order of operations",
    "Only the trojan's owner, whenever a swift action is allowed (on any player's turn: a swift check the match "
    "waits for you in, your deploy substage, or with priority on the order), and not in the turn it was played. "
    "The trojan turns face-up (a public `trojan-revealed` event names it); its ability can be answered and "
    "countered like any swift action. Once it has resolved or been countered the trojan goes to your recycle bin "
    "(rule option `trojanAfterActivation`: `stays-face-up` keeps it in its slot). A trojan is activated once.",
    session=activate_trojan,
    session_odds=odds_of("activate-trojan"),
    output=NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "play-drug",
    "Play a drug from your hand on a character in play: pay its RAM and put its ability on the order of operations",
    "Drugs are swift: whenever a swift action is allowed, on any player's turn and in answer to another on the "
    "order. The drug's ability targets the character it is played on (its target kind says which characters may "
    "be chosen); the drug goes to your recycle bin and commits no RAM. Drugs are no longer deployed.",
    session=play_drug,
    session_odds=odds_of("play-drug"),
    output=NeuroscapeActionResult,
)
