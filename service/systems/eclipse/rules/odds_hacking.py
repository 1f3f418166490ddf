"""The exact odds of a hack: whether the hacker beats the Firewall, and the privileges and status it ends with.

Both tests' results (`results_of`) are paired and judged by `winner`'s `contest` as the hack judges them (a tie
fails); a won hack is read by `intrusion` itself. A lost one keeps what an escalated intrusion had,
or leaves none (`none`).
"""

from __future__ import annotations

from service.dice.odds import Distribution, Odds
from service.dice.walk import ordered_ways
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.hacking import PRIVILEGES, STATUSES, Privileges, Status, intrusion
from service.systems.eclipse.rules.odds_grades import Results, by_tables, duel

HACK_OUTCOMES = ("failure", "success")


def intrusion_odds(
    hacker: Results, firewall: Results, method: str, current: tuple[Privileges, Status] | None, rules: EclipseRules
) -> Odds:
    """`outcome`, then the `privileges` and `status` the intrusion ends with; remembered by both tables' keys,
    the method, the intrusion under way and the one rule read (whether a critical beats a success)."""
    beats = rules.critical_beats_success
    return by_tables("hack", (hacker, firewall), (method, current, beats), lambda: _intrusion_odds(hacker, firewall, method, current, beats))


def _intrusion_odds(hacker: Results, firewall: Results, method: str, current: tuple[Privileges, Status] | None, beats: bool) -> Odds:
    dueled, total = duel(hacker, firewall, critical_beats_success=beats, tie="deadlock")
    kept: tuple[str, str] = current if current is not None else ("none", "none")  # what a lost hack leaves
    gives: dict[tuple[str, str], int] = {}  # (privileges, status) → ways a won hack ends with them
    won_with: dict[int, tuple[str, str]] = {}  # what winning with each grade gives, read once per grade
    won = 0
    for r, end, n in dueled:
        if end == "a":
            key = won_with.get(id(r))
            if key is None:
                key = won_with[id(r)] = intrusion(r, method, current)
            gives[key] = gives.get(key, 0) + n
            won += n
    if won < total:  # every other pair of results fails, whoever wins it
        gives[kept] = gives.get(kept, 0) + total - won
    privileges: dict[str, int] = {}
    status: dict[str, int] = {}
    for (privilege, state), n in gives.items():
        privileges[privilege] = privileges.get(privilege, 0) + n
        status[state] = status.get(state, 0) + n
    return Odds.of(
        Distribution.counted("outcome", ordered_ways({"failure": total - won, "success": won}, HACK_OUTCOMES)),
        Distribution.counted("privileges", ordered_ways(privileges, ("none", *PRIVILEGES))),
        Distribution.counted("status", ordered_ways(status, ("none", *STATUSES))),
    )
