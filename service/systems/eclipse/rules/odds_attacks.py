"""The exact odds of an attack and of a damage value: the hit, the damage after armor, wounds, condition.

Both tests of an attack are walked through their own rolls (`results_of`), and each pair of results
is judged by `winner`'s `contest` as the attack judges it (a tie misses). A hit rolls the weapon's dice and one
d6 per superior success, summed exactly (`service.dice.sums`) and read by `value_of`, doubled on a
critical, as `roll_damage` reads them; `harm` then takes armor off and counts the wounds.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import lcm
from typing import Protocol

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds, Outcome
from service.dice.walk import as_ways, ordered
from service.systems.eclipse.rules.odds_damage import value_ways
from service.systems.eclipse.rules.odds_grades import Results, duel

HIT_OUTCOMES = ("miss", "hit", "critical-hit")
CONDITIONS = ("active", "incapacitated", "dead")



class Harmed(Protocol):
    """What a damage value did to the target: `harm`'s answer, or its wire form."""

    @property
    def taken(self) -> int: ...

    @property
    def wounds(self) -> int: ...

    @property
    def condition(self) -> str: ...


HarmOf = Callable[[int], Harmed]  # a damage value's harm to the target (armor, wounds, condition)


@memoized
def hit_chances(attacker: Results, defender: Results, *, critical_beats_success: bool) -> dict[tuple[bool, int] | None, Fraction]:
    """None for a miss; for a hit, (critical, superior successes for effect) and its chance."""
    ends, total = duel(attacker, defender, critical_beats_success=critical_beats_success, tie="deadlock")
    out: dict[tuple[bool, int] | None, int] = {}
    for r, won, n in ends:
        key = (r.critical, r.effective_successes) if won == "a" else None
        out[key] = out.get(key, 0) + n
    return {key: Fraction(n, total) for key, n in out.items()}


@memoized
def harm_distributions(chances: dict[int, Fraction], harm_of: HarmOf) -> tuple[Distribution, ...]:
    """Damage after armor, wounds from this hit, and the condition it leaves, for each damage value's chance."""
    taken: dict[Outcome, Fraction] = {}
    wounds: dict[Outcome, Fraction] = {}
    condition: dict[str, Fraction] = {}
    for value, p in chances.items():
        h = harm_of(value)
        taken[h.taken] = taken.get(h.taken, Fraction(0)) + p
        wounds[h.wounds] = wounds.get(h.wounds, Fraction(0)) + p
        condition[h.condition] = condition.get(h.condition, Fraction(0)) + p
    return (
        Distribution.of("damage", taken),
        Distribution.of("wounds", wounds),
        Distribution.of("condition", ordered(condition, CONDITIONS)),
    )


@memoized
def attack_odds(
    attacker: Results,
    defender: Results,
    *,
    dice: int,
    sides: int,
    bonus: int,
    harm_of: HarmOf,
    critical_beats_success: bool,
) -> Odds:
    """`outcome` (miss, hit, critical hit), then damage after armor, wounds and condition.

    A miss harms the target as a damage value of 0 would: no damage, no wound, its condition as it was.
    """
    landed = hit_chances(attacker, defender, critical_beats_success=critical_beats_success)
    outcome: dict[str, Fraction] = {}
    for key, p in landed.items():
        name = "miss" if key is None else "critical-hit" if key[0] else "hit"
        outcome[name] = outcome.get(name, Fraction(0)) + p
    # Each hit's damage values as whole numbers over one common total, one Fraction per value at the end.
    hits = {key: value_ways(dice=dice, sides=sides, bonus=bonus, superior=key[1], critical=key[0]) for key in landed if key is not None}
    landed_ways, landed_whole = as_ways(landed)
    common = 1
    for _, total in hits.values():
        common = lcm(common, total)
    ways: dict[int, int] = {}
    for key, (value_counts, total) in hits.items():
        n = landed_ways[key] * (common // total)
        for value, m in value_counts.items():
            ways[value] = ways.get(value, 0) + n * m
    if None in landed:
        ways[0] = ways.get(0, 0) + landed_ways[None] * common
    values = {value: Fraction(n, landed_whole * common) for value, n in ways.items()}
    return Odds.of(Distribution.of("outcome", ordered(outcome, HIT_OUTCOMES)), harm_distributions(values, harm_of))
