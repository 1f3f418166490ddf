"""Combat: an attack is an opposed test; a hit rolls damage, armor soaks it, and what gets
through becomes damage points, wounds, and perhaps incapacitation or death."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from service.dice.stream import Stream

AttackKind = Literal["melee", "ranged"]
DefenseSkill = Literal["fray", "melee"]
ArmorKind = Literal["kinetic", "energy", "none"]
Condition = Literal["active", "incapacitated", "dead"]

SUPERIOR_HIT_DIE = 6  # each superior hit adds 1d6 to the damage value
CRITICAL_MULTIPLIER = 2


def defense_target(attack: AttackKind, fray: int, melee: int | None, choice: DefenseSkill | None) -> tuple[str, int]:
    """The defender's skill and target: Fray or Melee in melee, half Fray (rounded down) at range."""
    if attack == "ranged":
        return "fray/2", fray // 2
    if choice == "melee" and melee is not None:
        return "melee", melee
    if choice is None and melee is not None and melee > fray:
        return "melee", melee
    return "fray", fray


@dataclass(frozen=True, slots=True)
class DamageValue:
    dice: tuple[int, ...]
    bonus: int
    superior_dice: tuple[int, ...]
    doubled: bool
    total: int


def value_of(rolled: int, *, bonus: int, critical: bool) -> int:
    """The damage value of the dice rolled (weapon and superior dice together): never below 0, doubled on a critical."""
    value = max(0, rolled + bonus)
    return value * CRITICAL_MULTIPLIER if critical else value


def roll_damage(stream: Stream, *, count: int, sides: int, bonus: int, superior: int, critical: bool) -> DamageValue:
    dice = tuple(stream.roll(sides) for _ in range(count))
    extra = tuple(stream.roll(SUPERIOR_HIT_DIE) for _ in range(superior))
    return DamageValue(dice, bonus, extra, critical, value_of(sum(dice) + sum(extra), bonus=bonus, critical=critical))


@dataclass(frozen=True, slots=True)
class Harm:
    damage_value: int
    armor: int
    taken: int  # after armor
    wounds: int  # from this hit
    damage_total: int
    wounds_total: int
    condition: Condition


def condition(damage_total: int, durability: int, death_rating: int) -> Condition:
    if damage_total >= death_rating:
        return "dead"
    if damage_total >= durability:
        return "incapacitated"
    return "active"


def soaked(damage_value: int, armor: int, wound_threshold: int, durability: int, death_rating: int, damage_before: int) -> tuple[int, int, Condition]:
    """What gets through armor (damage taken), the wounds it makes, and the condition it leaves."""
    taken = max(0, damage_value - armor)
    return taken, taken // wound_threshold, condition(damage_before + taken, durability, death_rating)


@dataclass(frozen=True, slots=True)
class Soak:
    """What `soaked` reads of a target besides the damage value: a damage value's reading for that target."""

    armor: int
    wound_threshold: int
    durability: int
    death_rating: int
    damage_before: int

    def __call__(self, damage_value: int) -> tuple[int, int, Condition]:
        return soaked(damage_value, self.armor, self.wound_threshold, self.durability, self.death_rating, self.damage_before)

    def tally(self, ways: Mapping[int, int]) -> tuple[dict[int, int], dict[int, int], dict[str, int]]:
        """Each damage value's `ways` read as `soaked` reads it, counted at once: the ways of each damage taken, of
        each number of wounds and of each condition. The odds read every value a hit can roll; this is `soaked`'s
        arithmetic without a call per value (tested against `soaked` value by value)."""
        armor, threshold = self.armor, self.wound_threshold
        down_at = self.durability - self.damage_before  # taken from here on: incapacitated, as `condition` reads the total
        dead_at = self.death_rating - self.damage_before
        taken: dict[int, int] = {}
        wounds: dict[int, int] = {}
        active = down = dead = 0
        for value, n in ways.items():
            through = value - armor if value > armor else 0
            taken[through] = taken.get(through, 0) + n
            made = through // threshold
            wounds[made] = wounds.get(made, 0) + n
            if through >= dead_at:
                dead += n
            elif through >= down_at:
                down += n
            else:
                active += n
        states = {"active": active, "incapacitated": down, "dead": dead}
        return taken, wounds, {state: n for state, n in states.items() if n}


def harm(
    damage_value: int,
    *,
    armor: int,
    wound_threshold: int,
    durability: int,
    death_rating: int,
    damage_before: int,
    wounds_before: int,
) -> Harm:
    """Armor soaks the damage value; each full wound threshold of what remains is a wound."""
    taken, wounds, state = soaked(
        damage_value, armor=armor, wound_threshold=wound_threshold, durability=durability, death_rating=death_rating, damage_before=damage_before
    )
    return Harm(damage_value, armor, taken, wounds, damage_before + taken, wounds_before + wounds, state)
