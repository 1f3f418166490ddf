"""Rep: favors asked of a social network, their frequency limits, and burning rep.

A rep test rolls against the network score; the favor's size moves the target, a
secrecy penalty may be taken, and burnt points may buy a bonus (×2) or a favor beyond
the week's or story arc's limit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from service.systems.eclipse import errors
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.modifiers import Modifier

Network = Literal["@", "c", "f", "g", "i", "r", "x"]
Favor = Literal["minor", "moderate", "major"]

NETWORKS: Mapping[str, str] = {
    "@": "The Circle-A List (autonomists, anarchists, Titanians, scum, extropians)",
    "c": "CivicNet (Planetary Consortium, Morningstar, Lunar-Lagrange Alliance, Jovian Republic, hypercorps)",
    "f": "Fame (socialites, artists, celebrities, journalists, glitterati)",
    "g": "Guanxi (triads, cartels, gangs, other criminal groups)",
    "i": "The Eye (Firewall's own secret network)",
    "r": "Research Network Affiliates (argonauts, scientists, technologists, researchers)",
    "x": "ExploreNet (gatecrashers, exoplanet colonists)",
}
FAVOR_MODIFIER = {"minor": 10, "moderate": 0, "major": -30}
BURN_FOR_FAVOR = {"minor": 5, "moderate": 10, "major": 20}
BURN_BONUS_PER_POINT = 2


def limit(favor: str, rules: EclipseRules) -> int:
    return {
        "minor": rules.minor_favors_per_week,
        "moderate": rules.moderate_favors_per_week,
        "major": rules.major_favors_per_arc,
    }[favor]


def period(favor: str) -> str:
    return "story arc" if favor == "major" else "week"


def favor_burn(favor: str, used: int, rules: EclipseRules, *, burn_for_extra: bool) -> int:
    """Rep to burn for this favor: 0 within the limit, the favor's price beyond it (if allowed)."""
    allowed = limit(favor, rules)
    if used < allowed:
        return 0
    if not burn_for_extra:
        raise errors.refuse(
            errors.FAVOR_LIMIT,
            f"{used} {favor} favor(s) already used this {period(favor)} (limit {allowed}); "
            f"burn {BURN_FOR_FAVOR[favor]} rep for another (burnForExtraFavor) or refresh one with Moxie",
        )
    return BURN_FOR_FAVOR[favor]


def rep_modifiers(favor: str, *, secrecy: int, burn_bonus: int) -> list[Modifier]:
    out = [Modifier("favor", FAVOR_MODIFIER[favor], favor)] if FAVOR_MODIFIER[favor] else []
    if secrecy:
        out.append(Modifier("secrecy", -secrecy, "kept secret"))
    if burn_bonus:
        out.append(Modifier("rep-burn", BURN_BONUS_PER_POINT * burn_bonus, f"{burn_bonus} rep burnt"))
    return out


def burn(score: int, points: int) -> int:
    """The score after burning `points`; refuses to burn what is not there."""
    if points > score:
        raise errors.refuse(errors.REP_TOO_LOW, f"the rep score is {score}; {points} point(s) cannot be burnt")
    return score - points
