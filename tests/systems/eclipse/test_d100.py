"""The d100 reading and how a reading is judged: the issue's boundary examples, exactly."""

from __future__ import annotations

import pytest

from service.dice.stream import Stream
from service.systems.eclipse.rules.d100 import (
    Result,
    downgraded,
    flip_flop,
    is_doubles,
    judge,
    rank,
    reading,
    roll_d100,
    upgraded,
)
from support.dice import ScriptedStream


def test_face_100_reads_00_and_every_other_face_reads_as_itself() -> None:
    assert reading(100) == 0
    assert [reading(f) for f in (1, 9, 10, 47, 99)] == [1, 9, 10, 47, 99]
    assert sorted(reading(f) for f in range(1, 101)) == list(range(100))  # one face per reading


def test_roll_d100_draws_one_hundred_sided_die_from_the_stream() -> None:
    stream = ScriptedStream(100, 47)
    assert roll_d100(stream) == (100, 0)
    assert roll_d100(stream) == (47, 47)
    assert stream.sides == [100, 100]


def test_a_seeded_stream_gives_readings_in_range() -> None:
    stream = Stream(seed="eclipse", scope="test", nonce=0)
    readings = {roll_d100(stream)[1] for _ in range(2000)}
    assert min(readings) == 0 and max(readings) == 99


def test_45_against_50_is_a_success_with_one_superior() -> None:
    r = judge(45, 50)
    assert (r.success, r.critical, r.superior_successes, r.outcome) == (True, False, 1, "success")


def test_70_against_80_is_a_success_with_two_superiors() -> None:
    r = judge(70, 80)
    assert (r.success, r.superior_successes) == (True, 2)


def test_55_against_50_is_a_failure_with_one_superior_failure() -> None:
    # 55 is also doubles, so it is a critical failure as well: the superior failure the roll
    # measured is always reported, and by default the critical is what counts for effects.
    r = judge(55, 50)
    assert (r.success, r.critical, r.outcome, r.superior_failures) == (False, True, "critical-failure", 1)
    assert (r.replaced, r.effective, r.counts_as) == (1, 0, "critical")
    kept = judge(55, 50, critical_replaces_superior=False)
    assert (kept.success, kept.superior_failures, kept.effective, kept.counts_as) == (False, 1, 1, "critical-and-superior")
    plain = judge(54, 50)  # the same band without doubles
    assert (plain.success, plain.critical, plain.outcome, plain.superior_failures, plain.counts_as) == (False, False, "failure", 1, "superior")


def test_20_against_10_is_a_failure_with_two_superior_failures() -> None:
    r = judge(20, 10)
    assert (r.success, r.superior_failures) == (False, 2)


def test_33_against_50_is_a_critical_success() -> None:
    r = judge(33, 50)
    assert (r.success, r.critical, r.outcome) == (True, True, "critical-success")
    assert (r.superior_successes, r.replaced, r.effective, r.counts_as) == (1, 1, 0, "critical")  # measured, but the critical counts


def test_a_critical_keeps_its_superior_results_when_the_table_says_so() -> None:
    assert judge(33, 50, critical_replaces_superior=False).superior_successes == 1
    assert judge(77, 80, critical_replaces_superior=False).superior_successes == 2
    assert judge(22, 10, critical_replaces_superior=False).superior_failures == 2


def test_00_succeeds_critically_even_at_target_0() -> None:
    r = judge(0, 0)
    assert (r.success, r.critical, r.outcome) == (True, True, "critical-success")
    assert judge(0, -30).outcome == "critical-success"


def test_99_fails_critically_even_at_target_99() -> None:
    r = judge(99, 99)
    assert (r.success, r.critical, r.outcome) == (False, True, "critical-failure")
    assert judge(99, 150).outcome == "critical-failure"


@pytest.mark.parametrize(
    ("roll", "target", "outcome", "superior", "for_effect"),
    [
        (32, 50, "success", 0, 0),  # just under the first threshold
        (65, 80, "success", 1, 1),
        (66, 66, "critical-success", 2, 0),  # measured two, the critical counts instead
        (50, 50, "success", 1, 1),  # at the target is a success
        (51, 50, "failure", 1, 1),
        (66, 50, "critical-failure", 0, 0),  # doubles on a failure; 66+ measures no superior failure
        (67, 50, "failure", 0, 0),  # 66+ failures carry no superior failure
        (32, 10, "failure", 2, 2),
        (11, 10, "critical-failure", 2, 0),
    ],
)
def test_threshold_boundaries(roll: int, target: int, outcome: str, superior: int, for_effect: int) -> None:
    r = judge(roll, target)
    assert r.outcome == outcome
    assert (r.superior, r.effective) == (superior, for_effect)


def test_doubles_are_the_eleven_multiples() -> None:
    assert [v for v in range(100) if is_doubles(v)] == [0, 11, 22, 33, 44, 55, 66, 77, 88, 99]


def test_defaulting_ignores_critical_successes_but_not_critical_failures() -> None:
    r = judge(44, 50, defaulting=True)
    assert (r.success, r.critical, r.critical_ignored, r.superior_successes) == (True, False, True, 1)
    assert judge(0, 10, defaulting=True).outcome == "success"
    assert judge(55, 50, defaulting=True).outcome == "critical-failure"


def test_a_flip_flopped_83_reads_38() -> None:
    assert flip_flop(83) == 38
    assert [flip_flop(v) for v in (5, 50, 0, 99, 40)] == [50, 5, 0, 99, 4]


def test_upgrade_raises_a_success_one_superior_step() -> None:
    assert upgraded(judge(20, 50), critical_replaces_superior=True).superior == 1
    assert upgraded(judge(45, 50), critical_replaces_superior=True).superior == 2
    assert upgraded(judge(70, 80), critical_replaces_superior=True) is None  # already two
    assert upgraded(judge(60, 50), critical_replaces_superior=True) is None  # failures are not upgraded
    assert upgraded(judge(22, 50), critical_replaces_superior=True) is None  # a critical stands alone


def test_downgrade_turns_a_critical_failure_into_a_plain_failure() -> None:
    softened = downgraded(judge(99, 50))
    assert softened is not None and softened.outcome == "failure" and softened.superior == 0
    assert downgraded(judge(60, 50)) is None


def test_rank_orders_results_for_the_roller() -> None:
    order = [judge(99, 50), judge(20, 10), judge(54, 50), judge(70, 50), judge(10, 50), judge(45, 50), judge(70, 80), judge(22, 50)]
    assert sorted(order, key=rank) == order
    assert rank(judge(40, 50)) > rank(judge(4, 50))  # the higher successful roll is better


def test_result_outcome_names() -> None:
    assert Result(5, 10, True, False, 0).outcome == "success"


def test_what_a_result_counts_as_for_effects() -> None:
    assert [judge(r, t).counts_as for r, t in ((55, 50), (33, 50), (0, 0), (99, 99), (45, 50), (10, 50), (60, 50))] == [
        "critical",
        "critical",
        "critical",
        "critical",
        "superior",
        "plain",
        "superior",
    ]
    assert judge(33, 50, critical_replaces_superior=False).counts_as == "critical-and-superior"


def test_a_critical_ranks_by_what_counts_for_effect() -> None:
    # Replaced superior results buy nothing, so two criticals rank by their rolls alone.
    assert rank(judge(77, 80))[:2] == rank(judge(22, 80))[:2] == (3, 0)
    assert rank(judge(77, 80)) > rank(judge(22, 80))  # the higher roll
    assert rank(judge(77, 80, critical_replaces_superior=False)) > rank(judge(22, 80, critical_replaces_superior=False))


def test_downgrading_55_against_50_leaves_a_normal_failure() -> None:
    softened = downgraded(judge(55, 50))
    assert softened is not None and (softened.outcome, softened.superior, softened.counts_as) == ("failure", 0, "plain")
