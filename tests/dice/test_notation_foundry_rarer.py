"""Foundry VTT's rarer dice and modifiers in its dialect, as Foundry v12/v13 documents them.

Fate dice (`dF`: -1, 0, +1) and coins (`dc`: 0 tails, 1 heads), `k` / `d`, a cap on rerolls and
explosions (`r2=1`), `even` / `odd`, `sf` and `ms`. Each either means exactly what Foundry
means or is refused by name; none of them changes a default-dialect formula. Faces are
scripted, so every total is worked out by hand in the comment beside it.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.dice.notation import DiceError, LimitExceeded, Limits, NotationError, parse, roll
from service.dice.notation.ast import Condition, CountSuccesses, Dice, Keep, Reroll
from service.dice.notation.foundry import foundry_formula, foundry_roll
from service.dice.stream import Stream
from support.dice import ScriptedStream


def _foundry(expression: str, *faces: int) -> Any:
    return roll(expression, ScriptedStream(*faces), dialect="foundry")


def _faces(expression: str, *faces: int) -> list[tuple[int, bool]]:
    return [(die.result, die.active) for die in _foundry(expression, *faces).dice[0].results]


def _data(expression: str, *faces: int) -> dict[str, Any]:
    return foundry_roll(parse(expression, dialect="foundry"), _foundry(expression, *faces))


# --- keep and drop -----------------------------------------------------------------------------


def test_k_keeps_the_highest_and_d_drops_the_lowest() -> None:
    assert parse("4d6k3", dialect="foundry") == parse("4d6kh3", dialect="foundry")
    assert parse("4d6k", dialect="foundry") == parse("4d6kh1", dialect="foundry")
    assert parse("4d6d", dialect="foundry") == parse("4d6dl1", dialect="foundry")
    assert _foundry("4d6k3", 6, 5, 4, 1).total == 15  # 6 + 5 + 4
    assert _foundry("4d6d", 6, 5, 4, 1).total == 15  # the 1 dropped
    assert _foundry("4d6d2", 6, 5, 4, 1).total == 11  # 6 + 5
    assert _foundry("2d20k", 3, 17).total == 17


# --- capped rerolls and explosions -------------------------------------------------------------


def test_a_count_before_the_condition_caps_the_rerolls() -> None:
    # Foundry: 20d20r1=1 rerolls a single 1. Here three 1s, at most two rerolled.
    assert _faces("5d6r2=1", 1, 1, 1, 3, 4, 5, 6) == [
        (1, False), (1, False), (1, True), (3, True), (4, True), (5, True), (6, True),
    ]  # fmt: skip
    assert _foundry("5d6r2=1", 1, 1, 1, 3, 4, 5, 6).total == 1 + 3 + 4 + 5 + 6
    # Recursive, capped: the reroll of a 1 rolls a 2, which is rerolled too, then the cap stops it.
    assert _faces("1d6rr2<3", 1, 2, 1) == [(1, False), (2, False), (1, True)]
    assert _faces("1d6rr<3", 1, 2, 1, 5) == [(1, False), (2, False), (1, False), (5, True)]


def test_r_with_a_comparison_rerolls_once() -> None:
    assert _faces("2d20r<3", 1, 15, 2) == [(1, False), (15, True), (2, True)]  # the new 2 stands


def test_a_capped_recursive_reroll_of_every_face_ends_so_it_is_allowed() -> None:
    assert _foundry("1d6rr2>=1", 4, 5, 6).total == 6
    with pytest.raises(NotationError, match="never end"):
        parse("1d6rr>=1", dialect="foundry")


def test_a_count_before_the_condition_caps_the_explosions() -> None:
    # 4d6x1>=5: the 5 explodes into a 6, which would explode again but the cap is one.
    result = _foundry("4d6x1>=5", 5, 1, 2, 3, 6)
    assert result.total == 5 + 1 + 2 + 3 + 6
    assert [d.exploded for d in result.dice[0].results] == [True, False, False, False, False]
    assert _foundry("2d6xo1=6", 6, 6, 2).total == 14  # once, and only one of the two 6s


def test_a_bare_number_is_still_the_condition() -> None:
    assert parse("4d6r2", dialect="foundry") == Dice(4, 6, (Reroll(Condition("=", 2), once=True),), "foundry")


# --- even, odd, subtract failures, margin of success -------------------------------------------


def test_even_and_odd_count_those_results() -> None:
    assert _foundry("6d6even", 1, 2, 3, 4, 5, 6).total == 3
    assert _foundry("6d6odd", 1, 1, 3, 4, 5, 6).total == 4
    even = _foundry("4d6even", 2, 2, 3, 6)
    assert [d.success for d in even.dice[0].results] == [True, True, False, True]
    assert even.dice[0].successes == 3 and even.text == "4d6even (2*, 2*, 3, 6*; 3 even) = 3"


def test_sf_subtracts_the_failed_dice() -> None:
    # Foundry: 6d6sf<3 subtracts the results under 3 from the rest: 3 + 4 + 5 + 6 - 1 - 2 = 15.
    result = _foundry("6d6sf<3", 1, 2, 3, 4, 5, 6)
    assert result.total == 15
    assert [d.failure for d in result.dice[0].results] == [True, True, False, False, False, False]
    assert _foundry("4d6sf", 1, 1, 4, 6).total == 4 + 6 - 1 - 1  # bare sf: the lowest face, 1
    assert _foundry("3d6sf<4", 1, 2, 3).total == -6  # a term can go below zero


def test_ms_takes_the_margin_of_the_term_total() -> None:
    # Foundry's example: 6d6ms>12 subtracts 12 from the total.
    assert _foundry("6d6ms>12", 1, 2, 3, 4, 5, 6).total == 21 - 12
    assert _foundry("3d6ms<=10", 6, 5, 4).total == 10 - 15  # counted from below: the target less the total
    assert _foundry("3d6ms12", 1, 1, 1).total == 3 - 12
    assert _foundry("6d10cs>=8ms>2", 8, 9, 10, 10, 1, 1).total == 4 - 2  # four successes, less 2
    assert _foundry("3d6ms>10 + 1", 6, 5, 4).text == "3d6ms>10 (6, 5, 4; 15 - 10) + 1 = 6"


def test_one_count_and_one_margin_per_term() -> None:
    with pytest.raises(NotationError, match="'sf=1' cannot join another count"):
        parse("6d6cs>3sf", dialect="foundry")
    with pytest.raises(NotationError, match="'even' cannot join another count"):
        parse("6d6odd even", dialect="foundry")
    with pytest.raises(NotationError, match="only one margin of success"):
        parse("6d6ms>3ms>4", dialect="foundry")


def test_deduct_failures_is_refused_by_name() -> None:
    with pytest.raises(NotationError, match="'df' modifier \\(deduct failures\\)") as refused:
        parse("6d6cs>3df", dialect="foundry")
    assert refused.value.position == 7


# --- Fate dice and coins -----------------------------------------------------------------------


def test_fate_dice_show_minus_one_zero_and_one() -> None:
    result = _foundry("4dF", 1, 2, 3, 3)  # d3 draws, less 2
    assert [d.result for d in result.dice[0].results] == [-1, 0, 1, 1]
    assert result.total == 1 and result.formula == "4df" and result.text == "4df (-1, 0, 1, 1) = 1"
    assert (result.dice[0].faces, result.dice[0].number) == (3, 4)
    stream = ScriptedStream(1, 1, 1, 1)
    assert roll("4dF + 2", stream, dialect="foundry").total == -2
    assert stream.sides == [3, 3, 3, 3]


def test_fate_dice_keep_and_drop() -> None:
    assert _foundry("4dFkh2", 1, 2, 3, 3).total == 2
    assert _foundry("4dfdl1", 1, 2, 3, 3).total == 2  # 0 + 1 + 1
    assert _foundry("dFadv", 1, 3).total == 1


def test_coins_show_tails_zero_heads_one_and_count_a_call() -> None:
    stream = ScriptedStream(1, 2, 2)
    result = roll("3dc", stream, dialect="foundry")
    assert [d.result for d in result.dice[0].results] == [0, 1, 1] and result.total == 2
    assert stream.sides == [2, 2, 2]
    tails = _foundry("3dcc0", 1, 2, 1)
    assert tails.total == 2 and [d.success for d in tails.dice[0].results] == [True, False, True]
    assert parse("2dcc1", dialect="foundry").modifiers == (CountSuccesses(Condition("=", 1)),)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("formula", "message"),
    [
        ("4dFr1", "Fate dice take only keep and drop"),
        ("4dFx", "Fate dice take only keep and drop"),
        ("2dckh1", "coins take only a call"),
        ("2dcc2", "'c1' \\(heads\\) or 'c0' \\(tails\\)"),
        ("1d6c1", "applies to coins only"),
        ("2dcc1c0", "called once"),
        ("2dccf", "'cf' is not available here: coins take only a call"),
        ("2dccs=1", "'cs' is not available here"),
        ("2dc>=1", "'>=' is not available here"),
        ("4dFcs", "'cs' is not available here: Fate dice"),
    ],
)
def test_what_fate_dice_and_coins_do_not_take_is_refused_by_name(formula: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse(formula, dialect="foundry")


# --- the normalized formula reads back the same -------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "normalized"),
    [
        ("4d6K3", "4d6kh3"),
        ("4d6d", "4d6dl1"),
        ("5d6r2=1", "5d6r2=1"),
        ("5d6rr2<3", "5d6rr2<3"),
        ("4d6x1>=5", "4d6x1>=5"),
        ("4d6xo2=6", "4d6xo2=6"),
        ("6d6even", "6d6even"),
        ("6d6ODD", "6d6odd"),
        ("6d6sf", "6d6sf=1"),
        ("6d6sf<3", "6d6sf<3"),
        ("3d6ms>10", "3d6ms>10"),
        ("3d6ms12", "3d6ms12"),
        ("4dF", "4df"),
        ("dF", "1df"),
        ("4dFkh2", "4dfkh2"),
        ("3dcc1", "3dcc1"),
        ("dc + 2dF - 1", "1dc + 2df - 1"),
    ],
)
def test_rarer_formulas_print_back_in_foundrys_notation(typed: str, normalized: str) -> None:
    node = parse(typed, dialect="foundry")
    assert str(node) == foundry_formula(node) == normalized
    assert str(parse(normalized, dialect="foundry")) == normalized


# --- the default dialect is unchanged ----------------------------------------------------------


@pytest.mark.parametrize("formula", ["4d6k3", "6d6even", "6d6odd", "6d6sf<3", "3d6ms>10", "4dF", "2dc"])
def test_the_rarer_words_are_errors_in_the_default_dialect(formula: str) -> None:
    with pytest.raises(NotationError, match="foundry dialect"):
        parse(formula)


def test_default_formulas_that_look_alike_mean_what_they_meant() -> None:
    # Ours: `r2=1` rerolls 2s and then counts the dice equal to 1.
    assert parse("4d6r2=1") == Dice(4, 6, (Reroll(Condition("=", 2)), CountSuccesses(Condition("=", 1))))
    assert roll("4d6r2=1", ScriptedStream(2, 1, 1, 5, 3)).total == 2
    assert parse("4d6dl1") == Dice(4, 6, (Keep("dl", 1),))
    with pytest.raises(NotationError, match="an operator"):
        parse("4d6d1")  # a bare `d` after a die is only Foundry's


# --- the Roll.fromData shape -------------------------------------------------------------------


def test_fate_dice_are_fatedie_terms_flagged_as_foundry_flags_them() -> None:
    die = _data("4dF", 1, 2, 3, 3)["terms"][0]
    assert (die["class"], die["number"], die["faces"], die["modifiers"]) == ("FateDie", 4, 3, [])
    assert die["results"] == [
        {"result": -1, "active": True, "failure": True},
        {"result": 0, "active": True},
        {"result": 1, "active": True, "success": True},
        {"result": 1, "active": True, "success": True},
    ]


def test_called_coins_are_coin_terms_counting_the_call() -> None:
    data = _data("2dcc1", 2, 1)
    assert data["formula"] == "2dcc1" and data["total"] == 1
    assert data["terms"][0]["class"] == "Coin" and data["terms"][0]["faces"] == 2
    assert data["terms"][0]["results"] == [
        {"result": 1, "active": True, "success": True, "count": 1},
        {"result": 0, "active": True, "success": False, "count": 0},
    ]


def test_subtracted_failures_carry_minus_their_result_as_count() -> None:
    results = _data("3d6sf<3", 1, 5, 2)["terms"][0]["results"]
    assert results == [
        {"result": 1, "active": True, "failure": True, "count": -1},
        {"result": 5, "active": True},
        {"result": 2, "active": True, "failure": True, "count": -2},
    ]
    assert sum(r.get("count", r["result"]) for r in results) == 5 - 1 - 2


def test_a_margin_is_kept_in_the_term_options_as_foundry_does() -> None:
    data = _data("6d6ms>12", 1, 2, 3, 4, 5, 6)
    die = data["terms"][0]
    assert die["options"] == {"marginSuccess": 12} and die["modifiers"] == ["ms>12"]
    assert [r["result"] for r in die["results"]] == [1, 2, 3, 4, 5, 6] and data["total"] == 9
    assert _data("3d6ms<10", 1, 2, 3)["terms"][0]["options"] == {"marginFailure": 10}


def test_even_and_odd_results_carry_success_and_count() -> None:
    results = _data("3d6odd", 1, 2, 3)["terms"][0]["results"]
    assert [(r["success"], r["count"]) for r in results] == [(True, 1), (False, 0), (True, 1)]


def test_a_margin_that_leaves_the_value_bound_is_refused_naming_it() -> None:
    small = Limits(max_value=100, max_number=100, max_sides=100)
    with pytest.raises(LimitExceeded, match="maxValue") as refused:
        roll("6d6sf<7ms>=100", ScriptedStream(6, 6, 6, 6, 6, 6), small, dialect="foundry")  # -36 - 100
    assert refused.value.value == -136
    assert roll("6d6sf<7ms>=64", ScriptedStream(6, 6, 6, 6, 6, 6), small, dialect="foundry").total == -100


# Foundry's words and symbols, so generated text is mostly near-formulas.
_FOUNDRY_WORDS = ["d", "dF", "dc", "k", "kh", "dl", "r", "rr", "x", "xo", "cs", "cf", "c", "even", "odd", "sf", "ms", "df",
                  "min", "max", "<", ">=", "=", "+", "-", "*", "(", ")", "1", "2", "3", "6", "10", " "]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(words=st.lists(st.sampled_from(_FOUNDRY_WORDS), max_size=14))
def test_any_foundry_text_rolls_or_is_refused_and_its_formula_reads_back(words: list[str]) -> None:
    text = "".join(words)
    try:
        result = roll(text, Stream(seed="foundry-fuzz", scope="test", nonce=0), dialect="foundry")
    except DiceError:
        return
    assert result.text.endswith(f"= {result.total}")
    # The normalized formula is a fixed point and rolls the same dice to the same total.
    assert str(parse(result.formula, dialect="foundry")) == result.formula
    again = roll(result.formula, Stream(seed="foundry-fuzz", scope="test", nonce=0), dialect="foundry")
    assert (again.total, again.dice) == (result.total, result.dice)
