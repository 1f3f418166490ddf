"""Healing, short and long rests, and levelling up."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.ncb.rules.damage import Vitals
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.recovery import heal, level_up, long_rest, short_rest
from support.dice import ScriptedStream

RULES = NcbRules()


def test_healing_caps_at_max_hp() -> None:
    after, healing = heal(Vitals(hp=15, max_hp=20), 9)
    assert after.hp == 20 and healing.healed == 5


def test_healing_brings_the_dying_back_up_with_tallies_cleared() -> None:
    after, healing = heal(Vitals(hp=0, max_hp=20, condition="dying", death_successes=1, death_failures=2), 3)
    assert after.condition == "up" and after.hp == 3 and (after.death_successes, after.death_failures) == (0, 0)
    assert healing.condition == "up"


def test_no_healing_leaves_the_dying_dying_with_their_tallies() -> None:
    before = Vitals(hp=0, max_hp=20, condition="dying", death_successes=1, death_failures=2)
    after, healing = heal(before, 0)
    assert after == before and healing.condition == "dying" and healing.healed == 0


def test_the_flatlined_cannot_be_healed() -> None:
    with pytest.raises(RuleViolation) as caught:
        heal(Vitals(hp=0, max_hp=20, condition="flatlined"), 10)
    assert caught.value.code == "ncb/target-flatlined"


def test_a_short_rest_spends_hit_dice_each_adding_the_constitution_modifier() -> None:
    after, rest = short_rest(
        Vitals(hp=5, max_hp=40), spend=2, hit_dice=3, hit_die=10, constitution=14, ram_max=6, stream=ScriptedStream(7, 4)
    )
    assert [r.healed for r in rest.rolls] == [9, 6] and after.hp == 20
    assert rest.hit_dice_left == 1 and rest.ram == 6


def test_each_hit_die_heals_at_least_1() -> None:
    _, rest = short_rest(
        Vitals(hp=5, max_hp=40), spend=1, hit_dice=1, hit_die=6, constitution=3, ram_max=0, stream=ScriptedStream(2)
    )
    assert rest.rolls[0].healed == 1


def test_spending_more_hit_dice_than_left_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        short_rest(
            Vitals(hp=5, max_hp=40), spend=3, hit_dice=2, hit_die=8, constitution=10, ram_max=0, stream=ScriptedStream()
        )
    assert caught.value.code == "ncb/no-hit-dice"


def test_a_stable_character_may_spend_hit_dice_and_get_up() -> None:
    after, _ = short_rest(
        Vitals(hp=0, max_hp=20, condition="stable"),
        spend=1,
        hit_dice=1,
        hit_die=8,
        constitution=10,
        ram_max=0,
        stream=ScriptedStream(3),
    )
    assert after.condition == "up" and after.hp == 3


def test_a_dying_character_cannot_rest() -> None:
    with pytest.raises(RuleViolation) as caught:
        short_rest(
            Vitals(hp=0, max_hp=20, condition="dying"),
            spend=0,
            hit_dice=1,
            hit_die=8,
            constitution=10,
            ram_max=0,
            stream=ScriptedStream(),
        )
    assert caught.value.code == "ncb/rest-while-dying"


def test_a_long_rest_restores_hp_half_the_hit_dice_exhaustion_and_last_breath() -> None:
    after, rest = long_rest(Vitals(hp=3, max_hp=30, exhaustion=2), hit_dice=1, hit_dice_max=6, ram_max=4, rules=RULES)
    assert after.hp == 30 and rest.hit_dice == 4 and rest.hit_dice_regained == 3
    assert after.exhaustion == 1 and after.last_breath and rest.ram == 4


def test_a_long_rest_gives_back_at_least_one_hit_die_and_never_more_than_the_maximum() -> None:
    _, rest = long_rest(Vitals(hp=3, max_hp=30), hit_dice=0, hit_dice_max=1, ram_max=0, rules=RULES)
    assert rest.hit_dice == 1
    _, rest = long_rest(Vitals(hp=3, max_hp=30), hit_dice=5, hit_dice_max=6, ram_max=0, rules=RULES)
    assert rest.hit_dice == 6 and rest.hit_dice_regained == 1


def test_a_long_rest_needs_1_hp_unless_configured_otherwise() -> None:
    stable = Vitals(hp=0, max_hp=30, condition="stable")
    with pytest.raises(RuleViolation) as caught:
        long_rest(stable, hit_dice=0, hit_dice_max=3, ram_max=0, rules=RULES)
    assert caught.value.code == "ncb/long-rest-needs-hp"
    after, _ = long_rest(stable, hit_dice=0, hit_dice_max=3, ram_max=0, rules=NcbRules(long_rest_needs_hp=False))
    assert after.hp == 30 and after.condition == "up"


def test_levelling_up_by_average_adds_half_the_die_plus_one_and_con() -> None:
    up = level_up(level=2, hp=12, max_hp=20, hit_die=10, constitution=14, method="average", stream=ScriptedStream())
    assert up.level == 3 and up.hp_gain == 6 + 2 and up.max_hp == 28 and up.hp == 20 and up.subclass_available


def test_levelling_up_by_roll_gains_at_least_1() -> None:
    up = level_up(level=4, hp=30, max_hp=30, hit_die=6, constitution=4, method="roll", stream=ScriptedStream(1))
    assert up.hp_face == 1 and up.hp_gain == 1 and up.proficiency_bonus == 3


def test_level_20_is_the_top() -> None:
    with pytest.raises(RuleViolation) as caught:
        level_up(level=20, hp=1, max_hp=1, hit_die=8, constitution=10, method="average", stream=ScriptedStream())
    assert caught.value.code == "ncb/max-level"
