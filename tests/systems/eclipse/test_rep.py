"""Rep tests: favor sizes, secrecy, frequency limits, burning rep, the seven networks."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.eclipse import moves
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.rep import NETWORKS, favor_burn, rep_modifiers
from service.systems.eclipse.wire.rep import EclipseRepTestInput
from support.dice import ScriptedStream, d100

RULES = EclipseRules()


def rep(body: dict, *faces: int):
    stream = ScriptedStream(*faces)
    out = moves.rep.rep_test(EclipseRepTestInput.model_validate({"network": "g", "score": 50, **body}), stream)
    assert stream.exhausted
    return out


def test_the_seven_networks() -> None:
    assert sorted(NETWORKS) == ["@", "c", "f", "g", "i", "r", "x"]


def test_favor_size_moves_the_target() -> None:
    assert rep({"favor": "minor"}, d100(58)).test.target == 60
    assert rep({"favor": "moderate"}, d100(5)).test.target == 50
    assert rep({"favor": "major"}, d100(5)).test.target == 20


def test_secrecy_is_a_penalty_and_burnt_rep_a_double_bonus() -> None:
    assert [m.value for m in rep_modifiers("moderate", secrecy=20, burn_bonus=5)] == [-20, 10]
    out = rep({"favor": "major", "burnForBonus": 10}, d100(39))
    assert (out.test.target, out.granted, out.score_after) == (40, True, 40)


def test_weekly_and_arc_limits() -> None:
    assert favor_burn("minor", 2, RULES, burn_for_extra=False) == 0
    for favor, used in (("minor", 3), ("moderate", 1), ("major", 1)):
        with pytest.raises(RuleViolation) as refused:
            favor_burn(favor, used, RULES, burn_for_extra=False)
        assert refused.value.code == "eclipse/favor-limit-reached"


def test_burning_rep_buys_a_favor_beyond_the_limit() -> None:
    assert [favor_burn(f, 9, RULES, burn_for_extra=True) for f in ("minor", "moderate", "major")] == [5, 10, 20]
    out = rep({"favor": "moderate", "used": 1, "burnForExtraFavor": True}, d100(30))
    assert (out.burnt_for_favor, out.score_after, out.used_after) == (10, 40, 2)


def test_burning_more_than_the_score_is_refused() -> None:
    with pytest.raises(RuleViolation) as refused:
        rep({"score": 15, "favor": "major", "used": 1, "burnForExtraFavor": True})
    assert refused.value.code == "eclipse/rep-too-low"


def test_a_failed_favor_is_not_used_up_by_default() -> None:
    assert rep({"favor": "minor"}, d100(75)).used_after == 0
    assert rep({"favor": "minor", "rules": {"failedFavorCounts": True}}, d100(75)).used_after == 1


def test_moxie_may_help_a_rep_test() -> None:
    out = rep({"favor": "moderate", "poolSpends": [{"pool": "moxie", "use": "flip-flop"}]}, d100(71))
    assert (out.test.roll, out.granted) == (17, True)
