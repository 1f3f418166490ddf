"""The exact odds of a hack: whether the hacker beats the Firewall, and the privileges and status it ends with.

Both tests' results (`results_of`) are paired and judged by `winner` as the hack judges them (a tie
fails); a won hack is read by `intrusion` itself. A lost one keeps what an escalated intrusion had,
or leaves none (`none`).
"""

from __future__ import annotations

from fractions import Fraction

from service.dice.odds import Distribution, Odds
from service.dice.walk import ordered
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.hacking import PRIVILEGES, STATUSES, Privileges, Status, intrusion
from service.systems.eclipse.rules.odds_tests import Results
from service.systems.eclipse.rules.opposed import winner

HACK_OUTCOMES = ("failure", "success")


def intrusion_odds(
    hacker: Results, firewall: Results, method: str, current: tuple[Privileges, Status] | None, rules: EclipseRules
) -> Odds:
    outcome: dict[str, Fraction] = {}
    privileges: dict[str, Fraction] = {}
    status: dict[str, Fraction] = {}
    for rh, ph in hacker.items():
        for rf, pf in firewall.items():
            p = ph * pf
            won, _ = winner(rh, rf, critical_beats_success=rules.critical_beats_success, tie="deadlock")
            if won == "a":
                held: tuple[str, str] = intrusion(rh, method, current)
            else:
                held = current if current is not None else ("none", "none")
            name = "success" if won == "a" else "failure"
            outcome[name] = outcome.get(name, Fraction(0)) + p
            privileges[held[0]] = privileges.get(held[0], Fraction(0)) + p
            status[held[1]] = status.get(held[1], Fraction(0)) + p
    return Odds.of(
        Distribution.of("outcome", ordered(outcome, HACK_OUTCOMES)),
        Distribution.of("privileges", ordered(privileges, ("none", *PRIVILEGES))),
        Distribution.of("status", ordered(status, ("none", *STATUSES))),
    )
