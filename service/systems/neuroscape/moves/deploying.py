"""Cards into play and out of it: `force-quit` in maintenance, `deploy` in the deploy substages."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.neuroscape import SYSTEM
from service.systems.neuroscape.moves.odds import odds_of
from service.systems.neuroscape.rules.actions import Acted, act_for
from service.systems.neuroscape.state import NeuroscapeState
from service.systems.neuroscape.wire.actions import NeuroscapeActionResult
from service.systems.neuroscape.wire.deploying import NeuroscapeDeployAction, NeuroscapeForceQuitAction


def force_quit(state: NeuroscapeState, params: NeuroscapeForceQuitAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "force-quit", params, stream, actor)


def deploy(state: NeuroscapeState, params: NeuroscapeDeployAction, stream: Stream, actor: Actor) -> Acted:
    return act_for(state, "deploy", params, stream, actor)


SYSTEM.mechanic(
    "force-quit",
    "Force quit your own persistent cards into your recycle bin",
    "In your force-quit substage: characters, cyberware, slot programs and environments you own go to your "
    "recycle bin; RAM they committed is run and refreshes at your refresh. Ends the substage (an empty list "
    "quits nothing).",
    session=force_quit,
    session_odds=odds_of("force-quit"),
    output=NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "deploy",
    "Deploy a card from your hand, paying its RAM",
    "In your primary or secondary deploy substage. Characters commit their RAM; protocols go in a slot of your "
    "mainframe, viruses and trojans (face-down, default 4 RAM) in a slot of an opponent's; a full mainframe "
    "takes no more. Cyberware attaches to a character's matching gear slot (a tether to the same slot of two "
    "characters: `character` and `tetherTo`); .EXEs and scripts are paid, go to the recycle bin and put their "
    "ability on the order of operations (drugs are played with `play-drug`); environments replace the current "
    "one. Legendary cards: one copy in play at a time (per player by default).",
    session=deploy,
    session_odds=odds_of("deploy"),
    output=NeuroscapeActionResult,
)
