"""The exact chances of a damage value: the weapon's dice and any superior d6 summed (`service.dice.sums`),
then read by `value_of` (never below 0, doubled on a critical) as `roll_damage` reads them."""

from __future__ import annotations

from fractions import Fraction

from service.dice import sums
from service.systems.eclipse.rules.combat import SUPERIOR_HIT_DIE, value_of


def value_chances(*, dice: int, sides: int, bonus: int, superior: int, critical: bool) -> dict[int, Fraction]:
    """Each damage value the weapon's dice and `superior` d6 can make, and its chance."""
    ways, whole = value_ways(dice=dice, sides=sides, bonus=bonus, superior=superior, critical=critical)
    return {value: Fraction(n, whole) for value, n in ways.items()}


def value_ways(*, dice: int, sides: int, bonus: int, superior: int, critical: bool) -> sums.Counts:
    """The same as whole numbers of ways out of all the rolls of those dice, for exact sums without Fractions."""
    rolled = sums.add(sums.dice(dice, sides), sums.dice(superior, SUPERIOR_HIT_DIE))
    out: dict[int, int] = {}
    for total, n in sorted(rolled[0].items()):
        value = value_of(total, bonus=bonus, critical=critical)
        out[value] = out.get(value, 0) + n
    return out, rolled[1]
