"""Damage has a body: reduction, massive damage, finishing blows, Overkill, Last Breath, dying."""

from __future__ import annotations

from dataclasses import fields, replace

import pytest

from service.errors import RuleViolation
from service.systems.ncb.rules.damage import Hit, Vitals, apply_damage, damage_dealt, damage_reduction, hit_like, vitals_with
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.recovery import long_rest

RULES = NcbRules()


def runner(**changes) -> Vitals:
    """A standing character: 10 HP of 10, Last Breath ready, no armor."""
    return replace(Vitals(hp=10, max_hp=10, last_breath=True), **changes)


# -- damage reduction ------------------------------------------------------------------------


def test_armor_sets_reduction_light_1_medium_2_heavy_3() -> None:
    assert [damage_reduction(a, 0, 5) for a in ("none", "light", "medium", "heavy")] == [0, 1, 2, 3]


def test_tech_plating_raises_reduction_only_up_to_5() -> None:
    assert damage_reduction("medium", 2, 5) == 4
    assert damage_reduction("heavy", 4, 5) == 5
    assert damage_reduction("heavy", 2, 5, chrome=3) == 5


def test_reduction_comes_off_a_physical_hit() -> None:
    _, out = apply_damage(runner(damage_reduction=2), Hit(7), RULES)
    assert out.reduction_applied and out.dealt == 5 and out.hp_after == 5


@pytest.mark.parametrize("raw", [1, 2, 3, 4])
def test_reduction_never_takes_a_hit_below_1(raw: int) -> None:
    _, out = apply_damage(runner(damage_reduction=5), Hit(raw), RULES)
    assert out.dealt == 1 and out.hp_after == 9


def test_a_critical_hit_ignores_reduction() -> None:
    _, out = apply_damage(runner(hp=20, max_hp=20, damage_reduction=3), Hit(8, critical=True), RULES)
    assert not out.reduction_applied and out.dealt == 8 and out.hp_after == 12


@pytest.mark.parametrize("kind", ["program", "environmental"])
def test_programs_and_environmental_damage_ignore_reduction(kind: str) -> None:
    _, out = apply_damage(runner(damage_reduction=3), Hit(4, kind=kind), RULES)
    assert not out.reduction_applied and out.dealt == 4


def test_helpless_only_option_lets_plating_soften_crits_except_on_the_helpless() -> None:
    rules = NcbRules(crit_ignores_reduction="helpless-only")
    _, standing = apply_damage(runner(hp=20, max_hp=20, damage_reduction=3), Hit(8, critical=True), rules)
    _, helpless = apply_damage(
        runner(hp=20, max_hp=20, damage_reduction=3, helpless=True), Hit(8, critical=True), rules
    )
    assert standing.dealt == 5 and helpless.dealt == 8


# -- massive damage ----------------------------------------------------------------------------


def test_massive_damage_is_checked_after_reduction() -> None:
    """A 12-point hit flatlines an unarmored 10-HP target; heavy armor takes it to 9 and it survives."""
    unarmored, out_bare = apply_damage(runner(), Hit(12), RULES)
    plated, out_plated = apply_damage(runner(damage_reduction=3), Hit(12), RULES)
    assert unarmored.condition == "flatlined" and out_bare.result == "flatlined" and out_bare.cause == "massive-damage"
    assert out_plated.dealt == 9 and plated.condition == "up" and plated.hp == 1 and out_plated.result == "hurt"


def test_a_hit_equal_to_max_hp_flatlines_with_no_saves() -> None:
    after, out = apply_damage(runner(), Hit(10), RULES)
    assert after.condition == "flatlined" and out.massive and out.death_failures == 0


def test_double_max_hp_annihilates() -> None:
    after, out = apply_damage(runner(), Hit(20), RULES)
    assert after.condition == "annihilated" and out.result == "annihilated" and out.cause == "massive-damage"
    _, just_under = apply_damage(runner(), Hit(19), RULES)
    assert just_under.result == "flatlined"


def test_reduction_can_keep_a_hit_under_the_annihilation_line() -> None:
    _, out = apply_damage(runner(damage_reduction=3), Hit(22), RULES)
    assert out.dealt == 19 and out.result == "flatlined"


def test_massive_damage_at_0_hp_still_kills_outright() -> None:
    _, out = apply_damage(runner(hp=0, condition="dying", death_failures=0), Hit(10), RULES)
    assert out.result == "flatlined" and out.cause == "massive-damage"


# -- finishing blow and Overkill ------------------------------------------------------------------


def test_a_critical_hit_that_reaches_0_is_a_finishing_blow() -> None:
    after, out = apply_damage(runner(hp=4), Hit(6, critical=True), RULES)
    assert after.condition == "flatlined" and out.cause == "finishing-blow"
    assert after.last_breath and not out.last_breath_used


def test_an_overkill_weapon_that_reaches_0_annihilates() -> None:
    after, out = apply_damage(runner(hp=3), Hit(5, overkill=True), RULES)
    assert after.condition == "annihilated" and out.cause == "overkill-weapon"


def test_an_overkill_weapon_annihilates_even_when_the_hit_is_massive() -> None:
    """25 against 20 of 20 HP is massive (at least the maximum) and short of double: Overkill still annihilates."""
    after, out = apply_damage(runner(hp=20, max_hp=20), Hit(25, overkill=True), RULES)
    assert after.condition == "annihilated" and out.result == "annihilated" and out.cause == "overkill-weapon"
    assert out.massive and out.hp_after == 0 and not out.last_breath_used
    _, plain = apply_damage(runner(hp=20, max_hp=20), Hit(25), RULES)
    assert plain.result == "flatlined" and plain.cause == "massive-damage" and plain.massive


def test_an_overkill_hit_of_double_max_hp_is_annihilation_by_massive_damage() -> None:
    _, out = apply_damage(runner(hp=20, max_hp=20), Hit(40, overkill=True), RULES)
    assert out.result == "annihilated" and out.cause == "massive-damage" and out.massive


def test_an_overkill_hit_on_a_target_already_at_0_reduces_nobody_to_0() -> None:
    """The text's Overkill annihilates what it *reduces* to 0: a dying target is already there."""
    after, out = apply_damage(runner(hp=0, condition="dying"), Hit(3, overkill=True), RULES)
    assert out.result == "dying" and after.death_failures == 1
    _, out = apply_damage(runner(hp=0, condition="dying"), Hit(12, overkill=True), RULES)
    assert out.result == "flatlined" and out.cause == "massive-damage"


def test_an_overkill_weapon_short_of_0_only_hurts() -> None:
    after, out = apply_damage(runner(hp=8), Hit(5, overkill=True), RULES)
    assert after.hp == 3 and out.result == "hurt"


# -- Last Breath ----------------------------------------------------------------------------------


def test_a_hit_to_0_offers_last_breath_and_spends_nothing() -> None:
    """Last Breath is the character's choice ("may"): the hit leaves it dying and says it is there."""
    after, out = apply_damage(runner(hp=5), Hit(7), RULES)
    assert out.result == "dying" and out.last_breath_offered and not out.last_breath_used
    assert after.hp == 0 and after.condition == "dying" and after.last_breath and after.exhaustion == 0


def test_last_breath_taken_on_the_hit_leaves_1_hp_and_a_level_of_exhaustion() -> None:
    after, out = apply_damage(runner(hp=5), Hit(7, use_last_breath=True), RULES)
    assert out.result == "last-breath" and out.last_breath_used and not out.last_breath_offered
    assert after.hp == 1 and after.condition == "up" and after.exhaustion == 1 and not after.last_breath


def test_last_breath_works_once_per_long_rest() -> None:
    first, out = apply_damage(runner(hp=5), Hit(7, use_last_breath=True), RULES)
    assert out.result == "last-breath"
    second, out = apply_damage(first, Hit(3, use_last_breath=True), RULES)
    assert out.result == "dying" and second.hp == 0 and second.condition == "dying" and not out.last_breath_offered
    rested, _ = long_rest(replace(first, hp=1), hit_dice=0, hit_dice_max=1, ram_max=0, rules=RULES)
    assert rested.last_breath and rested.hp == 10 and rested.exhaustion == 0
    _, out = apply_damage(rested, Hit(9), RULES)
    assert out.result == "hurt"
    _, out = apply_damage(replace(rested, hp=4), Hit(6, use_last_breath=True), RULES)
    assert out.result == "last-breath"


def test_last_breath_never_saves_from_massive_damage() -> None:
    after, out = apply_damage(runner(), Hit(10, use_last_breath=True), RULES)
    assert out.result == "flatlined" and not out.last_breath_used and not out.last_breath_offered and after.last_breath


def test_last_breath_never_saves_from_annihilation_or_a_finishing_blow() -> None:
    _, out = apply_damage(runner(), Hit(25, use_last_breath=True), RULES)
    assert out.result == "annihilated" and not out.last_breath_used and not out.last_breath_offered
    _, out = apply_damage(runner(hp=4), Hit(6, critical=True, use_last_breath=True), RULES)
    assert out.cause == "finishing-blow" and not out.last_breath_used and not out.last_breath_offered
    _, out = apply_damage(runner(hp=4), Hit(6, overkill=True, use_last_breath=True), RULES)
    assert out.cause == "overkill-weapon" and not out.last_breath_used


def test_at_exhaustion_5_a_hit_to_0_is_dying_with_last_breath_offered_not_a_flatline() -> None:
    """No automatic Last Breath, so no sixth level of exhaustion: the character is dying, not flatlined."""
    after, out = apply_damage(runner(hp=5, exhaustion=5), Hit(6), RULES)
    assert out.result == "dying" and out.cause is None and out.last_breath_offered
    assert after.condition == "dying" and after.exhaustion == 5 and after.last_breath and after.hp == 0


def test_taking_last_breath_at_exhaustion_5_reaches_the_sixth_level_and_flatlines() -> None:
    after, out = apply_damage(runner(hp=5, exhaustion=5), Hit(6, use_last_breath=True), RULES)
    assert out.cause == "exhaustion" and after.condition == "flatlined" and after.exhaustion == 6
    tracked, out = apply_damage(
        runner(hp=5, exhaustion=5), Hit(6, use_last_breath=True), NcbRules(exhaustion="tracked-only")
    )
    assert out.result == "last-breath" and tracked.hp == 1


def test_a_new_hit_closes_an_earlier_offer() -> None:
    dropped, _ = apply_damage(runner(hp=5), Hit(7), RULES)
    assert dropped.last_breath_offered
    after, out = apply_damage(dropped, Hit(2), RULES)
    assert not after.last_breath_offered and not out.last_breath_offered and after.death_failures == 1


# -- dropping to 0 and being hit there ------------------------------------------------------------


def test_dropping_to_0_without_last_breath_is_dying() -> None:
    after, out = apply_damage(runner(hp=5, last_breath=False), Hit(9), RULES)
    assert out.result == "dying" and after.hp == 0 and (after.death_successes, after.death_failures) == (0, 0)


def test_an_nc_given_last_breath_falls_as_ncs_do_unless_the_gm_takes_it_on_the_hit() -> None:
    """An NC flatlined at 0 (the default) has no dying state to answer from: only the hit's choice helps."""
    after, out = apply_damage(runner(hp=5, nc=True), Hit(9), RULES)
    assert out.cause == "nc-at-zero-hp" and not out.last_breath_offered and after.last_breath
    _, out = apply_damage(runner(hp=5, nc=True), Hit(9, use_last_breath=True), RULES)
    assert out.result == "last-breath"
    _, out = apply_damage(runner(hp=5, nc=True), Hit(9), NcbRules(nc_at_zero_hp="dying"))
    assert out.result == "dying" and out.last_breath_offered


def test_an_nc_at_0_is_flatlined_by_default_or_dying_if_configured() -> None:
    _, out = apply_damage(runner(hp=5, nc=True, last_breath=False), Hit(9), RULES)
    assert out.result == "flatlined" and out.cause == "nc-at-zero-hp"
    _, out = apply_damage(runner(hp=5, nc=True, last_breath=False), Hit(9), NcbRules(nc_at_zero_hp="dying"))
    assert out.result == "dying"


def test_damage_at_0_hp_counts_a_failed_death_save() -> None:
    after, out = apply_damage(runner(hp=0, condition="dying", death_successes=1, death_failures=1), Hit(2), RULES)
    assert out.result == "dying" and (after.death_successes, after.death_failures) == (1, 2)


def test_a_critical_at_0_hp_counts_two_failures_by_default() -> None:
    after, _ = apply_damage(runner(hp=0, condition="dying"), Hit(2, critical=True), RULES)
    assert after.death_failures == 2 and after.condition == "dying"
    after, out = apply_damage(
        runner(hp=0, condition="dying"), Hit(2, critical=True), NcbRules(crit_on_dying="flatline")
    )
    assert out.cause == "finishing-blow" and after.condition == "flatlined"


def test_the_third_failure_from_damage_flatlines() -> None:
    after, out = apply_damage(runner(hp=0, condition="dying", death_failures=2), Hit(1), RULES)
    assert after.condition == "flatlined" and out.cause == "death-saves" and out.death_failures == 3


def test_a_stable_character_hit_again_is_dying_with_one_failure() -> None:
    after, _ = apply_damage(runner(hp=0, condition="stable"), Hit(3), RULES)
    assert after.condition == "dying" and (after.death_successes, after.death_failures) == (0, 1)


def test_damage_to_the_flatlined_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        apply_damage(runner(hp=0, condition="flatlined"), Hit(3), RULES)
    assert caught.value.code == "ncb/target-flatlined"


def test_zero_damage_changes_nothing() -> None:
    after, out = apply_damage(runner(hp=0, condition="dying"), Hit(0), RULES)
    assert out.result == "unharmed" and after == runner(hp=0, condition="dying")


def test_vitals_with_changes_each_field_as_replace_does() -> None:
    # Every field set to a value unlike its default, so a field the copy dropped would show.
    v = Vitals(7, 11, "stable", 3, 2, 1, True, True, 4, True, True)
    assert vitals_with(v) == v
    others = {"hp": 2, "max_hp": 9, "condition": "dying", "damage_reduction": 1, "death_successes": 1,
              "death_failures": 2, "last_breath": False, "last_breath_offered": False, "exhaustion": 0,
              "nc": False, "helpless": False}
    assert set(others) == {f.name for f in fields(Vitals)}
    for name, value in others.items():
        assert vitals_with(v, **{name: value}) == replace(v, **{name: value})
    assert vitals_with(v, **others) == replace(v, **others)
    with pytest.raises(TypeError):
        vitals_with(v, hit_points=3)


def test_a_damage_outcome_names_each_of_its_fields() -> None:
    # Numbers that all differ, so two fields swapped would show.
    v = Vitals(hp=9, max_hp=40, damage_reduction=2, exhaustion=3, last_breath=True)
    _, done = apply_damage(v, Hit(7), RULES)
    assert (done.kind, done.raw, done.damage_reduction, done.reduction_applied, done.dealt, done.massive) == ("physical", 7, 2, True, 5, False)
    assert (done.hp_before, done.hp_after, done.max_hp, done.condition, done.result, done.cause) == (9, 4, 40, "up", "hurt", None)
    assert (done.last_breath_used, done.last_breath_offered, done.exhaustion) == (False, False, 3)
    dying = Vitals(hp=0, max_hp=40, condition="dying", death_successes=2, death_failures=0, exhaustion=5)
    _, done = apply_damage(dying, Hit(3, "program"), RULES)
    assert (done.death_successes, done.death_failures, done.exhaustion, done.hp_after) == (2, 1, 5, 0)
    _, done = apply_damage(Vitals(hp=4, max_hp=40, last_breath=True), Hit(6, use_last_breath=True), RULES)
    assert (done.last_breath_used, done.result, done.hp_after, done.exhaustion) == (True, "last-breath", 1, 1)
    _, done = apply_damage(Vitals(hp=4, max_hp=40, last_breath=True), Hit(6), RULES)
    assert (done.last_breath_used, done.last_breath_offered, done.condition) == (False, True, "dying")


def test_hit_like_changes_only_the_amount() -> None:
    hit = Hit(9, "program", True, True, True)
    assert hit_like(4, hit) == replace(hit, amount=4)
    assert {f.name for f in fields(Hit)} == {"amount", "kind", "critical", "overkill", "use_last_breath"}


def test_damage_dealt_finds_what_apply_damage_deals_and_its_result_for_every_kind_of_hit() -> None:
    """The odds judge each amount through `damage_dealt`; it must read as the applied hit does, over
    every branch: reduction, massive, Overkill, finishing blows, Last Breath, dying, down, NCs."""
    targets = [
        runner(), runner(damage_reduction=3), runner(hp=3, damage_reduction=2), runner(hp=1, last_breath=False),
        runner(hp=0, condition="dying", death_failures=1), runner(hp=0, condition="dying", death_failures=2),
        runner(hp=0, condition="stable"), runner(nc=True, last_breath=False), runner(helpless=True, damage_reduction=2),
        runner(last_breath_offered=True), runner(exhaustion=5, hp=2),
    ]
    hits = [
        Hit(amount, kind, critical, overkill, use)
        for amount in (0, 1, 2, 3, 9, 10, 12, 19, 20, 25)
        for kind in ("physical", "program")
        for critical in (False, True)
        for overkill in (False, True)
        for use in (False, True)
    ]
    rule_sets = [RULES, NcbRules(crit_on_dying="flatline", nc_at_zero_hp="dying", crit_ignores_reduction="helpless-only")]
    results: set[str] = set()
    for rules in rule_sets:
        for target in targets:
            for hit in hits:
                _, applied = apply_damage(target, hit, rules)
                assert damage_dealt(target, hit, rules) == (applied.dealt, applied.result), (target, hit, rules)
                results.add(applied.result)
    assert results == {"unharmed", "hurt", "last-breath", "dying", "flatlined", "annihilated"}  # every result was met


def test_damage_dealt_refuses_a_dead_target_as_apply_damage_does() -> None:
    dead = runner(hp=0, condition="flatlined")
    with pytest.raises(RuleViolation):
        damage_dealt(dead, Hit(3), RULES)
