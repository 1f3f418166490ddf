"""The exact odds of a hack: whether the hacker beats the Firewall, and the privileges and status it ends with.

Both tests' results (`results_of`) are paired and judged by `winner`'s `contest` as the hack judges them (a tie
fails); a won hack is read by `intrusion` itself. A lost one keeps what an escalated intrusion had,
or leaves none (`none`).
"""

from __future__ import annotations

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds
from service.dice.walk import ordered_ways
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.hacking import PRIVILEGES, STATUSES, Privileges, Status, intrusion
from service.systems.eclipse.rules.odds_grades import Results, duel

HACK_OUTCOMES = ("failure", "success")


@memoized
def intrusion_odds(
    hacker: Results, firewall: Results, method: str, current: tuple[Privileges, Status] | None, rules: EclipseRules
) -> Odds:
    dueled, total = duel(hacker, firewall, critical_beats_success=rules.critical_beats_success, tie="deadlock")
    lost: tuple[str, str, str] = ("failure", *(current if current is not None else ("none", "none")))
    ends: dict[tuple[str, str, str], int] = {}  # (outcome, privileges, status) → ways
    won_with: dict[int, tuple[str, str, str]] = {}  # what winning with each grade gives, read once per grade
    for r, won, n in dueled:
        if won == "a":
            key = won_with.get(id(r))
            if key is None:
                key = won_with[id(r)] = ("success", *intrusion(r, method, current))
        else:
            key = lost
        ends[key] = ends.get(key, 0) + n
    parts: tuple[dict[str, int], dict[str, int], dict[str, int]] = ({}, {}, {})  # outcome, privileges, status → ways
    for key, n in ends.items():
        for part, name in zip(parts, key, strict=True):
            part[name] = part.get(name, 0) + n
    assert sum(parts[0].values()) == total, "every pair of results is a success or a failure"
    return Odds.of(
        Distribution.counted("outcome", ordered_ways(parts[0], HACK_OUTCOMES)),
        Distribution.counted("privileges", ordered_ways(parts[1], ("none", *PRIVILEGES))),
        Distribution.counted("status", ordered_ways(parts[2], ("none", *STATUSES))),
    )
