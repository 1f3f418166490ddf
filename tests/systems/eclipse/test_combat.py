"""Combat: the opposed attack, damage, armor, wounds, incapacitation and death."""

from __future__ import annotations

from service.systems.eclipse import moves
from service.systems.eclipse.rules.combat import defense_target, harm
from service.systems.eclipse.wire.attacks import EclipseAttackInput, EclipseDamageInput
from support.dice import ScriptedStream, d100

TARGET = {"armorKinetic": 4, "armorEnergy": 8, "woundThreshold": 7, "durability": 35, "deathRating": 53}


def attack(body: dict, *faces: int):
    stream = ScriptedStream(*faces)
    base = {"attack": "ranged", "attacker": {"target": 60}, "defender": {"fray": 50}, "weapon": {"dice": 2, "sides": 10, "bonus": 4}, "target": TARGET}
    out = moves.attacks.attack(EclipseAttackInput.model_validate(base | body), stream)
    assert stream.exhausted
    return out


def test_ranged_defense_is_half_fray_rounded_down_and_melee_uses_fray_or_melee() -> None:
    assert defense_target("ranged", 45, 80, None) == ("fray/2", 22)
    assert defense_target("melee", 45, 60, None) == ("melee", 60)
    assert defense_target("melee", 45, 60, "fray") == ("fray", 45)
    assert defense_target("melee", 45, None, "melee") == ("fray", 45)


def test_the_attacker_hits_when_it_succeeds_and_rolls_higher() -> None:
    out = attack({}, d100(30), d100(20), 5, 6)  # 30 vs 60 beats 20 vs 25; 2d10+4 = 15
    assert (out.hit, out.defense_skill, out.defender.target) == (True, "fray/2", 25)
    assert (out.damage.total, out.harm.armor, out.harm.taken, out.harm.wounds) == (15, 4, 11, 1)


def test_a_defender_who_rolls_higher_makes_it_miss() -> None:
    out = attack({}, d100(10), d100(24))
    assert (out.hit, out.winner, out.damage, out.harm) == (False, "b", None, None)


def test_a_tied_roll_misses() -> None:
    out = attack({"defender": {"fray": 80}}, d100(30), d100(30))
    assert (out.hit, out.winner) == (False, "tie")


def test_each_superior_hit_adds_one_d6() -> None:
    out = attack({}, d100(57), d100(3), 5, 5, 6)  # one superior success
    assert (out.damage.dice, out.damage.superior_dice, out.damage.total) == ([5, 5], [6], 20)
    out = attack({"attacker": {"target": 80}}, d100(70), d100(3), 1, 1, 2, 3)  # two
    assert out.damage.superior_dice == [2, 3]


def test_a_critical_hit_doubles_the_damage_value() -> None:
    out = attack({}, d100(44), d100(3), 3, 4)
    assert (out.attacker.critical, out.damage.doubled, out.damage.superior_dice, out.damage.total) == (True, True, [], 22)


def test_energy_weapons_meet_energy_armor() -> None:
    out = attack({"weapon": {"dice": 2, "sides": 10, "bonus": 4, "armor": "energy"}}, d100(30), d100(20), 5, 6)
    assert (out.harm.armor, out.harm.taken) == (8, 7)


def test_wounds_per_full_multiple_of_the_threshold() -> None:
    assert harm(6, armor=0, wound_threshold=7, durability=35, death_rating=53, damage_before=0, wounds_before=0).wounds == 0
    assert harm(14, armor=0, wound_threshold=7, durability=35, death_rating=53, damage_before=0, wounds_before=0).wounds == 2
    assert harm(25, armor=4, wound_threshold=7, durability=35, death_rating=53, damage_before=0, wounds_before=1).wounds_total == 4


def test_durability_incapacitates_and_death_rating_kills() -> None:
    hurt = harm(10, armor=0, wound_threshold=7, durability=35, death_rating=53, damage_before=25, wounds_before=0)
    assert (hurt.damage_total, hurt.condition) == (35, "incapacitated")
    dead = harm(18, armor=0, wound_threshold=7, durability=35, death_rating=53, damage_before=35, wounds_before=0)
    assert dead.condition == "dead"


def test_damage_mechanic_rolls_and_applies() -> None:
    stream = ScriptedStream(10, 10, 10)
    out = moves.attacks.damage(EclipseDamageInput.model_validate({"weapon": {"dice": 3, "sides": 10}, "target": TARGET}), stream)
    assert (out.damage.total, out.harm.taken, out.harm.wounds, out.harm.condition) == (30, 26, 3, "active")
