"""Opposed tests: the side that succeeds with the higher roll wins."""

from __future__ import annotations

from service.systems.eclipse import moves
from service.systems.eclipse.rules.d100 import judge
from service.systems.eclipse.rules.opposed import winner
from service.systems.eclipse.wire.success_tests import EclipseOpposedTestInput
from support.dice import ScriptedStream, d100


def test_both_succeed_and_the_higher_roll_wins() -> None:
    assert winner(judge(45, 50), judge(30, 60), critical_beats_success=True)[0] == "a"
    assert winner(judge(12, 50), judge(30, 60), critical_beats_success=True)[0] == "b"


def test_only_one_success_wins_whatever_the_rolls() -> None:
    assert winner(judge(60, 50), judge(5, 60), critical_beats_success=True)[0] == "b"


def test_both_fail_and_nobody_wins() -> None:
    assert winner(judge(60, 50), judge(70, 60), critical_beats_success=True)[0] == "none"


def test_a_critical_beats_a_plain_success_by_default() -> None:
    assert winner(judge(22, 50), judge(45, 60), critical_beats_success=True)[0] == "a"
    assert winner(judge(22, 50), judge(45, 60), critical_beats_success=False)[0] == "b"
    assert winner(judge(11, 50), judge(44, 60), critical_beats_success=True)[0] == "b"  # two criticals: higher roll


def test_an_exact_tie_is_a_deadlock_unless_the_higher_target_breaks_it() -> None:
    assert winner(judge(40, 50), judge(40, 60), critical_beats_success=True)[0] == "tie"
    assert winner(judge(40, 50), judge(40, 60), critical_beats_success=True, tie="higher-target")[0] == "b"


def test_stateless_opposed_test_rolls_a_then_b() -> None:
    stream = ScriptedStream(d100(45), d100(38))
    out = moves.success_tests.opposed_test(EclipseOpposedTestInput.model_validate({"a": {"target": 50}, "b": {"target": 40}}), stream)
    assert (out.a.roll, out.b.roll, out.winner) == (45, 38, "a")
