"""The exact chances of a damage value: the weapon's dice and any superior d6 summed (`service.dice.sums`),
then read by `value_of` (never below 0, doubled on a critical) as `roll_damage` reads them."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from math import lcm

from service.dice import sums
from service.dice.memo import shape_cache
from service.systems.eclipse.rules.combat import SUPERIOR_HIT_DIE, value_of


def value_chances(*, dice: int, sides: int, bonus: int, superior: int, critical: bool) -> dict[int, Fraction]:
    """Each damage value the weapon's dice and `superior` d6 can make, and its chance."""
    ways, whole = value_ways(dice=dice, sides=sides, bonus=bonus, superior=superior, critical=critical)
    return {value: Fraction(n, whole) for value, n in ways.items()}


SHAPES = 256  # damage dice kept by their shape (dice, sides, bonus, superior d6, doubled): a weapon's, whoever it hits


@lru_cache(maxsize=SHAPES)
def _value_ways(dice: int, sides: int, bonus: int, superior: int, critical: bool) -> sums.Counts:
    rolled = sums.add_dice(_weapon(dice, sides), superior, SUPERIOR_HIT_DIE)
    out: dict[int, int] = {}
    for total, n in sorted(rolled[0].items()):
        value = value_of(total, bonus=bonus, critical=critical)
        out[value] = out.get(value, 0) + n
    return out, rolled[1]


@lru_cache(maxsize=SHAPES)
def _weapon(dice: int, sides: int) -> sums.Counts:
    return sums.dice(dice, sides)


@shape_cache
def forget_shapes() -> None:
    _value_ways.cache_clear()
    _weapon.cache_clear()


def value_ways(*, dice: int, sides: int, bonus: int, superior: int, critical: bool) -> sums.Counts:
    """The same as whole numbers of ways out of all the rolls of those dice, for exact sums without Fractions
    (kept by the dice's shape: callers only read it)."""
    return _value_ways(dice, sides, bonus, superior, critical)


def value_ways_by(keys: Iterable[tuple[int, bool]], *, dice: int, sides: int, bonus: int) -> dict[tuple[int, bool], sums.Counts]:
    """`value_ways` for each (superior d6, critical) of `keys`, the weapon's dice summed once for them all."""
    return {(superior, critical): _value_ways(dice, sides, bonus, superior, critical) for superior, critical in keys}


def mixed(parts: Iterable[tuple[int, sums.Counts]], whole: int) -> sums.Counts:
    """Damage values of several cases, each case `n` ways out of `whole` with its own values' ways: the
    ways of each value out of one common total (no Fraction on the way)."""
    listed = list(parts)
    common = 1
    for _, (_, total) in listed:
        common = lcm(common, total)
    out: dict[int, int] = {}
    for n, (counts, total) in listed:
        scale = n * (common // total)
        for value, m in counts.items():
            out[value] = out.get(value, 0) + scale * m
    return out, whole * common
