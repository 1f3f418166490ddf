"""The core mechanic: d20 + modifiers against a DV, naturals, advantage and disadvantage."""

from __future__ import annotations

from service.dice.stream import Stream
from service.systems.ncb.rules.d20 import judge, roll_mode, roll_test
from support.dice import ScriptedStream


def test_natural_20_always_succeeds_even_below_the_dv() -> None:
    roll = roll_test(ScriptedStream(20), modifier=-5, dv=30)
    assert roll.total == 15 and roll.success and roll.outcome == "critical-success"


def test_natural_1_always_fails_even_above_the_dv() -> None:
    roll = roll_test(ScriptedStream(1), modifier=20, dv=5)
    assert roll.total == 21 and not roll.success and roll.outcome == "critical-failure"


def test_meeting_the_dv_fails_by_default_because_the_text_says_beat_it() -> None:
    tie = roll_test(ScriptedStream(12), modifier=3, dv=15)
    assert tie.total == 15 and not tie.success and tie.outcome == "failure"
    assert roll_test(ScriptedStream(13), modifier=3, dv=15).success
    assert roll_test(ScriptedStream(12), modifier=3, dv=15, ties_succeed=True).success
    assert not roll_test(ScriptedStream(11), modifier=3, dv=15, ties_succeed=True).success


def test_advantage_keeps_the_higher_of_two() -> None:
    roll = roll_test(ScriptedStream(4, 17), modifier=0, dv=10, mode="advantage")
    assert roll.faces == (4, 17) and roll.natural == 17 and roll.success


def test_disadvantage_keeps_the_lower_of_two() -> None:
    roll = roll_test(ScriptedStream(4, 17), modifier=0, dv=10, mode="disadvantage")
    assert roll.natural == 4 and not roll.success


def test_advantage_and_disadvantage_cancel_and_neither_stacks() -> None:
    assert roll_mode(True, True) == "normal"
    assert roll_mode(False, False) == "normal"
    assert roll_mode(True, False) == "advantage"
    assert roll_mode(False, True) == "disadvantage"
    dice = ScriptedStream(9)
    roll = roll_test(dice, modifier=0, dv=10, mode=roll_mode(True, True))
    assert roll.faces == (9,) and dice.exhausted


def test_judge_puts_naturals_before_totals() -> None:
    assert judge(20, 5, 25) == (True, "critical-success")
    assert judge(1, 40, 5) == (False, "critical-failure")
    assert judge(10, 16, 15) == (True, "success")
    assert judge(10, 15, 15) == (False, "failure")


def test_a_fixed_seed_rolls_the_same_faces() -> None:
    first = roll_test(Stream(seed="ncb", scope="test", nonce=0), modifier=2, dv=12, mode="advantage")
    again = roll_test(Stream(seed="ncb", scope="test", nonce=0), modifier=2, dv=12, mode="advantage")
    assert first == again and len(first.faces) == 2
