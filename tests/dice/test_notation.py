"""Dice notation: parsing, normalization, every operator and modifier, the result tree."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

import service.dice.notation as notation
from service.dice.notation import (
    DiceError,
    DieResult,
    LimitExceeded,
    NotationError,
    RollResult,
    evaluate,
    parse,
    roll,
)
from service.dice.notation.ast import Dice, Keep, Number, Sum
from service.dice.stream import Stream
from support.dice import ScriptedStream


def _results(result: RollResult, term: int = 0) -> list[tuple[int, bool]]:
    return [(die.result, die.active) for die in result.dice[term].results]


def _flags(die: DieResult) -> dict[str, object]:
    return {k: v for k, v in die.to_dict().items() if k != "result"}


# --- normalization -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "normalized"),
    [
        (" 4D6 KH3+2", "4d6kh3 + 2"),
        ("d%", "1d100"),
        ("3d%", "3d100"),
        ("d8", "1d8"),
        ("d20adv", "2d20kh1"),
        ("1d20ADV", "2d20kh1"),
        ("d20dis + 3", "2d20kl1 + 3"),
        ("2d20kh", "2d20kh1"),
        ("4d6 r 1", "4d6r1"),
        ("4d6r=1", "4d6r1"),
        ("4d6ro<3", "4d6ro<3"),
        ("2*3-1", "2 * 3 - 1"),
        ("((1d8+2))*2", "((1d8 + 2)) * 2"),
        ("--2", "--2"),
        ("1 d 6", "1d6"),
        ("10D10>=8", "10d10>=8"),
        ("3d6=6", "3d6=6"),
    ],
)
def test_formula_prints_back_normalized(typed: str, normalized: str) -> None:
    assert str(parse(typed)) == normalized


def test_modifiers_print_in_the_order_they_take_effect() -> None:
    # clamp -> reroll -> explode -> keep/drop -> success, whatever the written order
    assert str(parse("6d6>=4kh3!r1min2")) == "6d6min2r1!6kh3>=4"
    assert str(parse("4d6dl1kh2")) == "4d6dl1kh2"  # within a stage, the written order stays


def test_bare_explosion_before_a_success_count_prints_its_top_face() -> None:
    # "10d10!>=8" would read back as "explode on 8 or more", so the plain "!" spells out its face.
    node = parse("10d10>=8!")
    assert str(node) == "10d10!10>=8"
    assert str(parse(str(node))) == "10d10!10>=8"
    assert str(parse("10d10!>=8")) == "10d10!>=8"  # an explosion condition, no success count


@pytest.mark.parametrize("formula", ["4d6kh3 + 2", "(1d8 + 2) * -2", "2d20kh1 - 1d4 * 3", "6d6min2r1!6kh3>=4"])
def test_normalized_formula_parses_to_the_same_tree(formula: str) -> None:
    assert parse(formula) == parse(formula.upper().replace(" ", ""))
    assert str(parse(str(parse(formula)))) == formula


def test_parse_builds_frozen_nodes_and_caches_them() -> None:
    node = parse("4d6kh3+2")
    assert node == Sum(Dice(4, 6, (Keep("kh", 3),)), (("+", Number(2)),))
    assert parse("4d6kh3+2") is node
    with pytest.raises(dataclasses.FrozenInstanceError):
        node.first = Number(1)  # type: ignore[misc]


# --- arithmetic ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("formula", "total"),
    [
        ("2+3*4", 14),
        ("(2+3)*4", 20),
        ("2-3-4", -5),
        ("2*3*4", 24),
        ("-2*3", -6),
        ("2*-3", -6),
        ("--2", 2),
        ("10 - -1", 11),
        ("-(2+3)*2", -10),
        ("7", 7),
    ],
)
def test_integer_arithmetic_follows_precedence(formula: str, total: int) -> None:
    result = roll(formula, ScriptedStream())
    assert result.total == total
    assert result.dice == ()


def test_dice_terms_take_part_in_arithmetic() -> None:
    result = roll("(1d8+2)*2 - d4", ScriptedStream(5, 3))
    assert result.total == 11
    assert result.text == "(1d8 (5) + 2) * 2 - 1d4 (3) = 11"
    assert [term.expression for term in result.dice] == ["1d8", "1d4"]


def test_plain_dice_sum_every_face() -> None:
    stream = ScriptedStream(3, 6, 1)
    result = roll("3d6", stream)
    assert result.total == 10
    assert stream.sides == [6, 6, 6]
    assert _results(result) == [(3, True), (6, True), (1, True)]


def test_percentile_die_rolls_a_hundred_sides() -> None:
    stream = ScriptedStream(37)
    assert roll("d%", stream).total == 37
    assert stream.sides == [100]


# --- keep / drop ---------------------------------------------------------------------------


def test_keep_highest_marks_the_rest_discarded() -> None:
    result = roll("4d6kh3+2", ScriptedStream(6, 5, 4, 1))
    assert result.total == 17
    assert result.text == "4d6kh3 (6, 5, 4, ~~1~~) + 2 = 17"
    assert _flags(result.dice[0].results[3]) == {
        "active": False,
        "discarded": True,
        "exploded": False,
        "rerolled": False,
        "success": None,
        "failure": None,
    }


@pytest.mark.parametrize(
    ("formula", "total", "active"),
    [
        ("4d6kh2", 11, [False, True, True, False]),
        ("4d6kl2", 4, [True, False, False, True]),
        ("4d6dh1", 9, [True, False, True, True]),
        ("4d6dl1", 14, [False, True, True, True]),
        ("4d6kh", 6, [False, True, False, False]),
        ("4d6dl", 14, [False, True, True, True]),
        ("4d6kh9", 15, [True, True, True, True]),
        ("4d6dl9", 0, [False, False, False, False]),
    ],
)
def test_keep_and_drop_choose_by_face(formula: str, total: int, active: list[bool]) -> None:
    result = roll(formula, ScriptedStream(1, 6, 5, 3))
    assert result.total == total
    assert [die.active for die in result.dice[0].results] == active


def test_keep_breaks_ties_by_roll_order() -> None:
    assert [d.active for d in roll("3d6kh1", ScriptedStream(5, 5, 2)).dice[0].results] == [True, False, False]
    assert [d.active for d in roll("3d6kl1", ScriptedStream(5, 2, 2)).dice[0].results] == [False, True, False]
    assert [d.active for d in roll("3d6dh1", ScriptedStream(5, 5, 2)).dice[0].results] == [False, True, True]


def test_several_keep_modifiers_apply_in_written_order() -> None:
    # dl1 drops the 1, then kh2 keeps 6 and 5 of the remaining 6, 5, 3
    result = roll("4d6dl1kh2", ScriptedStream(1, 6, 5, 3))
    assert result.total == 11
    assert [d.active for d in result.dice[0].results] == [False, True, True, False]


# --- advantage / disadvantage --------------------------------------------------------------


def test_advantage_rolls_two_and_keeps_the_highest() -> None:
    result = roll("d20adv", ScriptedStream(4, 17))
    assert result.formula == "2d20kh1"
    assert result.total == 17
    assert result.dice[0].number == 2
    assert result.text == "2d20kh1 (~~4~~, 17) = 17"


def test_disadvantage_rolls_two_and_keeps_the_lowest() -> None:
    result = roll("1d20dis+1", ScriptedStream(4, 17))
    assert result.formula == "2d20kl1 + 1"
    assert result.total == 5


def test_advantage_works_on_any_single_die() -> None:
    assert roll("d6adv", ScriptedStream(2, 5)).total == 5


@pytest.mark.parametrize(("formula", "position"), [("2d20adv", 4), ("d20advdis", 6), ("d20adv adv", 7)])
def test_advantage_needs_exactly_one_die(formula: str, position: int) -> None:
    with pytest.raises(NotationError) as caught:
        parse(formula)
    assert caught.value.position == position


# --- rerolls -------------------------------------------------------------------------------


def test_reroll_keeps_going_while_the_condition_holds() -> None:
    result = roll("2d6r1", ScriptedStream(6, 1, 1, 3))
    assert result.total == 9
    assert _results(result) == [(6, True), (1, False), (1, False), (3, True)]
    replaced = result.dice[0].results[1]
    assert (replaced.rerolled, replaced.discarded, replaced.active) == (True, True, False)
    assert result.text == "2d6r1 (6, ~~1~~, ~~1~~, 3) = 9"


def test_reroll_once_keeps_the_second_result_whatever_it_is() -> None:
    result = roll("2d6ro1", ScriptedStream(6, 1, 1))
    assert result.total == 7
    assert _results(result) == [(6, True), (1, False), (1, True)]
    assert [d.rerolled for d in result.dice[0].results] == [False, True, False]


def test_reroll_takes_a_comparison() -> None:
    result = roll("3d6r<3", ScriptedStream(1, 4, 2, 3, 6))
    assert _results(result) == [(1, False), (4, True), (2, False), (3, True), (6, True)]
    assert result.total == 13


def test_several_rerolls_apply_in_written_order() -> None:
    # r1 turns the 1 into a 2, then r2 rerolls that 2 (and the one already there)
    result = roll("2d6r1r2", ScriptedStream(1, 2, 2, 5, 6))
    assert _results(result) == [(1, False), (2, False), (2, False), (5, True), (6, True)]
    assert result.total == 11


# --- explosions ----------------------------------------------------------------------------


def test_exploding_dice_chain_on_the_top_face() -> None:
    result = roll("1d6!", ScriptedStream(6, 6, 2))
    assert result.total == 14
    assert [(d.result, d.exploded, d.active) for d in result.dice[0].results] == [
        (6, True, True),
        (6, True, True),
        (2, False, True),
    ]
    assert result.text == "1d6! (6!, 6!, 2) = 14"
    assert result.dice[0].number == 1


def test_explosion_on_a_condition() -> None:
    result = roll("2d10!>=9", ScriptedStream(9, 3, 10, 1))
    assert [d.exploded for d in result.dice[0].results] == [True, False, True, False]
    assert result.total == 23


def test_exploded_dice_can_then_be_dropped() -> None:
    result = roll("2d6!kh1", ScriptedStream(6, 2, 3))
    # the 6 explodes into a 3; keep the highest of 6, 2, 3
    assert _results(result) == [(6, True), (2, False), (3, False)]
    assert result.total == 6


# --- min / max -----------------------------------------------------------------------------


def test_min_and_max_clamp_each_die() -> None:
    assert _results(roll("3d6min3", ScriptedStream(1, 2, 6))) == [(3, True), (3, True), (6, True)]
    assert _results(roll("3d6max4", ScriptedStream(1, 5, 6))) == [(1, True), (4, True), (4, True)]
    assert roll("3d6min2max5", ScriptedStream(1, 6, 3)).total == 10


def test_clamp_applies_before_reroll_and_to_every_later_die() -> None:
    # the 1 lands as 2, which r2 rerolls; the reroll's 1 is clamped to 2 and rerolled again
    result = roll("1d6min2r2", ScriptedStream(1, 1, 5))
    assert _results(result) == [(2, False), (2, False), (5, True)]
    exploded = roll("1d6min2!", ScriptedStream(6, 1))
    assert _results(exploded) == [(6, True), (2, True)]


# --- success counting ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("formula", "successes"),
    [("5d10>=8", 2), ("5d10>8", 1), ("5d10<=2", 2), ("5d10<3", 2), ("5d10=8", 1)],
)
def test_success_count_replaces_the_sum(formula: str, successes: int) -> None:
    result = roll(formula, ScriptedStream(8, 1, 9, 2, 5))
    term = result.dice[0]
    assert term.successes == successes
    assert term.total == successes
    assert result.total == successes
    assert sum(bool(d.success) for d in term.results) == successes


def test_success_flags_every_die_and_marks_the_text() -> None:
    result = roll("3d10>=8 + 1", ScriptedStream(8, 3, 10))
    assert [d.success for d in result.dice[0].results] == [True, False, True]
    assert result.total == 3
    assert result.text == "3d10>=8 (8*, 3, 10*; 2 successes) + 1 = 3"
    assert roll("1d10>=8", ScriptedStream(9)).text == "1d10>=8 (9*; 1 success) = 1"


def test_discarded_dice_are_never_successes() -> None:
    result = roll("3d6kh1>=5", ScriptedStream(6, 5, 1))
    assert [(d.active, d.success) for d in result.dice[0].results] == [(True, True), (False, False), (False, False)]
    assert result.total == 1


def test_plain_terms_carry_no_success_flags() -> None:
    result = roll("2d6", ScriptedStream(1, 2))
    assert result.dice[0].successes is None
    assert all(d.success is None for d in result.dice[0].results)


# --- endless conditions --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("formula", "position"),
    [("1d6r<7", 3), ("1d6r>=1", 3), ("1d1!", 3), ("1d6!<=6", 3), ("1d6min6!", 7), ("1d6max1r1", 7), ("1d6min6r6", 7)],
)
def test_conditions_every_face_meets_are_rejected(formula: str, position: int) -> None:
    with pytest.raises(NotationError, match="never end") as caught:
        parse(formula)
    assert caught.value.position == position


def test_reroll_once_on_every_face_is_allowed() -> None:
    assert _results(roll("1d6ro<7", ScriptedStream(2, 5))) == [(2, False), (5, True)]


# --- syntax errors -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("formula", "position", "expected"),
    [
        ("", 0, "expected a number, a die or '(' but found the end of the formula"),
        ("2+", 2, "expected a number, a die or '('"),
        ("1d", 2, "expected a number after 'd'"),
        ("(1+2", 4, "expected ')'"),
        ("1+2)", 3, "expected an operator or the end of the formula but found ')'"),
        ("3 4", 2, "expected an operator"),
        ("1d6 x", 4, "unexpected character 'x'"),
        ("1d6r", 4, "expected a condition"),
        ("1d6>=", 5, "expected a number after '>='"),
        ("1d6min", 6, "expected a number after 'min'"),
        ("0d6", 0, "at least 1 die"),
        ("1d0", 2, "at least 1 side"),
        ("1d20!!", 5, "only one explosion"),
        ("3d6>=4=6", 6, "only one success comparison"),
        ("+1", 0, "expected a number, a die or '('"),
        ("1d6 é", 4, "unexpected character 'é'"),
        ("d20kh3d6", 6, "expected an operator"),
    ],
)
def test_syntax_errors_say_what_was_expected_where(formula: str, position: int, expected: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(formula)
    assert caught.value.position == position
    assert expected in caught.value.message
    assert f"at position {position}" in str(caught.value)
    assert caught.value.code == "dice/invalid-expression"
    assert isinstance(caught.value, DiceError)


def test_errors_keep_their_fields_through_pickling() -> None:
    # Errors cross process boundaries (workers, task queues) with their fields intact.
    for error in (NotationError("expected ')'", 4), LimitExceeded("maxDice", 1000, 1001)):
        copy = pickle.loads(pickle.dumps(error))
        assert (type(copy), copy.args, str(copy)) == (type(error), error.args, str(error))
    assert str(LimitExceeded("maxDice", 1000, 1001)) == "maxDice exceeded: 1001 > 1000"


# --- the result tree -----------------------------------------------------------------------


def test_roll_result_to_dict_is_camel_case_and_complete() -> None:
    assert roll("2d6kh1+1", ScriptedStream(2, 5)).to_dict() == {
        "formula": "2d6kh1 + 1",
        "total": 6,
        "dice": [
            {
                "expression": "2d6kh1",
                "number": 2,
                "faces": 6,
                "modifiers": ["kh1"],
                "results": [
                    {
                        "result": 2,
                        "active": False,
                        "discarded": True,
                        "exploded": False,
                        "rerolled": False,
                        "success": None,
                        "failure": None,
                    },
                    {
                        "result": 5,
                        "active": True,
                        "discarded": False,
                        "exploded": False,
                        "rerolled": False,
                        "success": None,
                        "failure": None,
                    },
                ],
                "total": 5,
                "successes": None,
            }
        ],
        "text": "2d6kh1 (~~2~~, 5) + 1 = 6",
        "tree": [
            {"kind": "sum", "children": [1, 2], "operators": ["+"], "term": None, "number": None},
            {"kind": "dice", "children": [], "operators": [], "term": 0, "number": None},
            {"kind": "number", "children": [], "operators": [], "term": None, "number": 1},
        ],
    }


def test_dice_terms_are_listed_left_to_right() -> None:
    result = roll("1d4 + (2d6 * 1d8) - 1d10", ScriptedStream(1, 2, 3, 4, 5))
    assert [(t.expression, t.total) for t in result.dice] == [("1d4", 1), ("2d6", 5), ("1d8", 4), ("1d10", 5)]
    assert result.total == 1 + 5 * 4 - 5


def test_evaluate_rolls_an_already_parsed_node_like_roll() -> None:
    node = parse("4d6kh3 + 1d4")
    assert evaluate(node, ScriptedStream(6, 5, 4, 1, 3)) == roll("4d6kh3 + 1d4", ScriptedStream(6, 5, 4, 1, 3))


def test_results_are_frozen() -> None:
    result = roll("1d6", ScriptedStream(4))
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.total = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.dice[0].results[0].result = 6  # type: ignore[misc]


def _fixed(nonce: int = 0) -> Stream:
    return Stream(seed="fixed-seed", scope="test", nonce=nonce)


def test_fixed_seed_stream_pins_exact_rolls() -> None:
    assert roll("4d6kh3 + d20adv", _fixed()).text == "4d6kh3 (3, 3, ~~1~~, 4) + 2d20kh1 (13, ~~3~~) = 23"
    assert roll("4d6kh3 + d20adv", _fixed(1)).text == "4d6kh3 (2, 6, 2, ~~2~~) + 2d20kh1 (10, ~~1~~) = 20"
    assert roll("4d6r1!kh3 + 1d8", _fixed()) == roll("4d6r1!kh3 + 1d8", _fixed())


def test_every_die_in_the_result_was_drawn_from_the_stream_in_order() -> None:
    stream = _fixed()
    result = roll("10d6r1!", stream)
    assert [draw.face for draw in stream.draws] == [die.result for die in result.dice[0].results]
    assert [draw.sides for draw in stream.draws] == [6] * len(stream.draws)
    assert any(die.rerolled for die in result.dice[0].results)


def test_public_names_are_exported_sorted() -> None:
    expected = [
        "DEFAULT_LIMITS",
        "DiceError",
        "DiceTermResult",
        "DieResult",
        "LimitExceeded",
        "Limits",
        "NotationError",
        "RollResult",
        "evaluate",
        "parse",
        "roll",
    ]
    assert notation.__all__ == sorted(expected)
    assert all(hasattr(notation, name) for name in expected)
