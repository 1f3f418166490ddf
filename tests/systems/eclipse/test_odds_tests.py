"""Exact odds of success tests and opposed tests, from the Eclipse Phase numbers, and seeded runs of the
real tests agreeing.

The d100 reads 00–99: a success at or under the target, 00 always a critical success and 99 always a
critical failure, other doubles criticals; a success of 33+ earns a superior success and 66+ another; a
failure under 66 a superior failure and under 33 another. Defaulting to an aptitude allows no critical
success; specialization is +10; pool points buy +20 before the roll or a flip-flop after it.
"""

from __future__ import annotations

from fractions import Fraction

from support.odds import assert_agrees, sampled

from service.registry import Actor
from service.systems.eclipse.moves import success_tests as tests
from service.systems.eclipse.wire.success_tests import (
    EclipseOpposedInSession,
    EclipseOpposedTestInput,
    EclipseTestInSession,
    EclipseTestInput,
)

from .tables import table, typed

GM = Actor("seat-1", "gm", "gm")


def _odds(**body: object):
    return tests.test_odds(EclipseTestInput.model_validate(body))


def test_target_50_succeeds_on_00_to_50() -> None:
    # 00..50 succeed (51); of them the doubles 00, 11, 22, 33, 44 are critical (5), so 46 plain.
    # 51..99 fail (49); the doubles 55, 66, 77, 88, 99 are critical failures (5), so 44 plain.
    odds = _odds(target=50)
    assert dict(odds["outcome"].chances) == {
        "critical-failure": Fraction(5, 100),
        "failure": Fraction(44, 100),
        "success": Fraction(46, 100),
        "critical-success": Fraction(5, 100),
    }
    assert odds["outcome"].target == 50


def test_superior_results_at_33_and_66() -> None:
    # Target 50: successes 33..50 earn one superior success (18); failures 51..65 one superior failure (15).
    odds = _odds(target=50)
    assert odds["superiorSuccesses"].probability(1) == Fraction(18, 100)
    assert odds["superiorSuccesses"].probability(2) == 0
    assert odds["superiorFailures"].probability(1) == Fraction(15, 100)
    # Target 80: successes 66..80 earn two (15); failures 81..99 none.
    high = _odds(target=80)
    assert high["superiorSuccesses"].probability(2) == Fraction(15, 100)
    assert high["superiorFailures"].probability(0) == 1


def test_specialization_and_a_plus_twenty_raise_the_target() -> None:
    # 30 + 10 specialization + 20 from a pool point = 60: 00..60 succeed, 61/100.
    o = _odds(target=30, specialization=True, poolSpends=[{"pool": "flex", "use": "plus-twenty"}])["outcome"]
    assert o.target == 60 and o.probability("success") + o.probability("critical-success") == Fraction(61, 100)


def test_defaulting_allows_no_critical_success() -> None:
    # The five successful doubles (00 included) become plain successes: 51/100, none critical.
    o = _odds(target=50, defaulting=True)["outcome"]
    assert o.probability("critical-success") == 0 and o.probability("success") == Fraction(51, 100)


def test_a_flip_flop_after_the_roll_saves_every_reading_with_a_digit_order_at_or_under_50() -> None:
    # A reading fails for good only if both it and its flip exceed 50: tens and units both 6–9 (16),
    # one of them 5 and the other 6–9 (4 + 4), or 55: 25 of 100. So 75/100 succeed.
    o = _odds(target=50, aptitude="ref", poolSpends=[{"pool": "vigor", "use": "flip-flop"}])["outcome"]
    assert o.probability("success") + o.probability("critical-success") == Fraction(75, 100)


def test_the_odds_agree_with_the_test_as_rolled() -> None:
    params = EclipseTestInput.model_validate(
        {"target": 45, "aptitude": "cog", "modifiers": [{"value": 10}], "poolSpends": [{"pool": "insight", "use": "flip-flop"}]}
    )
    odds = tests.test_odds(params)
    runs = sampled(lambda stream: tests.test(params, stream).outcome, runs=3000)
    assert_agrees(odds["outcome"], runs)
    superior = sampled(lambda stream: tests.test(params, stream).superior_successes, runs=3000)
    assert_agrees(odds["superiorSuccesses"], superior)


def test_two_even_sides_each_win_alike_and_both_fail_a_quarter_of_the_time() -> None:
    # Both against 50: nobody wins when both fail, (49/100)^2 = 2401/10000; the same successful reading on
    # both sides is a deadlock, 51/10000; the rest splits evenly: (10000 - 2452) / 2 = 3774 each.
    odds = tests.opposed_test_odds(EclipseOpposedTestInput.model_validate({"a": {"target": 50}, "b": {"target": 50}}))
    assert dict(odds["winner"].chances) == {
        "a": Fraction(3774, 10000),
        "b": Fraction(3774, 10000),
        "tie": Fraction(51, 10000),
        "none": Fraction(2401, 10000),
    }
    assert odds["a:outcome"].target == 50


def test_the_opposed_odds_agree_with_the_opposed_test_as_rolled() -> None:
    params = EclipseOpposedTestInput.model_validate({"a": {"target": 60}, "b": {"target": 45, "specialization": True}})
    odds = tests.opposed_test_odds(params)
    assert_agrees(odds["winner"], sampled(lambda stream: tests.opposed_test(params, stream).winner, runs=3000))


def test_in_a_session_the_sheet_and_state_set_the_target_and_the_odds_agree() -> None:
    # Ana's Guns 55 with her Kinetic Weapons specialization: 65. 00..65 succeed: 66/100.
    state = typed(table())
    action = EclipseTestInSession.model_validate({"character": "ana", "skill": "Guns", "specialization": True})
    odds = tests.test_session_odds(state, action, GM)
    o = odds["outcome"]
    assert o.target == 65 and o.probability("success") + o.probability("critical-success") == Fraction(66, 100)
    counts = sampled(lambda stream: tests.test_in_session(state, action, stream, GM)[1].test.outcome, runs=2000)
    assert_agrees(o, counts)


def test_an_opposed_test_at_the_table_agrees_with_its_odds() -> None:
    state = typed(table())
    action = EclipseOpposedInSession.model_validate(
        {"a": {"character": "ana", "skill": "Fray"}, "b": {"character": "guard", "skill": "Fray"}}
    )
    odds = tests.opposed_session_odds(state, action, GM)
    assert odds["b:outcome"].target == 50  # the guard's Fray
    counts = sampled(lambda stream: tests.opposed_test_in_session(state, action, stream, GM)[1].winner, runs=2000)
    assert_agrees(odds["winner"], counts)


def test_a_tests_own_damage_with_a_superior_d6_and_double_damage() -> None:
    # Target 50, a 1d10 weapon, superior successes buy +1d6, a critical success doubles. Failures (49) deal
    # nothing; 30 plain successes under 33 roll 1d10 (mean 5.5); 16 at 33..50 (not 33 or 44) add 1d6
    # (mean 9); the 5 critical successes count as criticals, not superior: 2 × 1d10 (mean 11).
    # Mean: (30 · 5.5 + 16 · 9 + 5 · 11) / 100 = 91/25. 16: a 10 and a 6 (16/100 · 1/60), or a doubled 8
    # (5/100 · 1/10): 23/3000.
    body = {"target": 50, "damage": {"dice": 1, "sides": 10}, "onSuperiorSuccess": ["damage"], "onCriticalSuccess": "double-damage"}
    params = EclipseTestInput.model_validate(body)
    damage = tests.test_odds(params)["damage"]
    assert damage.probability(0) == Fraction(49, 100)
    assert damage.mean() == Fraction(91, 25) and damage.probability(16) == Fraction(23, 3000)

    def dealt(stream) -> int:
        out = tests.test(params, stream)
        return out.damage.total if out.damage else 0

    assert_agrees(damage, sampled(dealt, runs=2500))
