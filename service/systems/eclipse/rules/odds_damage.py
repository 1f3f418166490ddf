"""The exact chances of a damage value: the weapon's dice and any superior d6 summed (`service.dice.sums`),
then read by `value_of` (never below 0, doubled on a critical) as `roll_damage` reads them."""

from __future__ import annotations

from fractions import Fraction

from service.dice import sums
from service.systems.eclipse.rules.combat import SUPERIOR_HIT_DIE, value_of


def value_chances(*, dice: int, sides: int, bonus: int, superior: int, critical: bool) -> dict[int, Fraction]:
    """Each damage value the weapon's dice and `superior` d6 can make, and its chance."""
    rolled = sums.add(sums.dice(dice, sides), sums.dice(superior, SUPERIOR_HIT_DIE))
    out: dict[int, Fraction] = {}
    for total, p in sums.chances(rolled).items():
        value = value_of(total, bonus=bonus, critical=critical)
        out[value] = out.get(value, Fraction(0)) + p
    return out
