"""Exact odds of STK and Flat Checks, Luck and pushes: by hand from the text's numbers, and against the roll."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest

from service.dice.odds import Odds
from service.dice.stream import Stream
from service.errors import RuleViolation
from service.registry import Actor
from service.systems.neurosystem.moves import check_odds as odds
from service.systems.neurosystem.moves.checks import (
    apply_push,
    apply_stk_check,
    resolve_flat_check,
    resolve_push,
    resolve_spend_luck,
    resolve_stk_check,
)
from service.systems.neurosystem.setup import NeurosystemSetup, first_state
from service.systems.neurosystem.state import NeurosystemTable
from service.systems.neurosystem.wire.checks import (
    NeurosystemFlatCheckParams,
    NeurosystemPushAction,
    NeurosystemPushParams,
    NeurosystemSpendLuckParams,
    NeurosystemStkCheckAction,
    NeurosystemStkCheckParams,
)
from service.systems.neurosystem.wire.records import NeurosystemCheckRecord, NeurosystemCheckResult
from support.odds import assert_agrees, sampled

GM = Actor(seat="gm", name="Narrator", role="gm")
STATS = [
    {"category": "style", "name": "Cool", "rating": "d8"},
    {"category": "training", "name": "Firearms", "rating": "d6"},
    {"category": "knowledge", "name": "Streets", "rating": "d10"},
]


def _classes(result: NeurosystemCheckResult) -> dict[str, object]:
    """The outcome of each distribution the odds name, as the roll's answer shows it."""
    return {
        "outcome": result.outcome,
        "total": result.total,
        "coolShit": "cool-shit" if result.cool_shit else "no-cool-shit",
        "badShit": "bad-shit" if result.bad_shit else "no-bad-shit",
    }


def _agrees(exact: Odds, roll: Callable[[Stream], NeurosystemCheckResult], runs: int = 3000) -> None:
    seen = sampled(lambda stream: tuple(sorted(_classes(roll(stream)).items())), runs)
    for distribution in exact.distributions:
        counts: Counter[object] = Counter()
        for classes, n in seen.items():
            counts[dict(classes)[distribution.name]] += n
        assert_agrees(distribution, counts)


def _stk(**fields: object) -> NeurosystemStkCheckParams:
    return NeurosystemStkCheckParams.model_validate({"style": "d6", "training": "d6", "knowledge": "d6", **fields})


def test_three_d6_against_dn_10_succeed_half_the_time_and_tie_one_time_in_eight() -> None:
    # 3d6 > 10 is 108/216 = 1/2; = 10 is 27/216 = 1/8; the rest, 81/216 = 3/8, fails.
    outcome = odds.stk_check_odds(_stk(dn=10))["outcome"]
    assert dict(outcome.chances) == {"success": Fraction(1, 2), "success-at-cost": Fraction(1, 8), "failure": Fraction(3, 8)}


def test_a_named_bonus_shifts_the_total() -> None:
    # 3d6 + 2 against DN 12 is 3d6 against 10 again.
    params = _stk(dn=12, bonuses=[{"name": "smartgun", "value": 2}])
    assert odds.stk_check_odds(params)["outcome"].probability("success") == Fraction(1, 2)
    assert odds.stk_check_odds(params)["total"].mean() == Fraction(25, 2)


@pytest.mark.parametrize(("style", "cool"), [("d4", Fraction(0)), ("d6", Fraction(1, 6)), ("d8", Fraction(2, 8)), ("d10", Fraction(3, 10)), ("d12", Fraction(4, 12))])
def test_cool_shit_is_the_style_die_at_its_threshold(style: str, cool: Fraction) -> None:
    # d6 on 6, d8 on 7-8, d10 on 8-10, d12 on 9-12: one, two, three, four faces; never on a d4.
    assert odds.stk_check_odds(_stk(style=style, dn=10))["coolShit"].probability("cool-shit") == cool


def test_bad_shit_is_any_stat_die_at_or_below_the_negative_states() -> None:
    # 2 negative states: no bad shit needs d4 > 2 (2/4), d6 > 2 (4/6) and d8 > 2 (6/8): 1/4; bad shit 3/4.
    params = _stk(style="d4", training="d6", knowledge="d8", dn=10, negative_states=2)
    assert odds.stk_check_odds(params)["badShit"].probability("bad-shit") == Fraction(3, 4)
    assert odds.stk_check_odds(_stk(dn=10))["badShit"].probability("bad-shit") == 0


def test_luck_adds_a_d8_to_the_stk_total() -> None:
    # 3d4 + 1d8 against DN 19: only 4+4+4+8 = 20 beats it (1 of 512); 19 comes from 4+4+4+7 and the
    # three ways of 4+4+3+8 (4 of 512); 507/512 fail.
    outcome = odds.stk_check_odds(_stk(style="d4", training="d4", knowledge="d4", dn=19, luck=1))["outcome"]
    assert dict(outcome.chances) == {"success": Fraction(1, 512), "success-at-cost": Fraction(1, 128), "failure": Fraction(507, 512)}


def test_without_a_dn_only_the_total_and_the_shit_are_given() -> None:
    exact = odds.stk_check_odds(_stk())
    assert [d.name for d in exact.distributions] == ["total", "coolShit", "badShit"]
    assert exact["total"].at_least(11) == Fraction(1, 2)  # 3d6 ≥ 11


def test_luck_the_pool_cannot_cover_is_refused_before_the_odds() -> None:
    with pytest.raises(RuleViolation):
        odds.stk_check_odds(_stk(dn=10, luck=3, luck_pool=2))


def test_a_flat_check_succeeds_on_5_or_more_on_one_die() -> None:
    # d8: 5, 6, 7, 8 of 8 succeed; +1 equipment: 4 to 8, 5 of 8; a d4 needs the bonus to reach 5.
    flat = NeurosystemFlatCheckParams.model_validate
    assert odds.flat_check_odds(flat({"category": "style", "rating": "d8"}))["outcome"].probability("success") == Fraction(1, 2)
    boosted = odds.flat_check_odds(flat({"category": "training", "rating": "d8", "equipmentBonus": 1}))
    assert boosted["outcome"].probability("success") == Fraction(5, 8)
    assert odds.flat_check_odds(flat({"category": "knowledge", "rating": "d4"}))["outcome"].probability("success") == 0
    assert [outcome for outcome, _ in boosted["outcome"].chances] == ["failure", "success"]  # worst to best


def _record(style: int, training: int, knowledge: int, *, dn: int, negative_states: int = 0, **flags: object) -> NeurosystemCheckRecord:
    faces = {"style": style, "training": training, "knowledge": knowledge}
    dice = [{"id": stat, "stat": stat, "rating": "d6", "face": face} for stat, face in faces.items()]
    return NeurosystemCheckRecord.model_validate({"kind": "stk", "dn": dn, "negativeStates": negative_states, "dice": dice, **flags})


def test_spending_luck_on_a_10_against_dn_12() -> None:
    # 10 + d8 beats 12 on 3-8 (6/8), ties on 2 (1/8), fails on 1 (1/8).
    params = NeurosystemSpendLuckParams(check=_record(2, 4, 4, dn=12), points=1)
    assert dict(odds.spend_luck_odds(params)["outcome"].chances) == {
        "success": Fraction(3, 4), "success-at-cost": Fraction(1, 8), "failure": Fraction(1, 8)
    }


def test_a_push_rerolls_only_the_dice_named() -> None:
    # Style 2 rerolled with 5 + 5 kept against DN 12: 3-6 succeed (4/6), 2 ties, 1 fails; cool on a 6;
    # with 2 negative states, bad shit only from the new Style face at 1 or 2 (2/6).
    params = NeurosystemPushParams(check=_record(2, 5, 5, dn=12, negative_states=2), dice=["style"])
    exact = odds.push_odds(params)
    assert exact["outcome"].probability("success") == Fraction(2, 3)
    assert exact["coolShit"].probability("cool-shit") == Fraction(1, 6)
    assert exact["badShit"].probability("bad-shit") == Fraction(1, 3)


def test_a_pushed_through_check_keeps_its_cool_shit_through_a_later_push() -> None:
    record = _record(1, 5, 5, dn=12, negative_states=2, pushedThrough=True)
    params = NeurosystemPushParams(check=record, dice=["style", "training"], resolve_limit="push-and-push-through")
    exact = odds.push_odds(params)
    assert exact["coolShit"].probability("cool-shit") == 1 and exact["badShit"].probability("bad-shit") == 0


def test_the_odds_refuse_a_push_the_roll_refuses() -> None:
    with pytest.raises(RuleViolation):
        odds.push_odds(NeurosystemPushParams(check=_record(2, 5, 5, dn=12, pushed=True), dice=["style"]))


# -- the roll agrees --------------------------------------------------------------------------------


def test_stk_odds_agree_with_the_roll() -> None:
    params = _stk(style="d12", training="d8", knowledge="d4", dn=14, luck=1, negative_states=1)
    _agrees(odds.stk_check_odds(params), lambda stream: NeurosystemCheckResult.model_validate(resolve_stk_check(params, stream)))


def test_flat_odds_agree_with_the_roll() -> None:
    params = NeurosystemFlatCheckParams.model_validate({"category": "style", "rating": "d10", "negativeStates": 3})
    _agrees(odds.flat_check_odds(params), lambda stream: NeurosystemCheckResult.model_validate(resolve_flat_check(params, stream)))


def test_spend_luck_odds_agree_with_the_roll() -> None:
    params = NeurosystemSpendLuckParams(check=_record(2, 4, 4, dn=16, negative_states=2), points=2)
    _agrees(odds.spend_luck_odds(params), lambda stream: resolve_spend_luck(params, stream))


def test_push_odds_agree_with_the_roll() -> None:
    params = NeurosystemPushParams(check=_record(2, 3, 6, dn=13, negative_states=2), dice=["style", "training"])
    _agrees(odds.push_odds(params), lambda stream: resolve_push(params, stream))


def _table() -> NeurosystemTable:
    setup = {"characters": [{"id": "vex", "name": "Vex", "stats": STATS, "resolveMax": 2, "negativeStates": ["bleeding"]}], "luck": 3}
    return first_state(NeurosystemSetup.model_validate(setup))


def test_session_stk_odds_read_the_sheet_and_agree_with_the_write() -> None:
    # Vex rolls d8 + d6 + d10 with 1 negative state carried.
    board = _table()
    action = NeurosystemStkCheckAction(character="vex", dn=12, luck=1)
    exact = odds.stk_check_odds_at_table(board, action, GM)
    assert exact["badShit"].probability("no-bad-shit") == Fraction(7 * 5 * 9, 8 * 6 * 10)
    _agrees(exact, lambda stream: apply_stk_check(board, action, stream, GM)[1])


def test_session_push_odds_agree_with_the_write() -> None:
    board, _ = apply_stk_check(_table(), NeurosystemStkCheckAction(character="vex", dn=15), Stream("fixed", "t", 0), GM)
    action = NeurosystemPushAction(check="check-1", dice=["knowledge", "style"])
    _agrees(odds.push_odds_at_table(board, action, GM), lambda stream: apply_push(board, action, stream, GM)[1])


def test_the_total_with_luck_dice_counts_every_face() -> None:
    # d4 + d4 + d4 + 3 Luck d8s: every one of the 64 · 512 rolls counted one by one.
    from itertools import product

    counted = Counter(sum(faces) for faces in product(range(1, 5), range(1, 5), range(1, 5), *[range(1, 9)] * 3))
    total = odds.stk_check_odds(_stk(style="d4", training="d4", knowledge="d4", luck=3))["total"]
    assert dict(total.chances) == {t: Fraction(n, 64 * 512) for t, n in counted.items()}


def test_session_flat_check_and_luck_odds_agree_with_the_writes() -> None:
    from service.systems.neurosystem.moves.checks import apply_flat_check, apply_spend_luck
    from service.systems.neurosystem.wire.checks import NeurosystemFlatCheckAction, NeurosystemSpendLuckAction

    board = _table()
    flat = NeurosystemFlatCheckAction(character="vex", category="knowledge")
    # Streets d10 with 1 negative state: 5-10 succeed (6/10), a 1 is bad shit (1/10).
    exact = odds.flat_check_odds_at_table(board, flat, GM)
    assert exact["outcome"].probability("success") == Fraction(3, 5) and exact["badShit"].probability("bad-shit") == Fraction(1, 10)
    _agrees(exact, lambda stream: apply_flat_check(board, flat, stream, GM)[1])
    board, _ = apply_stk_check(board, NeurosystemStkCheckAction(character="vex", dn=18), Stream("fixed", "t", 0), GM)
    luck = NeurosystemSpendLuckAction(check="check-1", points=2)
    _agrees(odds.spend_luck_odds_at_table(board, luck, GM), lambda stream: apply_spend_luck(board, luck, stream, GM)[1])
    with pytest.raises(RuleViolation):  # the pool holds 3
        odds.spend_luck_odds_at_table(board, NeurosystemSpendLuckAction(check="check-1", points=4), GM)


@pytest.mark.parametrize("pushed_through", [False, True])
@pytest.mark.parametrize("negative_states", [0, 2])
def test_the_counted_odds_are_every_combination_read_one_by_one(negative_states: int, pushed_through: bool) -> None:
    from itertools import product

    from service.systems.neurosystem.rules.check_odds import CheckDie, check_odds
    from service.systems.neurosystem.rules.checks import outcome_of
    from service.systems.neurosystem.rules.rule_of_cool import is_bad, is_cool

    dice = [CheckDie("style", 8), CheckDie("training", 6, 3), CheckDie("knowledge", 4), CheckDie("luck", 8), CheckDie("luck", 8, 5)]
    counts: dict[str, Counter[object]] = {name: Counter() for name in ("outcome", "total", "coolShit", "badShit")}
    for faces in product(*[[d.face] if d.face is not None else range(1, d.sides + 1) for d in dice]):
        stat = [(d, f) for d, f in zip(dice, faces, strict=True) if d.stat != "luck"]
        total = 2 + sum(faces)
        cool = pushed_through or any(d.stat == "style" and is_cool(d.sides, f) for d, f in stat)
        bad = not pushed_through and any(is_bad(f, negative_states) for _, f in stat)
        counts["outcome"][outcome_of("stk", total, 16)] += 1
        counts["total"][total] += 1
        counts["coolShit"]["cool-shit" if cool else "no-cool-shit"] += 1
        counts["badShit"]["bad-shit" if bad else "no-bad-shit"] += 1
    exact = check_odds("stk", dice, dn=16, bonus_total=2, negative_states=negative_states, pushed_through=pushed_through)
    for name, seen in counts.items():
        whole = sum(seen.values())
        assert {o: p for o, p in exact[name].chances if p} == {o: Fraction(n, whole) for o, n in seen.items()}, name
