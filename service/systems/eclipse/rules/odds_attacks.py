"""The exact odds of an attack and of a damage value: the hit, the damage after armor, wounds, condition.

Both tests of an attack are walked through their own rolls (`results_of`), and each pair of results
is judged by `winner`'s `contest` as the attack judges it (a tie misses). A hit rolls the weapon's dice and one
d6 per superior success, summed exactly (`service.dice.sums`) and read by `value_of`, doubled on a
critical, as `roll_damage` reads them; `Soak.tally`, `soaked`'s reading (as `harm` makes it) of every value
at once, then takes armor off and counts the wounds and the condition.
"""

from __future__ import annotations

from fractions import Fraction

from service.dice import memo, sums
from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds
from service.dice.walk import ordered_ways
from service.systems.eclipse.rules.combat import Soak
from service.systems.eclipse.rules.odds_damage import mixed, value_ways, value_ways_by
from service.systems.eclipse.rules.odds_grades import Results, by_tables, duel

HIT_OUTCOMES = ("miss", "hit", "critical-hit")
CONDITIONS = ("active", "incapacitated", "dead")


@memoized
def hit_chances(attacker: Results, defender: Results, *, critical_beats_success: bool) -> dict[tuple[bool, int] | None, Fraction]:
    """None for a miss; for a hit, (critical, superior successes for effect) and its chance."""
    out, total = _hit_ways(attacker, defender, critical_beats_success=critical_beats_success)
    return {key: Fraction(n, total) for key, n in out.items()}


def _hit_ways(attacker: Results, defender: Results, *, critical_beats_success: bool) -> tuple[dict[tuple[bool, int] | None, int], int]:
    ends, total = duel(attacker, defender, critical_beats_success=critical_beats_success, tie="deadlock")
    out: dict[tuple[bool, int] | None, int] = {}
    for r, won, n in ends:
        key = (r.critical, r.effective_successes) if won == "a" else None
        out[key] = out.get(key, 0) + n
    return out, total


def harm_distributions(values: sums.Counts, harm_of: Soak) -> tuple[Distribution, ...]:
    """Damage after armor, wounds from this hit, and the condition it leaves, for each damage value's ways."""
    ways, whole = values
    assert sum(ways.values()) == whole, "a damage value's ways are all the rolls"
    taken, wounds, condition = harm_of.tally(ways)
    return (
        Distribution.counted("damage", taken),
        Distribution.counted("wounds", wounds),
        Distribution.counted("condition", ordered_ways(condition, CONDITIONS)),
    )


def damage_value_odds(*, dice: int, sides: int, bonus: int, harm_of: Soak) -> Odds:
    """A damage value's damage after armor, wounds and condition, remembered by the dice and the target's reading."""

    def count() -> Odds:
        values = value_ways(dice=dice, sides=sides, bonus=bonus, superior=0, critical=False)
        return Odds.of(harm_distributions(values, harm_of))

    return memo.remember(lambda: ("eclipse damage", dice, sides, bonus, harm_of), count)


def attack_odds(
    attacker: Results,
    defender: Results,
    *,
    dice: int,
    sides: int,
    bonus: int,
    harm_of: Soak,
    critical_beats_success: bool,
) -> Odds:
    """`outcome` (miss, hit, critical hit), then damage after armor, wounds and condition.

    A miss harms the target as a damage value of 0 would: no damage, no wound, its condition as it was.
    Remembered by both tables' keys, the weapon's dice, the target's reading and the critical rule.
    """
    return by_tables(
        "attack",
        (attacker, defender),
        (dice, sides, bonus, harm_of, critical_beats_success),
        lambda: _attack_odds(attacker, defender, dice, sides, bonus, harm_of, critical_beats_success),
    )


def _attack_odds(attacker: Results, defender: Results, dice: int, sides: int, bonus: int, harm_of: Soak, critical_beats_success: bool) -> Odds:
    landed, whole = _hit_ways(attacker, defender, critical_beats_success=critical_beats_success)
    outcome: dict[str, int] = {}
    for key, n in landed.items():
        name = "miss" if key is None else "critical-hit" if key[0] else "hit"
        outcome[name] = outcome.get(name, 0) + n
    # Each hit's damage values, and a miss's 0, as whole numbers over one common total.
    hits = value_ways_by(((key[1], key[0]) for key in landed if key is not None), dice=dice, sides=sides, bonus=bonus)
    cases = [(n, hits[(key[1], key[0])] if key is not None else sums.constant(0)) for key, n in landed.items()]
    values = mixed(cases, whole)
    return Odds.of(Distribution.counted("outcome", ordered_ways(outcome, HIT_OUTCOMES)), harm_distributions(values, harm_of))
