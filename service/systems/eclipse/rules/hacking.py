"""Hacking: Infosec against the target's Firewall. The method sets the penalty, the pace and
how noticed the intruder starts; superior successes raise privileges, a critical success
raises status."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeVar

from service.systems.eclipse.rules.d100 import Result
from service.systems.eclipse.rules.modifiers import Modifier

Method = Literal["brute-force", "subtle"]
Privileges = Literal["user", "security", "admin"]
Status = Literal["spotted", "covert", "hidden"]

PRIVILEGES: tuple[Privileges, ...] = ("user", "security", "admin")
STATUSES: tuple[Status, ...] = ("spotted", "covert", "hidden")
BRUTE_FORCE_PENALTY = 30


@dataclass(frozen=True, slots=True)
class MethodTerms:
    modifiers: tuple[Modifier, ...]
    action: str  # the action it takes
    timeframe_hours: int  # 0 for an action within the turn
    status: Status  # where a successful intruder starts


_BRUTE_FORCE = MethodTerms((Modifier("brute-force", -BRUTE_FORCE_PENALTY, "brute-force attack"),), "complex", 0, "spotted")
_SUBTLE = MethodTerms((), "task", 1, "covert")


def terms(method: str) -> MethodTerms:
    """A method's terms (one frozen value per method, shared by every caller)."""
    return _BRUTE_FORCE if method == "brute-force" else _SUBTLE


_Rung = TypeVar("_Rung", bound=str)


def _step(ladder: tuple[_Rung, ...], start: _Rung, steps: int) -> _Rung:
    return ladder[min(len(ladder) - 1, ladder.index(start) + steps)]


def intrusion(result: Result, method: str, current: tuple[Privileges, Status] | None = None) -> tuple[Privileges, Status]:
    """Privileges and status after a won hacking test.

    A fresh intrusion starts at user privileges with the method's status; an intrusion
    already under way keeps what it had, except that a brute-force test drops a quieter
    status to spotted. Each superior success climbs one privilege, a critical one status.
    """
    base = terms(method).status
    privileges: Privileges
    status: Status
    if current is None:
        privileges, status = "user", base
    else:
        privileges, status = current
        if method == "brute-force":
            status = "spotted"
    privileges = _step(PRIVILEGES, privileges, result.effective_successes)
    if result.success and result.critical:
        status = _step(STATUSES, status, 1)
    return privileges, status
