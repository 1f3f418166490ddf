"""Modifiers move the target, are capped at ±60, and name themselves; teamwork and retries."""

from __future__ import annotations

from service.systems.eclipse.moves.procedures import teamwork
from service.systems.eclipse.rules.modifiers import (
    Modifier,
    helper_counts,
    retry_modifier,
    severity_value,
    teamwork_modifier,
    total,
)


def test_modifiers_of_plus_40_and_plus_30_apply_as_plus_60() -> None:
    summed = total([Modifier("situational", 40), Modifier("situational", 30)], cap=60)
    assert (summed.raw, summed.applied, summed.capped) == (70, 60, True)


def test_penalties_cap_at_minus_60() -> None:
    summed = total([Modifier("a", -30), Modifier("b", -30), Modifier("c", -20)], cap=60)
    assert (summed.applied, summed.capped) == (-60, True)


def test_a_sum_within_the_cap_is_not_flagged() -> None:
    summed = total([Modifier("a", 30), Modifier("b", 30)], cap=60)
    assert (summed.applied, summed.capped) == (60, False)


def test_severities_are_ten_twenty_thirty() -> None:
    assert [severity_value(s, penalty=False) for s in ("minor", "moderate", "major")] == [10, 20, 30]
    assert severity_value("major", penalty=True) == -30


def test_ignoring_modifiers_drops_them_all_but_keeps_a_pool_bonus() -> None:
    summed = total([Modifier("a", -30), Modifier("b", 10)], cap=60, ignore=True, extra=[Modifier("pool", 20)])
    assert (summed.applied, summed.ignored) == (20, True)


def test_retries_cost_ten_each_cumulatively() -> None:
    assert retry_modifier(0) is None
    assert retry_modifier(3).value == -30


def test_each_helper_adds_ten_up_to_thirty() -> None:
    assert teamwork_modifier(1).value == 10
    assert teamwork_modifier(3).value == 30
    modifier, team = teamwork([50, 20, None], "social")
    assert modifier.value == 30 and team.counted == 3


def test_know_technical_and_vehicle_helpers_need_the_skill_at_40() -> None:
    assert helper_counts(40, "technical") and not helper_counts(39, "know") and not helper_counts(None, "vehicle")
    modifier, team = teamwork([60, 39, None], "technical")
    assert (modifier.value, team.helpers, team.counted) == (10, 3, 1)
    assert teamwork([10], "know") == (None, team.__class__(helpers=1, counted=0, bonus=0))


def test_teamwork_caps_the_bonus_and_takes_any_number_of_helpers() -> None:
    assert [teamwork_modifier(n).value for n in (1, 2, 3, 4, 5)] == [10, 20, 30, 30, 30]
    modifier, team = teamwork([50, 50, 50, 50], None)  # four helpers: +30, not a refusal
    assert (modifier.value, team.helpers, team.counted, team.bonus) == (30, 4, 4, 30)
    modifier, team = teamwork([45, 40, 60, 20], "technical")  # four listed, three at 40+
    assert (modifier.value, team.counted) == (30, 3)
    modifier, team = teamwork([45, 39, 20, None, 40], "vehicle")  # five listed, two at 40+
    assert (modifier.value, team.helpers, team.counted) == (20, 5, 2)
