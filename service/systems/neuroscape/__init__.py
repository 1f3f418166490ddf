"""Neuroscape, the trading card game: decks, setup, the turn machine, RAM, battle, winning, hidden hands.

Importing this package registers the system and its mechanics. The rules are pure modules
named after the game's concepts; `legal.legal_actions(state, seat)` lists what a seat may do.
"""

from service.systems.neuroscape import mechanics  # noqa: F401  (registers the declarations)
