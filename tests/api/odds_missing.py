"""Mechanics that draw and do not answer their odds yet: the list can only shrink.

A mechanic is on it while a form of it that draws (the stateless form taking a seed, or a
session write drawing from the session's stream) declares no odds for that form. When a
mechanic gains odds for every form that draws, take its line out (tests/api/test_odds_missing.py
fails until you do); a new mechanic that draws comes with its odds, not with a line here.
"""

from __future__ import annotations

# These NCB session writes take the session stream but never roll from it (tests/systems/ncb/
# test_odds_coverage.py checks that from their code); they leave the list when they stop taking it.
MISSING_ODDS: frozenset[str] = frozenset({
    "ncb/activate-chrome",
    "ncb/eddies",
    "ncb/end-combat",
    "ncb/gm-adjust",
    "ncb/install-chrome",
    "ncb/last-breath",
    "ncb/long-rest",
    "ncb/move",
    "ncb/remove-combatant",
    "ncb/take-action",
    "ncb/uninstall-chrome",
})
