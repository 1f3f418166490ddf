"""Opposed tests: both sides roll, and the one who succeeds with the higher roll wins."""

from __future__ import annotations

from typing import Literal

from service.systems.eclipse.rules.d100 import Result

Winner = Literal["a", "b", "none", "tie"]


def winner(a: Result, b: Result, *, critical_beats_success: bool, tie: str = "deadlock") -> tuple[Winner, str]:
    """Who wins, and why in a few words.

    Only one success: that side. Both fail: nobody. Both succeed: a critical beats a plain
    success (when the table plays it so), else the higher roll; an exact tie is a deadlock
    unless the table lets the higher target number break it.
    """
    if a.success != b.success:
        return ("a", "only a succeeded") if a.success else ("b", "only b succeeded")
    if not a.success:
        return "none", "both failed"
    if critical_beats_success and a.critical != b.critical:
        return ("a", "a critical beats a plain success") if a.critical else ("b", "a critical beats a plain success")
    if a.roll != b.roll:
        return ("a", "both succeeded; a rolled higher") if a.roll > b.roll else ("b", "both succeeded; b rolled higher")
    if tie == "higher-target" and a.target != b.target:
        return ("a", "same roll; a had the higher target") if a.target > b.target else ("b", "same roll; b had the higher target")
    return "tie", "both succeeded with the same roll: deadlock"


def standing(result: Result) -> tuple[bool, bool, int, int]:
    """All that `winner` reads of a result: a failure is only a failure (every failure meets every other
    result alike), a success its critical, roll and target. Results of one standing win and lose alike,
    so the odds pair standings, not every reading."""
    if not result.success:
        return (False, False, 0, 0)
    return (True, result.critical, result.roll, result.target)
