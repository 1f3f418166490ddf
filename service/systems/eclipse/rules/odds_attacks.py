"""The exact odds of an attack and of a damage value: the hit, the damage after armor, wounds, condition.

Both tests of an attack are walked through their own rolls (`results_of`), and each pair of results
is judged by `winner` as the attack judges it (a tie misses). A hit rolls the weapon's dice and one
d6 per superior success, summed exactly (`service.dice.sums`) and read by `value_of`, doubled on a
critical, as `roll_damage` reads them; `harm` then takes armor off and counts the wounds.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Protocol

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds, Outcome
from service.dice.walk import ordered
from service.systems.eclipse.rules.odds_damage import value_chances
from service.systems.eclipse.rules.odds_tests import Results, standings
from service.systems.eclipse.rules.opposed import winner

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
    a_groups, a_total = standings(attacker, lambda r: (r.critical, r.effective_successes))
    d_groups, d_total = standings(defender, lambda r: None)
    out: dict[tuple[bool, int] | None, int] = {}
    for ra, kept, pa in a_groups:
        for rd, _, pd in d_groups:
            won, _ = winner(ra, rd, critical_beats_success=critical_beats_success, tie="deadlock")
            key = kept if won == "a" else None
            out[key] = out.get(key, 0) + pa * pd
    return {key: Fraction(n, a_total * d_total) for key, n in out.items()}


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
    values: dict[int, Fraction] = {}
    for key, p in landed.items():
        name = "miss" if key is None else "critical-hit" if key[0] else "hit"
        outcome[name] = outcome.get(name, Fraction(0)) + p
        if key is None:
            continue
        critical, superior = key
        for value, q in value_chances(dice=dice, sides=sides, bonus=bonus, superior=superior, critical=critical).items():
            values[value] = values.get(value, Fraction(0)) + p * q
    if None in landed:
        values[0] = values.get(0, Fraction(0)) + landed[None]
    return Odds.of(Distribution.of("outcome", ordered(outcome, HIT_OUTCOMES)), harm_distributions(values, harm_of))
