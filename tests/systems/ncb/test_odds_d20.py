"""Exact odds of a d20 test, from the numbers of RULES.CORE, and a seeded run of the real test agreeing."""

from __future__ import annotations

from fractions import Fraction

from support.odds import assert_agrees, sampled

from service.declare import dump_state, load_state
from service.registry import Actor
from service.systems import REGISTRY
from service.systems.ncb.moves.checks import d20_test, d20_test_in_session, d20_test_odds, d20_test_session_odds
from service.systems.ncb.setup import NcbSetup, first_state
from service.systems.ncb.state import NcbState
from service.systems.ncb.wire.checks import NcbD20TestAction, NcbD20TestParams

from .sheets import V

GM = Actor("seat-1", "gm", "gm")


def _outcomes(**body: object) -> dict[str, Fraction]:
    return dict(d20_test_odds(NcbD20TestParams.model_validate(body))["outcome"].chances)


def test_plus_5_against_dv_15_succeeds_on_11_or_more() -> None:
    # Beat 15 with +5: a natural 11 (16) or more. 11..19 succeed (9/20), 20 is the critical (1/20);
    # 2..10 fail (9/20) and the natural 1 is the critical failure (1/20).
    o = _outcomes(modifier=5, dv=15)
    assert o == {
        "critical-failure": Fraction(1, 20),
        "failure": Fraction(9, 20),
        "success": Fraction(9, 20),
        "critical-success": Fraction(1, 20),
    }


def test_a_tie_succeeds_only_when_the_table_says_so() -> None:
    # Meet-or-beat: a natural 10 (15) also succeeds, so 10..20 is 11/20.
    o = _outcomes(modifier=5, dv=15, rules={"dvTiesSucceed": True})
    assert o["success"] + o["critical-success"] == Fraction(11, 20)


def test_advantage_keeps_the_higher_of_two() -> None:
    # Both dice must fail for the test to fail: (10/20)^2 = 1/4, so success is 3/4.
    # Critical: at least one 20 = 1 - (19/20)^2 = 39/400; critical failure: both 1 = 1/400.
    o = _outcomes(modifier=5, dv=15, advantage=True)
    assert o["success"] + o["critical-success"] == Fraction(3, 4)
    assert (o["critical-success"], o["critical-failure"]) == (Fraction(39, 400), Fraction(1, 400))


def test_disadvantage_keeps_the_lower_and_both_cancel() -> None:
    # Both dice must succeed: (10/20)^2 = 1/4. With advantage too, one d20: 1/2.
    o = _outcomes(modifier=5, dv=15, disadvantage=True)
    assert o["success"] + o["critical-success"] == Fraction(1, 4)
    both = _outcomes(modifier=5, dv=15, advantage=True, disadvantage=True)
    assert both["success"] + both["critical-success"] == Fraction(1, 2)


def test_a_natural_20_always_succeeds_and_a_natural_1_always_fails() -> None:
    # -10 against DV 30: no total beats 30 (at most 10), yet the natural 20 succeeds: 1/20.
    hopeless = _outcomes(modifier=-10, dv=30)
    assert hopeless["critical-success"] == Fraction(1, 20) and hopeless["success"] == 0
    # +30 against DV 5: every total beats 5, yet the natural 1 fails: 1/20.
    certain = _outcomes(modifier=30, dv=5)
    assert certain["critical-failure"] == Fraction(1, 20) and certain["failure"] == 0


def test_exhaustion_takes_2_a_level_off_the_roll() -> None:
    # Two levels: +5 - 4 = +1 against 15, so a natural 15 (16) or more; 15..19 are plain successes: 5/20.
    o = _outcomes(modifier=5, dv=15, exhaustion=2)
    assert o["success"] == Fraction(5, 20)


def test_the_total_is_the_natural_plus_the_modifier() -> None:
    total = d20_test_odds(NcbD20TestParams(modifier=3, dv=12))["total"]
    assert total.target == 12
    assert dict(total.chances) == {n + 3: Fraction(1, 20) for n in range(1, 21)}
    assert total.mean() == Fraction(21, 2) + 3  # a d20 averages 10.5
    assert total.at_least(13) == Fraction(11, 20)


def test_the_odds_agree_with_the_test_as_rolled() -> None:
    params = NcbD20TestParams(modifier=4, dv=14, advantage=True)
    odds = d20_test_odds(params)
    counts = sampled(lambda stream: d20_test(params, stream).roll.outcome, runs=3000)
    assert_agrees(odds["outcome"], counts)
    totals = sampled(lambda stream: d20_test(params, stream).roll.total, runs=3000)
    assert_agrees(odds["total"], totals)


def _table() -> NcbState:
    """V alone at a table, loaded as a session handler gets it."""
    return load_state(NcbState, dump_state(NcbState, first_state(NcbSetup.model_validate({"combatants": [V]}))))


def test_in_a_session_the_sheet_supplies_the_modifier() -> None:
    # V: Dexterity 16 (+3), level 5 (proficiency +3): +6 against DV 15 beats it from a natural 10.
    # 10..19 plain successes: 10/20.
    action = NcbD20TestAction(combatant="v", ability="dexterity", proficient=True, dv=15)
    odds = d20_test_session_odds(_table(), action, GM)
    assert odds["outcome"].probability("success") == Fraction(10, 20)
    assert REGISTRY.mechanics["ncb/d20-test"].session_odds is not None


def test_the_session_odds_agree_with_the_session_test() -> None:
    state = _table()
    action = NcbD20TestAction(combatant="v", ability="intelligence", bonus=1, dv=16, disadvantage=True)
    odds = d20_test_session_odds(state, action, GM)
    counts = sampled(lambda stream: d20_test_in_session(state, action, stream, GM)[1].roll.outcome, runs=3000)
    assert_agrees(odds["outcome"], counts)
