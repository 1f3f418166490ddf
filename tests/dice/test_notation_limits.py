"""Hard limits: every one raises LimitExceeded naming it, before any harm is done.

"Before any harm" is measured in dice, not seconds: a refused roll has drawn no more dice than
the limits allow (speed belongs to bench/, never to a timed assertion here).
"""

from __future__ import annotations

import pytest

from service.dice.notation import DEFAULT_LIMITS, DiceError, LimitExceeded, Limits, NotationError, evaluate, parse, roll
from service.dice.notation.ast import Negate, Number, Product
from service.dice.stream import Stream
from support.dice import ScriptedStream, highest, lowest


def _stream() -> Stream:
    return Stream(seed="fixed-seed", scope="test", nonce=0)


def _exceeded(formula: str, stream: Stream | ScriptedStream | None = None, limits: Limits = DEFAULT_LIMITS) -> LimitExceeded:
    drawn_from = stream if stream is not None else _stream()
    with pytest.raises(LimitExceeded) as caught:
        roll(formula, drawn_from, limits)  # type: ignore[arg-type]
    assert len(drawn_from.draws) <= limits.max_dice, f"{len(drawn_from.draws)} dice drawn before the refusal"
    return caught.value


def test_default_limits() -> None:
    expected = Limits(
        max_length=1000,
        max_depth=32,
        max_dice=1000,
        max_sides=10000,
        max_explosions=100,
        max_rerolls=100,
        max_number=10**9,
        max_value=2**31 - 1,
    )
    assert expected == DEFAULT_LIMITS


def test_limit_exceeded_names_the_limit_and_carries_the_code() -> None:
    error = _exceeded("1d10001")
    assert (error.limit, error.maximum, error.value) == ("maxSides", 10000, 10001)
    assert error.code == "dice/limit-exceeded"
    assert isinstance(error, DiceError)
    assert "maxSides" in str(error)


def test_max_length_counts_characters() -> None:
    assert roll("1" * 9 + "+1" * 495, _stream()).total == 111111111 + 495  # 999 characters
    error = _exceeded("1" + "+1" * 500)
    assert (error.limit, error.maximum, error.value) == ("maxLength", 1000, 1001)


def test_a_million_characters_fail_on_length_at_once() -> None:
    assert _exceeded("1d6+" * 250_000).limit == "maxLength"
    assert _exceeded("(" * 1_000_000).limit == "maxLength"


def test_max_depth_counts_parentheses() -> None:
    assert roll("(" * 32 + "1" + ")" * 32, _stream()).total == 1
    error = _exceeded("(" * 33 + "1" + ")" * 33)
    assert (error.limit, error.maximum, error.value) == ("maxDepth", 32, 33)


def test_max_depth_counts_unary_minus() -> None:
    assert roll("-" * 32 + "1", _stream()).total == 1
    assert _exceeded("-" * 33 + "1").limit == "maxDepth"
    assert _exceeded("-(" * 17 + "1" + ")" * 17).limit == "maxDepth"


def test_ten_thousand_nested_parentheses_fail_without_recursion_error() -> None:
    deep = "(" * 10_000 + "1" + ")" * 10_000
    assert _exceeded(deep).limit == "maxLength"
    roomy = Limits(max_length=10**6)
    assert _exceeded(deep, limits=roomy).limit == "maxDepth"
    assert _exceeded("(" * 10_000, limits=roomy).limit == "maxDepth"  # unclosed, too


def test_long_flat_chains_do_not_recurse() -> None:
    # 499 operators in one chain: flat nodes, so no recursion per operator.
    assert roll("+".join(["1"] * 500), _stream()).total == 500
    assert roll("*".join(["1"] * 500), _stream()).total == 1
    assert len(str(parse("-".join(["1d4"] * 250)))) > 1000


def test_max_dice_fails_before_rolling_the_term() -> None:
    stream = ScriptedStream(then=highest)
    error = _exceeded("1000000d6", stream)
    assert (error.limit, error.maximum, error.value) == ("maxDice", 1000, 1000000)
    assert len(stream.draws) == 0


def test_max_dice_counts_the_whole_formula() -> None:
    assert len(roll("500d6 + 500d6", _stream()).dice) == 2
    stream = ScriptedStream(then=highest)
    error = _exceeded("500d6 + 501d6", stream)
    assert (error.limit, error.value) == ("maxDice", 1001)
    assert len(stream.draws) == 500  # the second term never rolled


def test_max_dice_counts_explosions_and_rerolls() -> None:
    assert _exceeded("1000d6!", ScriptedStream(then=highest)).limit == "maxDice"
    assert _exceeded("999d6!", ScriptedStream(then=highest)).limit == "maxDice"
    assert _exceeded("1000d6r1", ScriptedStream(then=lowest)).limit == "maxDice"
    assert _exceeded("2d6!", ScriptedStream(then=highest), Limits(max_dice=3)).value == 4


def test_max_sides() -> None:
    assert roll("1d10000", _stream()).dice[0].faces == 10000
    assert _exceeded("1d10001").limit == "maxSides"
    assert _exceeded("1d7", limits=Limits(max_sides=6)).limit == "maxSides"


def test_hitting_the_explosion_cap_is_an_error_not_a_truncated_total() -> None:
    error = _exceeded("1d6!", ScriptedStream(then=highest))
    assert (error.limit, error.maximum, error.value) == ("maxExplosions", 100, 101)
    assert _exceeded("2d6!", ScriptedStream(then=highest), Limits(max_explosions=3)).value == 4


def test_exactly_the_explosion_cap_is_allowed() -> None:
    result = roll("1d6!", ScriptedStream(*[6] * 100, then=lowest))  # 100 sixes, each exploding, then a 1
    assert len(result.dice[0].results) == 101
    assert result.total == 601
    assert _exceeded("1d6!", ScriptedStream(*[6] * 101, then=lowest)).limit == "maxExplosions"


def test_hitting_the_reroll_cap_is_an_error() -> None:
    error = _exceeded("1d6r1", ScriptedStream(then=lowest))
    assert (error.limit, error.maximum, error.value) == ("maxRerolls", 100, 101)
    assert _exceeded("3d6r1", ScriptedStream(then=lowest), Limits(max_rerolls=5)).value == 6


def test_max_number_applies_to_every_literal() -> None:
    assert roll("1000000000", _stream()).total == 10**9
    for formula in ("1000000001", "1d6+1000000001", "1d6kh1000000001", "1d6min1000000001", "1000000001d6"):
        error = _exceeded(formula)
        assert (error.limit, error.maximum, error.value) == ("maxNumber", 10**9, 1000000001), formula


def test_huge_digit_counts_fail_before_conversion() -> None:
    error = _exceeded("9" * 100_000, limits=Limits(max_length=10**6))
    assert (error.limit, error.value) == ("maxNumber", None)
    assert roll("0000000000007", _stream()).total == 7  # leading zeros are not significant


def test_max_value_is_graphqls_int_both_ways() -> None:
    assert roll("1000000000 * 2 + 147483647", _stream()).total == 2**31 - 1
    assert roll("-1000000000 * 2 - 147483647", _stream()).total == -(2**31 - 1)
    error = _exceeded("1000000000 * 2 + 147483648")
    assert (error.limit, error.maximum, error.value) == ("maxValue", 2**31 - 1, 2**31)
    error = _exceeded("-1000000000 * 2 - 147483648")
    assert (error.limit, error.value) == ("maxValue", -(2**31))
    assert "-2147483648 < -2147483647" in str(error)


def test_max_value_stops_a_product_at_the_first_step_past_it() -> None:
    # Python's ints would carry on to 10**19; the check stops at the first breach, still small.
    error = _exceeded("-1000000000*1000000000*10")
    assert (error.limit, error.value) == ("maxValue", -(10**18))
    stream = ScriptedStream(then=highest)
    error = _exceeded("1d6*1000000000*1000000000*10", stream)
    assert (error.limit, error.value) == ("maxValue", 6 * 10**9)
    assert _exceeded("1000000000*3").value == 3 * 10**9


def test_max_value_bounds_running_sums_not_only_the_total() -> None:
    # The total (2 * 10**9) would fit; the running sum passes 3 * 10**9 on the way.
    error = _exceeded("1000000000 + 1000000000 + 1000000000 - 1000000000")
    assert (error.limit, error.value) == ("maxValue", 3 * 10**9)
    assert roll("1000000000 + 1000000000 - 1000000000 + 1000000000", _stream()).total == 2 * 10**9


def test_max_value_bounds_a_dice_terms_total() -> None:
    # A clamp lifts each die to the literal: 1000 dice at 10**9 each.
    error = _exceeded("1000d6min1000000000")
    assert (error.limit, error.value) == ("maxValue", 10**12)
    assert _exceeded("3d6min1000000000").value == 3 * 10**9
    assert roll("2d6min1000000000", _stream()).total == 2 * 10**9
    assert _exceeded("3d6", ScriptedStream(then=highest), Limits(max_value=17, max_number=17, max_sides=17)).value == 18


def test_max_value_holds_for_nodes_built_by_hand() -> None:
    with pytest.raises(LimitExceeded) as caught:
        evaluate(Negate(Number(2**31)), _stream())
    assert caught.value.limit == "maxValue"
    with pytest.raises(LimitExceeded):
        evaluate(Product(Number(2**16), (Number(2**16),)), _stream())


def test_limits_are_checked_for_sanity() -> None:
    with pytest.raises(AssertionError, match="max_number"):
        Limits(max_value=100)
    with pytest.raises(AssertionError, match="max_sides"):
        Limits(max_value=10**9, max_sides=10**9 + 1)
    with pytest.raises(AssertionError, match="max_depth"):
        Limits(max_depth=10_000)
    with pytest.raises(AssertionError):
        Limits(max_dice=-1)


def test_parse_honours_custom_limits_separately_from_the_default_cache() -> None:
    parse("(((1)))")
    with pytest.raises(LimitExceeded):
        parse("(((1)))", Limits(max_depth=2))
    with pytest.raises(NotationError):
        parse("1d6r<7", Limits(max_depth=2))
