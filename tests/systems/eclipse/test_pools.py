"""Pools: what each serves, their own uses and costs, and recharges."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.eclipse import moves
from service.systems.eclipse.rules.pools import (
    PoolLevel,
    check_linked,
    long_recharge,
    ongoing_bonus,
    short_recharge,
    special_cost,
    special_effect,
    spend,
)
from service.systems.eclipse.wire.pools import EclipsePoolUseInput, EclipseRechargeInput
from service.systems.eclipse.wire.success_tests import EclipseAfterRollInput
from support.dice import ScriptedStream

POOLS = {"insight": {"current": 1, "max": 3}, "moxie": {"current": 0, "max": 2}, "vigor": {"current": 2, "max": 2}, "flex": {"current": 0, "max": 1}}
LEVELS = {name: PoolLevel(**level) for name, level in POOLS.items()}  # the same pools, as the rules take them


def test_insight_moxie_vigor_serve_their_aptitudes_and_flex_serves_any_test() -> None:
    check_linked("insight", aptitude="int", kind="skill")
    check_linked("vigor", aptitude="som", kind="skill")
    check_linked("moxie", aptitude=None, kind="rep")  # and rep tests
    check_linked("moxie", aptitude=None, kind="infection")
    check_linked("flex", aptitude="cog", kind="skill")
    with pytest.raises(RuleViolation):
        check_linked("vigor", aptitude="wil", kind="skill")


def test_spending_more_than_the_pool_holds_is_refused() -> None:
    assert spend(LEVELS, "insight", 1)["insight"].current == 0
    with pytest.raises(RuleViolation) as refused:
        spend(LEVELS, "moxie", 1)
    assert refused.value.code == "eclipse/pool-empty" and refused.value.status == 409


def test_special_uses_belong_to_their_pools() -> None:
    assert special_cost("vigor", "ignore-wound") == 1
    assert special_cost("moxie", "refresh-rep", "minor") == 1
    assert special_cost("moxie", "refresh-rep", "moderate") == 2
    with pytest.raises(RuleViolation):
        special_cost("moxie", "refresh-rep", "major")  # Major favors cannot be refreshed
    with pytest.raises(RuleViolation):
        special_cost("flex", "take-initiative")  # Flex buys narrative control, not other pools' uses
    assert special_cost("flex", "introduce-item") == 1


def test_ongoing_use_gives_five_or_ten_to_linked_skills() -> None:
    assert ongoing_bonus("insight", "cog", 1) == 5
    assert ongoing_bonus("vigor", "ref", 2) == 10
    with pytest.raises(RuleViolation):
        ongoing_bonus("flex", "cog", 1)


def test_short_recharge_hands_points_out_in_order_and_loses_the_rest() -> None:
    done = short_recharge(LEVELS, 5, [("vigor", 6), ("insight", 1), ("moxie", 6)])
    assert done.restored == {"insight": 1, "moxie": 2, "vigor": 0, "flex": 0}
    assert done.lost == 2
    assert done.pools["moxie"] == PoolLevel(current=2, max=2)


def test_long_recharge_fills_every_pool() -> None:
    done = long_recharge(LEVELS)
    assert all(v.current == v.max for v in done.pools.values())
    assert done.restored == {"insight": 2, "moxie": 2, "vigor": 0, "flex": 1}


def test_stateless_short_recharge_rolls_one_d6() -> None:
    body = {"kind": "short", "pools": POOLS, "allocation": [{"pool": "insight"}, {"pool": "flex"}]}
    stream = ScriptedStream(4)
    out = moves.pools.recharge(EclipseRechargeInput.model_validate(body), stream)
    assert (out.rolled, out.restored.insight, out.restored.flex, out.lost, out.timeframe) == (4, 2, 1, 1, "10 minutes")


def test_a_third_short_recharge_in_a_day_is_refused() -> None:
    body = {"kind": "short", "pools": POOLS, "allocation": [{"pool": "insight"}], "shortUsedToday": 2}
    with pytest.raises(RuleViolation) as refused:
        moves.pools.recharge(EclipseRechargeInput.model_validate(body), ScriptedStream())
    assert refused.value.code == "eclipse/recharge-limit"


def test_a_short_recharge_without_an_allocation_is_refused_before_the_die() -> None:
    stream = ScriptedStream()
    with pytest.raises(RuleViolation) as refused:
        moves.pools.recharge(EclipseRechargeInput.model_validate({"kind": "short", "pools": POOLS}), stream)
    problem = refused.value
    assert (problem.code, problem.status, problem.extra["field"]) == ("eclipse/recharge-allocation", 422, "allocation")
    assert "`allocation`" in problem.detail and stream.sides == []
    long = moves.pools.recharge(EclipseRechargeInput.model_validate({"kind": "long", "pools": POOLS}), ScriptedStream())
    assert long.restored.insight == 2  # a long recharge fills every pool and needs no allocation


def test_each_pool_has_its_own_take_the_initiative_text() -> None:
    vigor, insight = special_effect("vigor", "take-initiative"), special_effect("insight", "take-initiative")
    assert "mental" not in vigor and "mesh" not in vigor and "Insight" not in vigor
    assert "mental or mesh" in insight and vigor != insight
    assert "physical" in special_effect("vigor", "extra-action") and "mental" not in special_effect("vigor", "extra-action")
    out = moves.pools.pool_use(EclipsePoolUseInput.model_validate({"pool": "vigor", "use": "take-initiative", "available": 1}))
    assert out.effect == vigor


def test_a_long_recharge_takes_eight_hours_for_flats() -> None:
    out = moves.pools.recharge(EclipseRechargeInput.model_validate({"kind": "long", "pools": POOLS, "flat": True}), ScriptedStream())
    assert out.timeframe == "8 hours" and out.pools.flex.current == 1


def test_pool_use_reports_cost_and_refuses_an_empty_pool() -> None:
    out = moves.pools.pool_use(EclipsePoolUseInput(pool="moxie", use="refresh-rep", available=3, favor="moderate"))
    assert (out.cost, out.remaining) == (2, 1)
    with pytest.raises(RuleViolation):
        moves.pools.pool_use(EclipsePoolUseInput(pool="vigor", use="extra-action", available=0))


def test_after_roll_flip_flop_turns_83_into_38() -> None:
    out = moves.success_tests.pool_after_roll(EclipseAfterRollInput(roll=83, target=50, pool="flex", use="flip-flop"))
    assert (out.before.outcome, out.after.roll, out.after.outcome) == ("failure", 38, "success")


def test_after_roll_refuses_a_second_point_and_a_useless_one() -> None:
    with pytest.raises(RuleViolation) as refused:
        moves.success_tests.pool_after_roll(EclipseAfterRollInput(roll=83, target=50, pool="flex", use="flip-flop", points_already_spent=1))
    assert refused.value.code == "eclipse/one-pool-point-per-test"
    with pytest.raises(RuleViolation) as refused:
        moves.success_tests.pool_after_roll(EclipseAfterRollInput(roll=45, target=50, pool="flex", use="flip-flop"))
    assert refused.value.code == "eclipse/pool-use-has-no-effect"
