"""An attack: d20 + proficiency + tech bonus + ability modifier that must beat the Armor Class.

Cover raises the AC (half +2, three-quarters +5, 5e's numbers) and total cover makes a
target impossible to attack. A natural 20 is a critical hit; so, by default, is any melee
hit on a helpless target, which is also attacked with advantage (both 5e, configurable).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from service.frozen import quick_init
from service.systems.ncb.rules import exhaustion
from service.systems.ncb.rules.abilities import modifier, proficiency_bonus
from service.systems.ncb.rules.d20 import D20Roll, Outcome, RollMode, judge, roll_d20, roll_mode
from service.systems.ncb.rules.dice import DiceStream
from service.systems.ncb.errors import TOTAL_COVER, refuse
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.weapons import DamageRoll, Weapon, WeaponDice, attack_ability, roll_damage, weapon_dice

Cover = Literal["none", "half", "three-quarters", "total"]
COVER_AC: dict[str, int] = {"none": 0, "half": 2, "three-quarters": 5}


@quick_init
@dataclass(frozen=True, slots=True)
class Attacker:
    strength: int  # scores, chrome included
    dexterity: int
    level: int
    proficient: bool = True
    exhaustion: int = 0


@dataclass(frozen=True, slots=True)
class AttackRoll:
    attack: D20Roll
    ability: str
    ability_modifier: int
    proficiency_bonus: int
    tech_bonus: int
    armor_class: int  # cover included
    cover: Cover
    hit: bool
    critical: bool
    damage: DamageRoll | None


def require_attackable(weapon: Weapon, rules: NcbRules, cover: Cover) -> WeaponDice:
    """What makes an attack impossible whoever's turn it is: a weapon out of band, total cover."""
    dice = weapon_dice(weapon, rules)
    if cover == "total":
        raise refuse(TOTAL_COVER, "the target is behind total cover and cannot be attacked")
    return dice


@quick_init
@dataclass(frozen=True, slots=True)
class Swing:
    """Everything an attack is rolled from, so the attack and its odds start from one value."""

    attacker: Attacker
    weapon: Weapon
    armor_class: int
    rules: NcbRules
    cover: Cover = "none"
    target_helpless: bool = False
    advantage: bool = False
    disadvantage: bool = False
    situational: int = 0


@quick_init
@dataclass(frozen=True, slots=True)
class ToHit:
    """The attack roll judged, before any damage: what the odds walk and the attack rolls on from."""

    dice: WeaponDice
    attack: D20Roll
    ability: str
    ability_modifier: int
    proficiency_bonus: int
    armor_class: int  # cover included
    hit: bool
    critical: bool


@quick_init
@dataclass(frozen=True, slots=True)
class Aim:
    """An attack set up before its roll: what `roll_to_hit` rolls and the odds read once per natural."""

    dice: WeaponDice
    ability: str
    ability_modifier: int
    proficiency_bonus: int
    bonus: int  # everything added to the d20
    armor_class: int  # cover included
    mode: RollMode
    ties_hit: bool
    crits_on_hit: bool  # a melee hit on a helpless target, where the table plays it so

    def judged(self, natural: int) -> tuple[int, bool, Outcome, bool]:
        """The total, hit, outcome and critical of the die that counts."""
        total = natural + self.bonus
        hit, outcome = judge(natural, total, self.armor_class, ties_succeed=self.ties_hit)
        return total, hit, outcome, natural == 20 or (hit and self.crits_on_hit)


def aim(swing: Swing) -> Aim:
    rules, weapon, attacker = swing.rules, swing.weapon, swing.attacker
    dice = require_attackable(weapon, rules, swing.cover)  # refused before any die rolls
    ability, ability_mod = attack_ability(weapon, modifier(attacker.strength), modifier(attacker.dexterity))
    proficiency = proficiency_bonus(attacker.level) if attacker.proficient else 0
    bonus = proficiency + weapon.tech_bonus + ability_mod + swing.situational
    bonus -= exhaustion.d20_penalty(attacker.exhaustion, rules)
    effective_ac = swing.armor_class + COVER_AC[swing.cover]
    helpless = swing.target_helpless
    mode = roll_mode(swing.advantage or (helpless and rules.helpless_target_advantage), swing.disadvantage)
    crits = weapon.style == "melee" and helpless and rules.melee_crits_helpless
    return Aim(dice, ability, ability_mod, proficiency, bonus, effective_ac, mode, rules.ac_ties_hit, crits)


def roll_to_hit(stream: DiceStream, swing: Swing) -> ToHit:
    aimed = aim(swing)
    faces, natural = roll_d20(stream, aimed.mode)
    total, hit, outcome, critical = aimed.judged(natural)
    attack = D20Roll(faces, natural, aimed.mode, aimed.bonus, total, aimed.armor_class, hit, outcome)
    return ToHit(aimed.dice, attack, aimed.ability, aimed.ability_modifier, aimed.proficiency_bonus, aimed.armor_class, hit, critical)


def strike(stream: DiceStream, swing: Swing) -> AttackRoll:
    """Roll to hit and, on a hit, roll damage; the damage is not yet applied to anyone."""
    aimed = roll_to_hit(stream, swing)
    damage = None
    if aimed.hit:
        damage = roll_damage(
            aimed.dice,
            critical=aimed.critical,
            ability_modifier=aimed.ability_modifier,
            tech_bonus=swing.weapon.tech_bonus,
            rules=swing.rules,
            stream=stream,
        )
    return AttackRoll(
        aimed.attack,
        aimed.ability,
        aimed.ability_modifier,
        aimed.proficiency_bonus,
        swing.weapon.tech_bonus,
        aimed.armor_class,
        swing.cover,
        aimed.hit,
        aimed.critical,
        damage,
    )


def resolve_attack(
    stream: DiceStream,
    attacker: Attacker,
    weapon: Weapon,
    *,
    armor_class: int,
    rules: NcbRules,
    cover: Cover = "none",
    target_helpless: bool = False,
    advantage: bool = False,
    disadvantage: bool = False,
    situational: int = 0,
) -> AttackRoll:
    """Roll to hit and, on a hit, roll damage; the damage is not yet applied to anyone."""
    swing = Swing(attacker, weapon, armor_class, rules, cover, target_helpless, advantage, disadvantage, situational)
    return strike(stream, swing)
