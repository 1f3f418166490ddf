"""A whole success test: modifiers, pool points before and after the roll, superior results,
criticals and task time, through the stateless `test` mechanic with scripted dice."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.eclipse import moves
from service.systems.eclipse.wire.success_tests import EclipseTestInput
from support.dice import ScriptedStream, d100


def run(body: dict, *faces: int):
    stream = ScriptedStream(*faces)
    result = moves.success_tests.test(EclipseTestInput.model_validate(body), stream)
    assert stream.exhausted, "every scripted die was used"
    return result


def test_modifiers_move_the_target_not_the_roll() -> None:
    r = run({"target": 40, "modifiers": [{"severity": "moderate"}, {"severity": "minor", "penalty": True}]}, d100(48))
    assert (r.roll, r.target, r.success) == (48, 50, True)


def test_plus_40_and_plus_30_apply_as_plus_60_and_say_so() -> None:
    r = run({"target": 20, "modifiers": [{"value": 40}, {"value": 30}]}, d100(79))
    assert (r.target, r.modifiers.raw, r.modifiers.applied, r.modifiers.capped) == (80, 70, 60, True)


def test_specialization_adds_ten() -> None:
    r = run({"target": 45, "specialization": True}, d100(53))
    assert (r.target, r.success) == (55, True)
    assert [(m.source, m.value) for m in r.modifiers.listed] == [("specialization", 10)]


def test_retries_apply_a_cumulative_minus_ten() -> None:
    r = run({"target": 60, "retries": 2}, d100(45))
    assert r.target == 40 and not r.success


def test_teamwork_caps_the_bonus_at_thirty_rather_than_refusing_a_fourth_helper() -> None:
    r = run({"target": 30, "helpers": [{"rating": 50}] * 4}, d100(59))
    assert (r.teamwork.helpers, r.teamwork.counted, r.teamwork.bonus, r.target, r.success) == (4, 4, 30, 60, True)
    assert r.modifiers.listed[0].label == "4 helper(s), capped at +30"


@pytest.mark.parametrize(
    ("ratings", "counted", "bonus"),
    [
        ([45, 40, 60, 20], 3, 30),  # four listed, three at 40+
        ([45, 39, 20, None, 40], 2, 20),  # five listed, two at 40+
        ([40, 40, 40], 3, 30),
    ],
)
def test_teamwork_on_a_know_test_counts_helpers_at_forty_and_caps_at_thirty(ratings: list, counted: int, bonus: int) -> None:
    helpers = [{} if rating is None else {"rating": rating} for rating in ratings]
    r = run({"target": 30, "skillCategory": "know", "helpers": helpers}, d100(10))
    assert (r.teamwork.helpers, r.teamwork.counted, r.teamwork.bonus, r.target) == (len(ratings), counted, bonus, 30 + bonus)


def test_teamwork_on_a_technical_test_counts_only_skilled_helpers() -> None:
    r = run({"target": 30, "skillCategory": "technical", "helpers": [{"rating": 45}, {"rating": 20}, {}]}, d100(39))
    assert (r.teamwork.counted, r.teamwork.bonus, r.target, r.success) == (1, 10, 40, True)


def test_plus_twenty_pool_point_raises_the_target() -> None:
    r = run({"target": 40, "aptitude": "ref", "poolSpends": [{"pool": "vigor", "use": "plus-twenty"}]}, d100(58))
    assert (r.target, r.success, r.pool_spends[0].spent) == (60, True, True)


def test_ignore_modifiers_sets_every_penalty_aside() -> None:
    body = {"target": 50, "aptitude": "cog", "modifiers": [{"severity": "major", "penalty": True}], "poolSpends": [{"pool": "insight", "use": "ignore-modifiers"}]}
    r = run(body, d100(49))
    assert (r.target, r.modifiers.ignored, r.success) == (50, True, True)


def test_flip_flop_is_spent_only_when_it_helps() -> None:
    helped = run({"target": 50, "aptitude": "cog", "poolSpends": [{"pool": "insight", "use": "flip-flop"}]}, d100(83))
    assert (helped.rolled, helped.roll, helped.success, helped.pool_spends[0].spent) == (83, 38, True, True)
    kept = run({"target": 50, "aptitude": "cog", "poolSpends": [{"pool": "insight", "use": "flip-flop"}]}, d100(45))
    assert (kept.roll, kept.success, kept.pool_spends[0].spent) == (45, True, False)  # 54 would fail


def test_upgrade_adds_a_superior_success() -> None:
    r = run({"target": 60, "kind": "rep", "poolSpends": [{"pool": "moxie", "use": "upgrade"}]}, d100(40))
    assert (r.superior_successes, r.pool_spends[0].spent) == (2, True)


def test_downgrade_softens_a_critical_failure() -> None:
    r = run({"target": 10, "poolSpends": [{"pool": "flex", "use": "downgrade-critical-failure"}]}, d100(99))
    assert (r.outcome, r.pool_spends[0].spent) == ("failure", True)


def test_two_pool_points_on_one_test_are_refused() -> None:
    body = {"target": 50, "poolSpends": [{"pool": "flex", "use": "plus-twenty"}, {"pool": "flex", "use": "flip-flop"}]}
    with pytest.raises(RuleViolation) as refused:
        run(body)
    assert refused.value.code == "eclipse/too-many-pool-points" and refused.value.status == 422


def test_the_table_may_allow_more_pool_points_per_test() -> None:
    body = {
        "target": 50,
        "poolSpends": [{"pool": "flex", "use": "plus-twenty"}, {"pool": "flex", "use": "flip-flop"}],
        "rules": {"poolPointsPerTest": 2},
    }
    r = run(body, d100(91))  # 91 against 70 fails; flipped, 19 succeeds
    assert (r.target, r.roll, r.success) == (70, 19, True)


def test_a_pool_only_serves_its_own_aptitudes() -> None:
    with pytest.raises(RuleViolation) as refused:
        run({"target": 50, "aptitude": "som", "poolSpends": [{"pool": "insight", "use": "plus-twenty"}]})
    assert refused.value.code == "eclipse/pool-not-linked"
    run({"target": 50, "aptitude": "som", "poolSpends": [{"pool": "flex", "use": "plus-twenty"}]}, d100(10))


def test_superior_results_buy_the_choices_in_order() -> None:
    body = {"target": 80, "onSuperiorSuccess": ["damage", "covertness"], "damage": {"dice": 1, "sides": 10, "bonus": 2}}
    r = run(body, d100(70), 4, 7)  # d100, the superior d6, then the weapon d10
    assert r.superior.applied == ["damage", "covertness"]
    assert (r.superior.damage_dice, r.superior.covertness_modifier) == ([4], 10)
    assert (r.damage.dice, r.damage.superior_dice, r.damage.total) == ([7], [4], 13)


def test_one_superior_result_pays_for_one_choice() -> None:
    r = run({"target": 50, "onSuperiorSuccess": ["quality", "quality"]}, d100(45))
    assert (r.superior.applied, r.superior.follow_up_modifier) == (["quality"], 10)


def test_superior_failures_cost_quality() -> None:
    r = run({"target": 10, "onSuperiorFailure": ["quality", "covertness"]}, d100(20))
    assert (r.superior.follow_up_modifier, r.superior.covertness_modifier) == (-10, -10)


def test_damage_cannot_be_a_superior_failure_choice_and_time_needs_a_task() -> None:
    with pytest.raises(RuleViolation) as refused:
        run({"target": 10, "onSuperiorFailure": ["damage"]})
    assert refused.value.code == "eclipse/superior-choice-not-applicable"
    with pytest.raises(RuleViolation):
        run({"target": 10, "onSuperiorSuccess": ["time"]})


def test_critical_success_may_double_damage() -> None:
    body = {"target": 50, "onCriticalSuccess": "double-damage", "damage": {"dice": 2, "sides": 10, "bonus": 4}}
    r = run(body, d100(44), 3, 6)
    assert (r.critical_effect, r.damage.doubled, r.damage.total) == ("double-damage", True, 26)


def test_criticals_carry_twenty_to_the_next_test() -> None:
    up = run({"target": 50, "onCriticalSuccess": "next-test-bonus"}, d100(22))
    down = run({"target": 50, "onCriticalFailure": "next-test-penalty"}, d100(88))
    plain = run({"target": 50, "onCriticalSuccess": "next-test-bonus"}, d100(23))
    assert (up.next_test_modifier, down.next_test_modifier, plain.next_test_modifier) == (20, -20, 0)


def test_taking_longer_adds_ten_per_quarter_of_the_timeframe() -> None:
    r = run({"target": 40, "task": {"amount": 2, "unit": "hours", "extraTimeSteps": 2}}, d100(59))
    assert (r.target, r.success, r.task.planned_percent, r.task.planned, r.task.spent) == (60, True, 150, 3.0, 3.0)


def test_rushing_takes_a_quarter_off_for_minus_twenty() -> None:
    r = run({"target": 60, "task": {"amount": 4, "unit": "hours", "rush": True}, "onSuperiorSuccess": ["time"]}, d100(35))
    assert (r.target, r.task.planned_percent, r.task.spent_percent, r.task.spent) == (40, 75, 56.25, 2.25)


def test_a_failed_task_is_noticed_after_a_quarter_plus_a_quarter_per_superior_failure() -> None:
    r = run({"target": 10, "task": {"amount": 8, "unit": "hours"}}, d100(20))
    assert (r.task.noticed_failure, r.task.spent_percent, r.task.spent) == (True, 75.0, 6.0)
    r = run({"target": 10, "task": {"amount": 8, "unit": "hours"}}, d100(70))
    assert (r.task.spent_percent, r.task.spent) == (25.0, 2.0)


def test_taking_longer_and_rushing_together_is_refused() -> None:
    with pytest.raises(RuleViolation) as refused:
        run({"target": 10, "task": {"amount": 1, "unit": "hours", "rush": True, "extraTimeSteps": 1}})
    assert refused.value.code == "eclipse/task-timing"


def test_defaulting_reports_the_ignored_critical() -> None:
    r = run({"target": 15, "defaulting": True}, d100(11))
    assert (r.outcome, r.critical_ignored) == ("success", True)


def test_55_against_50_reports_its_superior_failure_and_counts_as_the_critical() -> None:
    r = run({"target": 50, "onSuperiorFailure": ["quality"], "onCriticalFailure": "next-test-penalty"}, d100(55))
    assert (r.success, r.superior_failures, r.critical, r.outcome) == (False, 1, True, "critical-failure")
    assert (r.counts_as, r.superior_for_effect, r.superior_replaced) == ("critical", 0, 1)
    assert (r.superior.applied, r.superior.follow_up_modifier, r.next_test_modifier) == ([], 0, -20)


def test_a_table_may_let_a_critical_keep_its_superior_results_for_effect() -> None:
    body = {"target": 50, "onSuperiorFailure": ["quality"], "rules": {"criticalReplacesSuperior": False}}
    r = run(body, d100(55))
    assert (r.superior_failures, r.counts_as, r.superior_for_effect, r.superior_replaced) == (1, "critical-and-superior", 1, 0)
    assert r.superior.follow_up_modifier == -10


def test_a_critical_hit_measures_superior_successes_but_adds_no_dice_for_them() -> None:
    r = run({"target": 80, "onSuperiorSuccess": ["damage", "damage"], "onCriticalSuccess": "double-damage"}, d100(77))
    assert (r.superior_successes, r.superior_for_effect, r.superior.damage_dice) == (2, 0, [])


def test_a_critical_failed_task_is_noticed_after_a_quarter_only() -> None:
    # 22 against 10 measures two superior failures; the critical counts instead of them.
    r = run({"target": 10, "task": {"amount": 8, "unit": "hours"}}, d100(22))
    assert (r.superior_failures, r.task.spent_percent, r.task.spent) == (2, 25.0, 2.0)


def test_task_times_are_also_given_in_minutes() -> None:
    r = run({"target": 40, "task": {"amount": 2, "unit": "hours", "extraTimeSteps": 2}}, d100(59))
    assert (r.task.planned_minutes, r.task.spent_minutes) == (180, 180)
    r = run({"target": 60, "task": {"amount": 10, "unit": "minutes", "rush": True}}, d100(20))
    assert (r.task.planned_minutes, r.task.spent_minutes) == (7.5, 7.5)
    r = run({"target": 60, "task": {"amount": 4, "unit": "action-turns"}}, d100(20))
    assert r.task.spent_minutes == 0.2  # 4 turns of 3 seconds
