"""Death saves, bleeding out and stabilizing."""

from __future__ import annotations

from itertools import product

import pytest

from service.errors import RuleViolation
from service.systems.ncb.rules.damage import Vitals
from service.systems.ncb.rules.dying import attempt, bleed_out, condition_after_attempt, death_save, read_stabilize, stabilize
from service.systems.ncb.options import NcbRules
from support.dice import ScriptedStream

RULES = NcbRules()


def dying(successes: int = 0, failures: int = 0, **more) -> Vitals:
    return Vitals(hp=0, max_hp=20, condition="dying", death_successes=successes, death_failures=failures, **more)


def test_a_death_save_succeeds_on_10_or_more() -> None:
    after, save = death_save(dying(), ScriptedStream(10), RULES)
    assert save.result == "success" and after.death_successes == 1
    after, save = death_save(dying(), ScriptedStream(9), RULES)
    assert save.result == "failure" and after.death_failures == 1


def test_a_natural_1_counts_as_two_failures() -> None:
    after, save = death_save(dying(), ScriptedStream(1), RULES)
    assert save.failures == 2 and after.death_failures == 2 and after.condition == "dying"


def test_a_natural_1_on_the_second_failure_flatlines() -> None:
    after, save = death_save(dying(failures=1), ScriptedStream(1), RULES)
    assert save.result == "flatlined" and after.condition == "flatlined" and after.death_failures == 3


def test_three_successes_stabilize() -> None:
    after, save = death_save(dying(successes=2, failures=2), ScriptedStream(15), RULES)
    assert save.result == "stabilized" and save.successes == 3
    assert after.condition == "stable" and (after.death_successes, after.death_failures) == (0, 0)


def test_three_failures_flatline() -> None:
    after, save = death_save(dying(successes=2, failures=2), ScriptedStream(4), RULES)
    assert save.result == "flatlined" and after.condition == "flatlined"


def test_a_natural_20_brings_the_character_back_at_1_hp() -> None:
    after, save = death_save(dying(failures=2), ScriptedStream(20), RULES)
    assert save.result == "revived" and after.hp == 1 and after.condition == "up"
    assert (after.death_successes, after.death_failures) == (0, 0)


def test_a_natural_20_can_be_configured_as_one_success() -> None:
    after, save = death_save(dying(), ScriptedStream(20), NcbRules(death_save_natural_20="success"))
    assert save.result == "success" and after.death_successes == 1 and after.hp == 0


def test_the_death_save_dv_is_configurable() -> None:
    _, save = death_save(dying(), ScriptedStream(11), NcbRules(death_save_dv=12))
    assert save.result == "failure"


def test_exhaustion_weighs_on_death_saves() -> None:
    _, save = death_save(dying(exhaustion=1), ScriptedStream(11), RULES)
    assert save.roll.total == 9 and save.result == "failure"


def test_only_the_dying_roll_death_saves() -> None:
    with pytest.raises(RuleViolation) as caught:
        death_save(Vitals(hp=5, max_hp=20), ScriptedStream(10), RULES)
    assert caught.value.code == "ncb/not-dying"


def test_bleeding_out_fails_one_save_and_the_third_flatlines() -> None:
    after, bled = bleed_out(dying(failures=1))
    assert bled.result == "failure" and after.death_failures == 2
    after, bled = bleed_out(after)
    assert bled.result == "flatlined" and after.condition == "flatlined"


def test_a_medicine_check_beating_dv_10_stabilizes() -> None:
    after, done = stabilize(dying(failures=2), "medicine", ScriptedStream(9), RULES, medicine_bonus=2)
    assert done.stabilized and done.roll.total == 11 and after.condition == "stable" and after.death_failures == 0


def test_a_medicine_check_that_only_meets_the_dv_fails_unless_ties_succeed() -> None:
    after, done = stabilize(dying(failures=2), "medicine", ScriptedStream(8), RULES, medicine_bonus=2)
    assert done.roll.total == 10 and not done.stabilized and after == dying(failures=2)
    meet_or_beat = NcbRules(dv_ties_succeed=True)
    after, done = stabilize(dying(failures=2), "medicine", ScriptedStream(8), meet_or_beat, medicine_bonus=2)
    assert done.stabilized and after.condition == "stable"


def test_a_death_save_of_exactly_10_succeeds_whatever_the_dv_switch() -> None:
    """The death save's 10 is a threshold (5e's number; the text gives none), not a DV to beat."""
    _, save = death_save(dying(), ScriptedStream(10), NcbRules(dv_ties_succeed=False))
    assert save.roll.total == 10 and save.result == "success"


def test_a_failed_medicine_check_leaves_the_character_dying() -> None:
    after, done = stabilize(dying(failures=2), "medicine", ScriptedStream(7), RULES, medicine_bonus=2)
    assert not done.stabilized and after == dying(failures=2)


@pytest.mark.parametrize("method", ["med-patch", "help"])
def test_a_med_patch_or_a_friend_stabilizes_without_a_roll(method: str) -> None:
    dice = ScriptedStream()
    after, done = stabilize(dying(), method, dice, RULES)
    assert done.stabilized and done.roll is None and after.condition == "stable" and dice.draws == []


def test_a_stable_character_needs_no_stabilizing() -> None:
    with pytest.raises(RuleViolation) as caught:
        stabilize(Vitals(hp=0, max_hp=20, condition="stable"), "med-patch", ScriptedStream(), RULES)
    assert caught.value.code == "ncb/not-dying"


@pytest.mark.parametrize("method", ["medicine", "med-patch", "help"])
def test_the_condition_an_attempt_leaves_is_read_as_the_attempt_reads_its_natural(method: str) -> None:
    v = Vitals(hp=0, max_hp=8, condition="dying", death_successes=1, death_failures=2)
    for bonus, dv, ties, natural in product(range(-6, 12, 3), (5, 10, 15, 20), (False, True), range(1, 21)):
        tried = attempt(method, NcbRules(stabilize_dv=dv, dv_ties_succeed=ties), medicine_bonus=bonus)
        after, done = read_stabilize(v, tried, ((natural,), natural))
        assert condition_after_attempt(v, tried, natural) == after.condition == done.condition, (bonus, dv, ties, natural)
