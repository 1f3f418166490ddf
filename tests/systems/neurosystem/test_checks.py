from __future__ import annotations

import pytest

from service.dice.stream import Stream
from service.errors import RuleViolation
from service.systems.neurosystem import errors
from service.systems.neurosystem.rules import checks
from service.systems.neurosystem.wire.records import NeurosystemBonus
from support.dice import ScriptedStream

D8_D6_D10 = {"style": (8, "Cool"), "training": (6, "Firearms"), "knowledge": (10, "Streets")}


def _stk(*faces: int, dn: int | None = 12, bonuses=(), negative_states: int = 0, luck: int = 0):
    return checks.roll_stk(
        D8_D6_D10, dn=dn, bonuses=list(bonuses), negative_states=negative_states, luck=luck, stream=ScriptedStream(*faces)
    )


def test_stk_check_rolls_one_die_per_stat_and_lists_each_by_stat() -> None:
    stream = ScriptedStream(5, 4, 9)
    record = checks.roll_stk(D8_D6_D10, dn=12, bonuses=[], negative_states=0, luck=0, stream=stream)
    assert stream.sides == [8, 6, 10]
    assert [(d.id, d.stat, d.name, d.rating, d.face) for d in record.dice] == [
        ("style", "style", "Cool", "d8", 5),
        ("training", "training", "Firearms", "d6", 4),
        ("knowledge", "knowledge", "Streets", "d10", 9),
    ]


@pytest.mark.parametrize(("dn", "outcome"), [(17, "success"), (18, "success-at-cost"), (19, "failure")])
def test_stk_total_above_equal_below_the_dn(dn: int, outcome: str) -> None:
    reading = checks.read(_stk(5, 4, 9, dn=dn), "one-per-check")
    assert reading.total == 18 and reading.outcome == outcome and reading.margin == 18 - dn


def test_named_bonuses_add_to_the_dice() -> None:
    bonuses = [NeurosystemBonus(name="smartgun", value=2), NeurosystemBonus(name="wounded arm", value=-1)]
    reading = checks.read(_stk(5, 4, 9, dn=19, bonuses=bonuses), "one-per-check")
    assert (reading.dice_total, reading.bonus_total, reading.total, reading.outcome) == (18, 1, 19, "success-at-cost")


def test_without_a_dn_the_total_is_read_on_a_table() -> None:
    reading = checks.read(_stk(1, 1, 1, dn=None), "one-per-check")
    assert reading.outcome is None and reading.margin is None and reading.total == 3


def test_each_luck_point_adds_a_d8_after_the_roll() -> None:
    record = _stk(2, 2, 2, dn=10)
    stream = ScriptedStream(8, 3)
    record = checks.add_luck(record, 2, stream)
    assert stream.sides == [8, 8]
    assert [(d.id, d.stat, d.face) for d in record.dice[3:]] == [("luck-1", "luck", 8), ("luck-2", "luck", 3)]
    reading = checks.read(record, "one-per-check")
    assert reading.total == 17 and reading.outcome == "success" and reading.luck_dice == 2
    more = checks.add_luck(record, 1, ScriptedStream(1))
    assert more.dice[-1].id == "luck-3"


def test_luck_spent_with_the_roll_comes_after_the_stat_dice() -> None:
    record = _stk(1, 2, 3, 4, luck=1)
    assert [d.id for d in record.dice] == ["style", "training", "knowledge", "luck-1"]


def test_the_luck_pool_never_goes_below_zero() -> None:
    assert checks.pay_luck(3, 3) == 0
    with pytest.raises(RuleViolation) as caught:
        checks.pay_luck(2, 3)
    assert caught.value.code == errors.NOT_ENOUGH_LUCK and caught.value.status == 409


def test_a_push_rerolls_the_chosen_dice_and_remembers_their_old_faces() -> None:
    record = _stk(1, 2, 3, 4, luck=1)
    stream = ScriptedStream(10, 7)
    pushed = checks.push(record, ["luck-1", "knowledge"], "one-per-check", stream)
    assert stream.sides == [10, 8]  # the check's own die order, not the order asked
    faces = {d.id: (d.face, d.rerolled_from) for d in pushed.dice}
    assert faces == {"style": (1, None), "training": (2, None), "knowledge": (10, 3), "luck-1": (7, 4)}
    assert pushed.pushed and not checks.read(pushed, "one-per-check").can_push


def test_a_check_is_pushed_only_once() -> None:
    pushed = checks.push(_stk(1, 2, 3), ["style"], "one-per-check", ScriptedStream(4))
    with pytest.raises(RuleViolation) as caught:
        checks.push(pushed, ["training"], "push-and-push-through", ScriptedStream(4))
    assert caught.value.code == errors.ALREADY_PUSHED and caught.value.status == 409


def test_a_push_rerolls_at_most_three_dice_each_once_and_only_dice_of_the_check() -> None:
    record = _stk(1, 2, 3, 4, luck=1)
    with pytest.raises(RuleViolation) as too_many:
        checks.check_push(record, ["style", "training", "knowledge", "luck-1"], "one-per-check")
    with pytest.raises(RuleViolation) as twice:
        checks.check_push(record, ["style", "style"], "one-per-check")
    with pytest.raises(RuleViolation) as unknown:
        checks.check_push(record, ["luck-2"], "one-per-check")
    assert too_many.value.status == twice.value.status == unknown.value.status == 422
    assert (twice.value.code, unknown.value.code) == (errors.DUPLICATE_DIE, errors.UNKNOWN_DIE)
    checks.check_push(record, ["style", "training", "luck-1"], "one-per-check")


def test_cool_and_bad_shit_can_both_happen_on_one_check() -> None:
    reading = checks.read(_stk(8, 2, 7, negative_states=2), "one-per-check")
    assert reading.cool_shit and reading.cool_from_style and reading.bad_shit and reading.bad_dice == ["training"]


def test_cool_shit_happens_whether_or_not_the_check_succeeds() -> None:
    reading = checks.read(_stk(7, 1, 1, dn=20), "one-per-check")
    assert reading.outcome == "failure" and reading.cool_shit


def test_pushing_through_turns_bad_shit_into_cool_shit() -> None:
    record = _stk(3, 1, 5, negative_states=1)
    before = checks.read(record, "one-per-check")
    assert before.bad_shit and not before.cool_shit and before.can_push_through
    after = checks.read(checks.push_through(record, "one-per-check"), "one-per-check")
    assert after.cool_shit and not after.bad_shit and not after.cool_from_style and after.bad_dice == ["training"]


def test_pushing_through_needs_bad_shit_and_happens_once() -> None:
    with pytest.raises(RuleViolation) as nothing:
        checks.push_through(_stk(3, 4, 5, negative_states=2), "one-per-check")
    assert nothing.value.code == errors.NO_BAD_SHIT
    done = checks.push_through(_stk(3, 1, 5, negative_states=1), "push-and-push-through")
    with pytest.raises(RuleViolation) as again:
        checks.push_through(done, "push-and-push-through")
    assert again.value.code == errors.ALREADY_PUSHED_THROUGH


def test_a_push_can_make_bad_shit_go_away_but_not_a_push_through() -> None:
    record = _stk(3, 1, 5, negative_states=1)
    pushed = checks.push(record, ["training"], "push-and-push-through", ScriptedStream(6))
    assert not checks.read(pushed, "push-and-push-through").bad_shit
    through = checks.push_through(record, "push-and-push-through")
    repushed = checks.push(through, ["training"], "push-and-push-through", ScriptedStream(6))
    assert checks.read(repushed, "push-and-push-through").cool_shit  # the Resolve paid for it stays paid


# -- the one-Resolve-per-STK-Check limit, both settings ----------------------------------------------


def test_one_per_check_a_pushed_check_cannot_be_pushed_through() -> None:
    pushed = checks.push(_stk(3, 1, 1, negative_states=1), ["style"], "one-per-check", ScriptedStream(2))
    reading = checks.read(pushed, "one-per-check")
    assert reading.bad_shit and not reading.can_push_through
    with pytest.raises(RuleViolation) as caught:
        checks.push_through(pushed, "one-per-check")
    assert caught.value.code == errors.RESOLVE_LIMIT and caught.value.status == 409


def test_one_per_check_a_pushed_through_check_cannot_be_pushed() -> None:
    through = checks.push_through(_stk(3, 1, 1, negative_states=1), "one-per-check")
    assert not checks.read(through, "one-per-check").can_push
    with pytest.raises(RuleViolation) as caught:
        checks.push(through, ["style"], "one-per-check", ScriptedStream(2))
    assert caught.value.code == errors.RESOLVE_LIMIT


def test_push_and_push_through_allows_both_on_one_check_in_either_order() -> None:
    limit = "push-and-push-through"
    pushed = checks.push(_stk(3, 1, 1, negative_states=1), ["style"], limit, ScriptedStream(2))
    assert checks.read(pushed, limit).can_push_through
    both = checks.push_through(pushed, limit)
    assert checks.resolve_spent(both) == 2 and checks.read(both, limit).cool_shit
    through = checks.push_through(_stk(3, 1, 1, negative_states=1), limit)
    assert checks.read(through, limit).can_push
    assert checks.push(through, ["training"], limit, ScriptedStream(4)).pushed


# -- Flat Checks -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("face", "outcome"), [(4, "failure"), (5, "success"), (1, "failure"), (10, "success")])
def test_a_flat_check_succeeds_on_5_or_higher(face: int, outcome: str) -> None:
    record = checks.roll_flat("knowledge", 10, name=None, negative_states=0, equipment_bonus=0, stream=ScriptedStream(face))
    assert checks.read(record, "one-per-check").outcome == outcome


def test_rare_equipment_bonus_counts_on_a_flat_check() -> None:
    record = checks.roll_flat("training", 6, name=None, negative_states=0, equipment_bonus=1, stream=ScriptedStream(4))
    assert checks.read(record, "one-per-check").outcome == "success"


def test_a_flat_style_check_can_be_cool_and_a_flat_check_can_be_bad() -> None:
    record = checks.roll_flat("style", 6, name=None, negative_states=2, equipment_bonus=0, stream=ScriptedStream(6))
    assert checks.read(record, "one-per-check").cool_shit
    low = checks.roll_flat("training", 6, name=None, negative_states=2, equipment_bonus=0, stream=ScriptedStream(2))
    reading = checks.read(low, "one-per-check")
    assert reading.bad_shit and reading.can_push_through and not reading.can_push


def test_flat_checks_take_no_luck_and_no_push() -> None:
    record = checks.roll_flat("style", 8, name=None, negative_states=0, equipment_bonus=0, stream=ScriptedStream(3))
    with pytest.raises(RuleViolation) as luck:
        checks.add_luck(record, 1, ScriptedStream(3))
    with pytest.raises(RuleViolation) as push:
        checks.push(record, ["style"], "push-and-push-through", ScriptedStream(3))
    assert (luck.value.code, push.value.code) == (errors.FLAT_CHECK_NO_LUCK, errors.FLAT_CHECK_NO_PUSH)


def test_a_seeded_stream_gives_the_same_check_twice() -> None:
    one = checks.roll_stk(D8_D6_D10, dn=10, bonuses=[], negative_states=0, luck=3, stream=Stream("s", "test", 0))
    two = checks.roll_stk(D8_D6_D10, dn=10, bonuses=[], negative_states=0, luck=3, stream=Stream("s", "test", 0))
    assert one == two and len(one.dice) == 6
