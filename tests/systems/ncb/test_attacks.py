"""Weapons in the 5e band, the attack roll, critical damage, cover and helpless targets."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.ncb.rules.attacks import Attacker, resolve_attack
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.weapons import Weapon, attack_ability, weapon_dice
from support.dice import ScriptedStream

RULES = NcbRules()
PISTOL = Weapon("Unity", "2d6", style="ranged", tech_bonus=1)
BLADES = Weapon("Mantis blades", "1d8", style="melee", finesse=True)
SOLO = Attacker(strength=14, dexterity=16, level=5)  # STR +2, DEX +3, proficiency +3


@pytest.mark.parametrize("dice", ["1d4", "1d6", "2d6", "1d12", "2d8", "3d4", "4d4"])
def test_standard_weapons_up_to_2d8_are_inside_the_band(dice: str) -> None:
    assert weapon_dice(Weapon("w", dice), RULES).formula == dice


@pytest.mark.parametrize("dice", ["3d6", "2d10", "4d12", "3d8"])
def test_standard_weapons_past_2d8_are_refused(dice: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        weapon_dice(Weapon("w", dice), RULES)
    assert caught.value.code == "ncb/weapon-out-of-band" and caught.value.status == 422


def test_heavy_and_anti_materiel_weapons_cap_at_2d10() -> None:
    assert weapon_dice(Weapon("Grad", "2d10", heavy=True), RULES).maximum == 20
    with pytest.raises(RuleViolation) as caught:
        weapon_dice(Weapon("Railgun", "4d12", heavy=True, overkill=True), RULES)
    assert "2d10" in caught.value.detail


def test_the_caps_are_configurable() -> None:
    weapon_dice(Weapon("w", "3d6"), NcbRules(standard_damage_cap="3d6"))
    with pytest.raises(RuleViolation):
        weapon_dice(Weapon("w", "2d6"), NcbRules(standard_damage_cap="1d10"))


@pytest.mark.parametrize("dice", ["2d6+1", "d20", "2d6!", "4d6kh3", "7", "two dice"])
def test_damage_dice_are_one_plain_term(dice: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        weapon_dice(Weapon("w", dice), RULES)
    assert caught.value.code == "ncb/weapon-dice"


def test_melee_uses_strength_ranged_dexterity_finesse_the_higher() -> None:
    assert attack_ability(Weapon("club", "1d6", style="melee"), 2, 3) == ("strength", 2)
    assert attack_ability(Weapon("pistol", "1d6", style="ranged"), 4, 1) == ("dexterity", 1)
    assert attack_ability(BLADES, 2, 3) == ("dexterity", 3)
    assert attack_ability(BLADES, 4, 3) == ("strength", 4)


def test_attack_is_d20_plus_proficiency_tech_and_ability_then_damage_adds_both() -> None:
    dice = ScriptedStream(10, 4, 5)
    rolled = resolve_attack(dice, SOLO, PISTOL, armor_class=16, rules=RULES)
    assert rolled.attack.modifier == 3 + 1 + 3 and rolled.attack.total == 17 and rolled.hit and not rolled.critical
    assert rolled.damage.total == 4 + 5 + 3 + 1 and rolled.damage.formula == "2d6 + 3 + 1"


def test_an_attack_that_only_meets_the_ac_misses_unless_the_table_plays_ties_hit() -> None:
    """17 against AC 17 does not beat it; with `acTiesHit` it hits, as in 5e."""
    dice = ScriptedStream(10)
    rolled = resolve_attack(dice, SOLO, PISTOL, armor_class=17, rules=RULES)
    assert rolled.attack.total == 17 and not rolled.hit and rolled.damage is None and dice.exhausted
    rolled = resolve_attack(ScriptedStream(10, 4, 5), SOLO, PISTOL, armor_class=17, rules=NcbRules(ac_ties_hit=True))
    assert rolled.hit and rolled.damage.total == 13


def test_the_dv_switch_leaves_attacks_alone() -> None:
    rolled = resolve_attack(ScriptedStream(10), SOLO, PISTOL, armor_class=17, rules=NcbRules(dv_ties_succeed=True))
    assert not rolled.hit


def test_a_miss_rolls_no_damage() -> None:
    dice = ScriptedStream(9)
    rolled = resolve_attack(dice, SOLO, PISTOL, armor_class=17, rules=RULES)
    assert not rolled.hit and rolled.damage is None and dice.exhausted


def test_a_natural_20_is_a_critical_hit_that_doubles_the_dice() -> None:
    dice = ScriptedStream(20, 6, 6, 1, 2)
    rolled = resolve_attack(dice, SOLO, PISTOL, armor_class=30, rules=RULES)
    assert rolled.hit and rolled.critical
    assert rolled.damage.formula == "4d6 + 3 + 1" and rolled.damage.total == 15 + 4


def test_max_plus_roll_crits_take_one_set_at_maximum() -> None:
    dice = ScriptedStream(20, 2, 3)
    rolled = resolve_attack(dice, SOLO, PISTOL, armor_class=10, rules=NcbRules(critical_dice="max-plus-roll"))
    assert rolled.damage.total == 2 + 3 + 12 + 3 + 1


def test_a_natural_1_misses_whatever_the_bonus() -> None:
    rolled = resolve_attack(ScriptedStream(1), SOLO, PISTOL, armor_class=2, rules=RULES)
    assert not rolled.hit


def test_cover_raises_ac_and_total_cover_cannot_be_attacked() -> None:
    rolled = resolve_attack(ScriptedStream(10, 1, 1), SOLO, PISTOL, armor_class=14, rules=RULES, cover="half")
    assert rolled.armor_class == 16 and rolled.hit
    rolled = resolve_attack(ScriptedStream(10), SOLO, PISTOL, armor_class=14, rules=RULES, cover="three-quarters")
    assert rolled.armor_class == 19 and not rolled.hit
    with pytest.raises(RuleViolation) as caught:
        resolve_attack(ScriptedStream(), SOLO, PISTOL, armor_class=15, rules=RULES, cover="total")
    assert caught.value.code == "ncb/total-cover"


def test_a_helpless_target_is_attacked_with_advantage_and_melee_hits_are_critical() -> None:
    dice = ScriptedStream(3, 12, 5, 6)
    rolled = resolve_attack(dice, SOLO, BLADES, armor_class=12, rules=RULES, target_helpless=True)
    assert rolled.attack.mode == "advantage" and rolled.attack.natural == 12
    assert rolled.critical and rolled.damage.formula == "2d8 + 3"


def test_helpless_rules_can_be_switched_off() -> None:
    rules = NcbRules(helpless_target_advantage=False, melee_crits_helpless=False)
    rolled = resolve_attack(ScriptedStream(12, 5), SOLO, BLADES, armor_class=12, rules=rules, target_helpless=True)
    assert rolled.attack.mode == "normal" and not rolled.critical


def test_exhaustion_takes_two_per_level_off_the_attack() -> None:
    tired = Attacker(strength=14, dexterity=16, level=5, exhaustion=2)
    rolled = resolve_attack(ScriptedStream(10), tired, PISTOL, armor_class=14, rules=RULES)
    assert rolled.attack.modifier == 7 - 4 and not rolled.hit


def test_an_out_of_band_weapon_is_refused_before_any_die_rolls() -> None:
    dice = ScriptedStream()
    with pytest.raises(RuleViolation):
        resolve_attack(dice, SOLO, Weapon("Hand cannon", "4d12"), armor_class=10, rules=RULES)
    assert dice.draws == []
