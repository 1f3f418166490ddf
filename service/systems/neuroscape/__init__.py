"""Neuroscape, the trading card game: decks, setup, the turn machine, RAM, battle, winning, hidden hands.

The match's state and what a seat sees of it are `state` and `view`; the rules are pure modules
in `rules/` named after the game's concepts (`rules.legal.legal_actions(state, seat)` lists what
a seat may do); each theme's mechanics are declared in `moves/`, their wire models in `wire/`.
"""

from service.registry import system
from service.systems.neuroscape.errors import CODES
from service.systems.neuroscape.options import NeuroscapeRules
from service.systems.neuroscape.setup import NeuroscapeSetup, initial_state
from service.systems.neuroscape.state import NeuroscapeState
from service.systems.neuroscape.view import view, view_entry

SYSTEM = system(
    "neuroscape",
    "Neuroscape trading card game",
    state=NeuroscapeState,
    setup=NeuroscapeSetup,
    start=initial_state,
    options=NeuroscapeRules,
    errors=CODES,
    view=view,
    view_entry=view_entry,
    secret_draws=True,  # shuffles and draws: a seed is revealed at the close only
)

# Each module declares its mechanics on SYSTEM; imported in the order of the catalog.
from service.systems.neuroscape.moves import decks, opening, deploying, battle, abilities, passing, choices  # noqa: E402, F401, I001

__all__ = ["SYSTEM"]
