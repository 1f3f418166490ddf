"""The exact odds of a hack: whether the hacker beats the Firewall, and the privileges and status it ends with.

Both tests' results (`results_of`) are paired and judged by `winner`'s `contest` as the hack judges them (a tie
fails); a won hack is read by `intrusion` itself. A lost one keeps what an escalated intrusion had,
or leaves none (`none`).
"""

from __future__ import annotations

from fractions import Fraction

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds
from service.dice.walk import marginal, ordered
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
    ends: dict[tuple[str, str, str], int] = {}  # (outcome, privileges, status) → ways
    for r, won, n in dueled:
        key = ("success", *intrusion(r, method, current)) if won == "a" else ("failure", *kept)
        ends[key] = ends.get(key, 0) + n
    chances = {key: Fraction(n, total) for key, n in ends.items()}
    return Odds.of(
        Distribution.of("outcome", ordered(marginal(chances, lambda k: k[0]), HACK_OUTCOMES)),
        Distribution.of("privileges", ordered(marginal(chances, lambda k: k[1]), ("none", *PRIVILEGES))),
        Distribution.of("status", ordered(marginal(chances, lambda k: k[2]), ("none", *STATUSES))),
    )
