"""Opposed tests: both sides roll, and the one who succeeds with the higher roll wins."""

from __future__ import annotations

from typing import Literal

from service.systems.eclipse.rules.d100 import Result

Winner = Literal["a", "b", "none", "tie"]

# Why the side whose `contest` is higher wins, by the first place the two contests differ.
_WHY = ("only {} succeeded", "a critical beats a plain success", "both succeeded; {} rolled higher", "same roll; {} had the higher target")
Contest = tuple[bool, bool, int, int]
_FAILED: Contest = (False, False, 0, 0)


def contest(result: Result, *, critical_beats_success: bool, tie: str = "deadlock") -> Contest:
    """All that `winner` reads of a result, in the order it reads it: of two results the higher
    contest wins, equal ones neither. A failure is only a failure (every failure meets every other
    result alike); a success counts its critical (when a critical beats a plain success), then its
    roll, then its target (when the higher target breaks a tie). Results of one contest win and
    lose alike, so the odds pair contests, sorted, not every reading."""
    if not result.success:
        return _FAILED
    return (True, critical_beats_success and result.critical, result.roll, result.target if tie == "higher-target" else 0)


def winner(a: Result, b: Result, *, critical_beats_success: bool, tie: str = "deadlock") -> tuple[Winner, str]:
    """Who wins, and why in a few words.

    Only one success: that side. Both fail: nobody. Both succeed: a critical beats a plain
    success (when the table plays it so), else the higher roll; an exact tie is a deadlock
    unless the table lets the higher target number break it.
    """
    ka = contest(a, critical_beats_success=critical_beats_success, tie=tie)
    kb = contest(b, critical_beats_success=critical_beats_success, tie=tie)
    return decided(ka, kb)


def decided(ka: Contest, kb: Contest) -> tuple[Winner, str]:
    """`winner` of two contests."""
    if ka == kb:
        return ("tie", "both succeeded with the same roll: deadlock") if ka[0] else ("none", "both failed")
    side: Winner = "a" if ka > kb else "b"
    first = next(i for i in range(4) if ka[i] != kb[i])
    return side, _WHY[first].format(side)
