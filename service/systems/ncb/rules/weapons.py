"""Weapons: damage dice held inside the 5e band, and the damage a hit rolls.

The band is measured by the most a weapon's dice can roll: a standard weapon at most its
cap (default 2d8, so 16), heavy sniper and anti-materiel weapons at most theirs (default
2d10, so 20). A weapon's identity comes from its special rule tags, not extra dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from service.dice.notation import DiceError, RollResult, parse
from service.dice.notation.ast import Dice
from service.systems.ncb.rules.dice import DiceStream, roll_formula
from service.systems.ncb.errors import WEAPON_DICE, WEAPON_OUT_OF_BAND, refuse
from service.systems.ncb.options import NcbRules

Style = Literal["melee", "ranged"]
DAMAGE_DIE_SIZES = (4, 6, 8, 10, 12)


@dataclass(frozen=True, slots=True)
class Weapon:
    name: str
    damage_dice: str
    style: Style = "ranged"
    finesse: bool = False
    heavy: bool = False  # heavy sniper or anti-materiel: the higher damage cap
    overkill: bool = False  # brings a target to 0 HP -> annihilated
    tech_bonus: int = 0
    tags: tuple[str, ...] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class WeaponDice:
    count: int
    sides: int

    @property
    def formula(self) -> str:
        return f"{self.count}d{self.sides}"

    @property
    def maximum(self) -> int:
        return self.count * self.sides


@dataclass(frozen=True, slots=True)
class DamageRoll:
    formula: str  # what was rolled, modifiers included: "4d6 + 3 + 1"
    roll: RollResult  # the platform's die-by-die breakdown (its wire form is `to_dict()`)
    ability_modifier: int
    tech_bonus: int
    critical: bool
    total: int  # never below 0


def _dice(text: str) -> WeaponDice | None:
    try:
        node = parse(text)
    except DiceError:
        return None
    if not isinstance(node, Dice) or node.modifiers or node.sides not in DAMAGE_DIE_SIZES:
        return None
    return WeaponDice(node.count, node.sides)


def weapon_dice(weapon: Weapon, rules: NcbRules) -> WeaponDice:
    """The weapon's dice, or a 422 naming the cap it breaks."""
    dice = _dice(weapon.damage_dice)
    if dice is None:
        raise refuse(
            WEAPON_DICE,
            f"{weapon.name}: damage dice {weapon.damage_dice!r} must be one plain term like '2d6' "
            f"with d4, d6, d8, d10 or d12 (no modifiers; ability and tech bonuses are added for you)",
        )
    cap_text = rules.heavy_damage_cap if weapon.heavy else rules.standard_damage_cap
    cap = _dice(cap_text)
    assert cap is not None, "NcbRules validates the caps' pattern"
    if dice.maximum > cap.maximum:
        scale = "heavy sniper and anti-materiel weapons cap" if weapon.heavy else "standard weapons cap"
        raise refuse(
            WEAPON_OUT_OF_BAND,
            f"{weapon.name}: {dice.formula} can roll {dice.maximum}, but {scale} at {cap.formula} "
            f"({cap.maximum}); give the weapon a special rule instead of more dice",
            maximum=dice.maximum,
            cap=cap.formula,
        )
    return dice


def attack_ability(weapon: Weapon, strength_mod: int, dexterity_mod: int) -> tuple[str, int]:
    """Melee uses Strength, ranged Dexterity, finesse the better of the two."""
    if weapon.finesse:
        return ("strength", strength_mod) if strength_mod > dexterity_mod else ("dexterity", dexterity_mod)
    return ("strength", strength_mod) if weapon.style == "melee" else ("dexterity", dexterity_mod)


def _signed(value: int) -> str:
    return f" + {value}" if value >= 0 else f" - {-value}"


def damage_formula(dice: WeaponDice, *, critical: bool, ability_modifier: int, tech_bonus: int, rules: NcbRules) -> str:
    """The weapon's dice (doubled on a critical by default) + ability modifier + tech bonus, as notation."""
    if not critical:
        formula = dice.formula
    elif rules.critical_dice == "double-dice":
        formula = f"{dice.count * 2}d{dice.sides}"
    else:  # max-plus-roll: one set at its maximum, the other rolled
        formula = f"{dice.formula} + {dice.maximum}"
    for bonus in (ability_modifier, tech_bonus):
        if bonus:
            formula += _signed(bonus)
    return formula


def roll_damage(
    dice: WeaponDice, *, critical: bool, ability_modifier: int, tech_bonus: int, rules: NcbRules, stream: DiceStream
) -> DamageRoll:
    """The weapon's damage formula rolled; a total below 0 deals 0."""
    formula = damage_formula(
        dice, critical=critical, ability_modifier=ability_modifier, tech_bonus=tech_bonus, rules=rules
    )
    rolled = roll_formula(formula, stream)
    return DamageRoll(rolled.formula, rolled, ability_modifier, tech_bonus, critical, max(0, rolled.total))
