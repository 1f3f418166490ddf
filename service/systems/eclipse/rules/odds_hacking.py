"""The exact odds of a hack: whether the hacker beats the Firewall, and the privileges and status it ends with.

Both tests' results (`results_of`) are paired and judged by `winner`'s `contest` as the hack judges them (a tie
fails); a won hack is read by `intrusion` itself. A lost one keeps what an escalated intrusion had,
or leaves none (`none`).
"""

from __future__ import annotations

from fractions import Fraction

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds
from service.dice.walk import ordered
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.hacking import PRIVILEGES, STATUSES, Privileges, Status, intrusion
from service.systems.eclipse.rules.odds_grades import Results, duel

HACK_OUTCOMES = ("failure", "success")


@memoized
def intrusion_odds(
    hacker: Results, firewall: Results, method: str, current: tuple[Privileges, Status] | None, rules: EclipseRules
) -> Odds:
    dueled, total = duel(hacker, firewall, critical_beats_success=rules.critical_beats_success, tie="deadlock")
    kept: tuple[str, str] = current if current is not None else ("none", "none")
    parts: tuple[dict[str, int], dict[str, int], dict[str, int]] = ({}, {}, {})  # outcome, privileges, status → ways
    won_with: dict[int, tuple[str, str]] = {}  # what winning with each grade gives, read once per grade
    for r, won, n in dueled:
        if won == "a":
            gives = won_with.get(id(r))
            if gives is None:
                gives = won_with[id(r)] = intrusion(r, method, current)
            key: tuple[str, str, str] = ("success", *gives)
        else:
            key = ("failure", *kept)
        for part, name in zip(parts, key, strict=True):
            part[name] = part.get(name, 0) + n

    def over(ways: dict[str, int]) -> dict[str, Fraction]:
        return {name: Fraction(n, total) for name, n in ways.items()}

    return Odds.of(
        Distribution.of("outcome", ordered(over(parts[0]), HACK_OUTCOMES)),
        Distribution.of("privileges", ordered(over(parts[1]), ("none", *PRIVILEGES))),
        Distribution.of("status", ordered(over(parts[2]), ("none", *STATUSES))),
    )
