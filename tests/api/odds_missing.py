"""Mechanics that draw and do not answer their odds yet: the list can only shrink.

A mechanic is on it while a form of it that draws (the stateless form taking a seed, or a
session write drawing from the session's stream) declares no odds for that form. When a
mechanic gains odds for every form that draws, take its line out (tests/api/test_odds_missing.py
fails until you do); a new mechanic that draws comes with its odds, not with a line here.
"""

from __future__ import annotations

MISSING_ODDS: frozenset[str] = frozenset({
    "eclipse/attack",
    "eclipse/damage",
    "eclipse/hack",
    "eclipse/initiative",
    "eclipse/opposed-test",
    "eclipse/recharge",
    "eclipse/rep-test",
    "eclipse/test",
    "ncb/activate-chrome",
    "ncb/add-combatant",
    "ncb/attack",
    "ncb/d20-test",
    "ncb/damage",
    "ncb/death-save",
    "ncb/eddies",
    "ncb/end-combat",
    "ncb/end-turn",
    "ncb/gm-adjust",
    "ncb/heal",
    "ncb/initiative",
    "ncb/install-chrome",
    "ncb/last-breath",
    "ncb/level-up",
    "ncb/long-rest",
    "ncb/move",
    "ncb/remove-combatant",
    "ncb/run-program",
    "ncb/short-rest",
    "ncb/stabilize",
    "ncb/start-combat",
    "ncb/take-action",
    "ncb/uninstall-chrome",
})
