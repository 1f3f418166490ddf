"""Exact odds of damage, healing, stabilizing, levels and short rests, from RULES.CORE's numbers, and seeded
runs of the real rules agreeing."""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from itertools import product

import pytest
from support.odds import assert_agrees, sampled

from service.declare import dump_state, load_state
from service.dice.stream import Stream
from service.dice.walk import marginal, walk
from service.errors import RuleViolation
from service.registry import Actor
from service.systems.ncb.moves import checks, fights, rests
from service.systems.ncb.setup import NcbSetup, first_state
from service.systems.ncb.state import NcbState
from service.systems.ncb.wire.checks import NcbLevelUpAction, NcbLevelUpParams
from service.systems.ncb.wire.fights import (
    NcbDamageParams,
    NcbHealAction,
    NcbHealParams,
    NcbStabilizeAction,
    NcbStabilizeParams,
)
from service.systems.ncb.wire.rests import NcbShortRestParams

from .sheets import JACKIE, V

GM = Actor("seat-1", "gm", "gm")


def test_2d6_against_light_armor_on_10_hp() -> None:
    # Light armor takes 1 off (never below 1): 2d6 - 1 dealt. A hit of the maximum HP (10) or more
    # flatlines: a roll of 11 or 12, 3/36 = 1/12. Everything else hurts: 11/12.
    params = NcbDamageParams.model_validate({"dice": "2d6", "target": {"hp": 10, "maxHp": 10, "armor": "light"}})
    odds = fights.damage_odds_of(params)
    assert odds["result"].probability("flatlined") == Fraction(1, 12)
    assert odds["result"].probability("hurt") == Fraction(11, 12)
    assert odds["damage"].probability(1) == Fraction(1, 36)  # only a roll of 2
    counts = sampled(lambda stream: fights.damage(params, stream).outcome.result, runs=1500)
    assert_agrees(odds["result"], counts)


def test_a_fixed_amount_is_certain_and_both_or_neither_is_refused() -> None:
    odds = fights.damage_odds_of(NcbDamageParams.model_validate({"amount": 4, "target": {"hp": 10, "maxHp": 10}}))
    assert dict(odds["damage"].chances) == {4: 1}
    with pytest.raises(RuleViolation):
        fights.damage_odds_of(NcbDamageParams.model_validate({"target": {"hp": 10, "maxHp": 10}}))


def test_healing_stops_at_the_maximum() -> None:
    # 1d8 on 5 of 10 HP: 1..5 heal as rolled (1/8 each), 6..8 heal the 5 missing: 4/8.
    params = NcbHealParams.model_validate({"dice": "1d8", "target": {"hp": 5, "maxHp": 10}})
    odds = fights.heal_odds_of(params)
    assert odds["healed"].probability(5) == Fraction(1, 2) and odds["hp"].probability(10) == Fraction(1, 2)
    assert_agrees(odds["healed"], sampled(lambda stream: fights.heal(params, stream).healed, runs=1500))


def test_any_healing_brings_a_dying_character_up() -> None:
    params = NcbHealParams.model_validate({"dice": "1d4", "target": {"hp": 0, "maxHp": 10, "condition": "dying"}})
    assert dict(fights.heal_odds_of(params)["condition"].chances)["up"] == 1


def test_a_medicine_check_against_dv_10() -> None:
    # +2 must beat 10: a natural 9 or more, 12/20. A med-patch stabilizes without a roll.
    params = NcbStabilizeParams(method="medicine", medicine_bonus=2)
    odds = fights.stabilize_odds_of(params)
    assert odds["condition"].probability("stable") == Fraction(12, 20)
    assert_agrees(odds["condition"], sampled(lambda stream: fights.stabilize(params, stream).condition, runs=1500))
    assert fights.stabilize_odds_of(NcbStabilizeParams(method="med-patch"))["condition"].probability("stable") == 1


def test_a_level_rolls_its_hit_die_or_takes_the_average() -> None:
    # d8 + 2 (Constitution 14): 3..10, 1/8 each; the average is 8 // 2 + 1 + 2 = 7, certain.
    rolled = NcbLevelUpParams(level=3, hp=20, max_hp=20, hit_die=8, constitution=14, method="roll")
    odds = checks.level_up_odds(rolled)
    assert dict(odds["hpGain"].chances) == {n: Fraction(1, 8) for n in range(3, 11)}
    assert dict(checks.level_up_odds(rolled.model_copy(update={"method": "average"}))["hpGain"].chances) == {7: 1}
    assert_agrees(odds["maxHp"], sampled(lambda stream: checks.level_up(rolled, stream).max_hp, runs=1500))


def test_two_hit_dice_each_heal_at_least_1() -> None:
    # d8 - 1 (Constitution 8), at least 1: a 1 and a 2 both heal 1 (2/8), 3..8 heal 2..7. Two dice heal
    # 2 only when both heal 1: (2/8)^2 = 1/16; at most 14 (both 8s): 1/64.
    params = NcbShortRestParams(hp=1, max_hp=30, hit_dice=3, hit_die=8, constitution=8, spend=2)
    odds = rests.short_rest_odds(params)
    assert odds["healed"].probability(2) == Fraction(1, 16) and odds["healed"].probability(14) == Fraction(1, 64)
    assert_agrees(odds["healed"], sampled(lambda stream: rests.short_rest(params, stream).healed, runs=2000))


def _table() -> NcbState:
    return load_state(NcbState, dump_state(NcbState, first_state(NcbSetup.model_validate({"combatants": [V, JACKIE]}))))


def test_at_the_table_a_helper_stabilizes_with_wisdom_and_the_odds_agree() -> None:
    state = _table()
    jackie = state.combatants["jackie"].model_copy(update={"hp": 0, "condition": "dying"})
    state = state.model_copy(update={"combatants": {**state.combatants, "jackie": jackie}})
    # V's Wisdom 12 (+1) and proficiency +3: +4 beats 10 from a natural 7: 14/20.
    action = NcbStabilizeAction(helper="v", target="jackie", proficient=True)
    odds = fights.stabilize_session_odds(state, action, GM)
    assert odds["condition"].probability("stable") == Fraction(14, 20)
    counts = sampled(lambda stream: fights.stabilize_in_session(state, action, stream, GM)[1].condition, runs=1500)
    assert_agrees(odds["condition"], counts)


def test_at_the_table_healing_and_levels_use_the_sheet() -> None:
    state = _table()
    hurt = state.combatants["v"].model_copy(update={"hp": 30})
    state = state.model_copy(update={"combatants": {**state.combatants, "v": hurt}})
    # V at 30 of 38: 2d6 heals as rolled up to the 8 missing; 8 or more (5 + 4 + 3 + 2 + 1 = 15 ways of 36) heals 8.
    heal = fights.heal_session_odds(state, NcbHealAction(target="v", dice="2d6"), GM)
    assert heal["healed"].probability(8) == Fraction(15, 36)
    # V's level-up: hit die d8 (the default), Constitution 14 (+2).
    level = checks.level_up_session_odds(state, NcbLevelUpAction(combatant="v", method="roll"), GM)
    assert dict(level["hpGain"].chances) == {n: Fraction(1, 8) for n in range(3, 11)}


@pytest.mark.parametrize("hit_die", [6, 8, 10, 12])
@pytest.mark.parametrize("method", ["average", "roll"])
def test_level_up_odds_equal_the_full_walk_of_the_level_up(hit_die: int, method: str) -> None:
    for level, constitution in product((1, 4, 19), (1, 8, 10, 15, 30)):
        params = NcbLevelUpParams(level=level, hp=11, max_hp=20, hit_die=hit_die, constitution=constitution, method=method)
        odds = checks.level_up_odds(params)
        walked = walk(partial(_rolled, params))
        assert dict(odds["hpGain"].chances) == marginal(walked, lambda o: o[0])
        assert dict(odds["maxHp"].chances) == marginal(walked, lambda o: o[1])
    at_top = NcbLevelUpParams(level=20, hp=11, max_hp=20, hit_die=hit_die, constitution=10, method=method)
    with pytest.raises(RuleViolation):
        checks.level_up_odds(at_top)
    with pytest.raises(RuleViolation):
        checks.level_up(at_top, Stream(seed="s", scope="odds", nonce=0))


def _rolled(params: NcbLevelUpParams, stream: Stream) -> tuple[int, int]:
    result = checks.level_up(params, stream)
    return result.hp_gain, result.max_hp
