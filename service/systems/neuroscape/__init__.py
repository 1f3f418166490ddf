"""Neuroscape, the trading card game: decks, setup, the turn machine, RAM, battle, winning, hidden hands.

The rules are pure modules named after the game's concepts; `legal.legal_actions(state, seat)`
lists what a seat may do.
"""

from service.systems.neuroscape.mechanics import SYSTEM

__all__ = ["SYSTEM"]
