"""Foundry VTT's dialect of the notation, the expression tree, and the `Roll.fromData` shape.

The dialect adds Foundry's modifier words without changing what a default-dialect formula
means: in ours `r` rerolls until the condition fails, in Foundry's it rerolls once (`rr`
recursively). Faces are scripted, so every total below is worked out by hand.
"""

from __future__ import annotations

import pytest

from service.dice.notation import NotationError, parse, roll
from service.dice.notation.ast import Condition, CountSuccesses, Dice, Explode, Reroll
from service.dice.notation.foundry import foundry_formula, foundry_roll
from support.dice import ScriptedStream, highest


def _faces(expression: str, *faces: int, dialect: str = "default") -> list[tuple[int, bool]]:
    result = roll(expression, ScriptedStream(*faces), dialect=dialect)  # type: ignore[arg-type]
    return [(die.result, die.active) for die in result.dice[0].results]


# --- the dialect ---------------------------------------------------------------------------


def test_r_rerolls_once_in_foundry_and_until_it_stops_in_ours() -> None:
    # Two 1s in a row: ours rerolls the second 1 too, Foundry's `r` keeps it.
    assert _faces("1d6r1", 1, 1, 4) == [(1, False), (1, False), (4, True)]
    assert _faces("1d6r1", 1, 1, dialect="foundry") == [(1, False), (1, True)]
    assert _faces("1d6rr1", 1, 1, 4, dialect="foundry") == [(1, False), (1, False), (4, True)]


def test_default_dialect_formulas_mean_what_they_meant() -> None:
    assert parse("4d6r1") == Dice(4, 6, (Reroll(Condition("=", 1), once=False),))
    assert str(parse("4d6ro<3")) == "4d6ro<3"
    assert roll("4d6kh3+2", ScriptedStream(6, 5, 4, 1)).total == 17
    assert roll("10d10>=8", ScriptedStream(8, 9, 10, 1, 2, 3, 4, 5, 6, 7)).total == 3


@pytest.mark.parametrize("formula", ["4d6x", "6d10cs>=8", "6d6cf", "2d6xo"])
def test_foundry_words_are_errors_in_the_default_dialect(formula: str) -> None:
    with pytest.raises(NotationError) as raised:
        parse(formula)
    assert "foundry dialect" in str(raised.value)
    parse(formula, dialect="foundry")


def test_rr_is_an_error_in_the_default_dialect() -> None:
    with pytest.raises(NotationError, match="a condition"):
        parse("4d6rr1")


@pytest.mark.parametrize(
    ("typed", "normalized"),
    [
        ("4D6X", "4d6x"),
        ("4d6x6", "4d6x6"),
        ("4d6xo", "4d6xo"),
        ("4d6x>=5", "4d6x>=5"),
        ("4d6r", "4d6r1"),  # Foundry's bare `r` rerolls 1s
        ("4d6r<3", "4d6r<3"),
        ("4d6rr1", "4d6rr1"),
        ("6d10cs>=8", "6d10cs>=8"),
        ("6d10cs", "6d10cs=10"),  # `cs` alone: the top face
        ("6d6cf", "6d6cf=1"),  # `cf` alone: a 1
        ("6d10x cs>=8", "6d10x10cs>=8"),  # a bare x before more modifiers spells its face
        ("4d6kh3 + 2", "4d6kh3 + 2"),
        ("2d20kl1", "2d20kl1"),
        ("6d6min2max5", "6d6min2max5"),
        ("d20adv", "2d20kh1"),
    ],
)
def test_foundry_formulas_print_back_in_foundrys_notation(typed: str, normalized: str) -> None:
    node = parse(typed, dialect="foundry")
    assert str(node) == normalized
    assert str(parse(normalized, dialect="foundry")) == normalized


def test_x_explodes_recursively_and_xo_once() -> None:
    assert _faces("1d6x", 6, 6, 2, dialect="foundry") == [(6, True), (6, True), (2, True)]
    assert _faces("1d6xo", 6, 6, dialect="foundry") == [(6, True), (6, True)]  # the added 6 does not explode
    xo = roll("2d6xo", ScriptedStream(6, 3, 6), dialect="foundry")
    assert xo.total == 15 and [d.exploded for d in xo.dice[0].results] == [True, False, False]


def test_xo_may_match_every_face_since_it_ends() -> None:
    assert roll("2d6xo>=1", ScriptedStream(2, 3, 4, 5), dialect="foundry").total == 14
    with pytest.raises(NotationError):
        parse("2d6x>=1", dialect="foundry")  # recursive: it would never end


def test_cs_counts_successes_like_our_threshold() -> None:
    faces = (8, 9, 10, 1, 2, 7)
    ours = roll("6d10>=8", ScriptedStream(*faces))
    foundry = roll("6d10cs>=8", ScriptedStream(*faces), dialect="foundry")
    assert ours.total == foundry.total == 3
    assert [d.success for d in ours.dice[0].results] == [d.success for d in foundry.dice[0].results]


def test_cf_counts_failures() -> None:
    result = roll("5d6cf", ScriptedStream(1, 1, 3, 6, 1), dialect="foundry")
    assert result.total == 3
    assert [d.failure for d in result.dice[0].results] == [True, True, False, False, True]
    assert [d.success for d in result.dice[0].results] == [None] * 5
    assert result.dice[0].successes is None
    assert result.text == "5d6cf=1 (1*, 1*, 3, 6, 1*; 3 failures) = 3"
    assert parse("5d6cf<=2", dialect="foundry") == Dice(5, 6, (CountSuccesses(Condition("<=", 2), failures=True),), "foundry")


def test_one_count_per_term_in_either_spelling() -> None:
    with pytest.raises(NotationError, match="only one success comparison"):
        parse("6d10cs>=8cf", dialect="foundry")
    with pytest.raises(NotationError, match="only one success comparison"):
        parse("6d10>=8cs>=9", dialect="foundry")


def test_explosion_limits_hold_in_the_foundry_dialect() -> None:
    with pytest.raises(Exception, match="maxExplosions"):
        roll("1d6x", ScriptedStream(then=highest), dialect="foundry")
    assert isinstance(parse("1d6x", dialect="foundry").modifiers[0], Explode)  # type: ignore[union-attr]


# --- the expression tree -------------------------------------------------------------------


def test_tree_mirrors_the_expression() -> None:
    result = roll("(2d6+3)*2", ScriptedStream(4, 5))
    tree = result.tree
    assert [node["kind"] for node in tree] == ["product", "group", "sum", "dice", "number", "number"]
    product, group, total = tree[0], tree[1], tree[2]
    assert product["children"] == [1, 5] and product["operators"] == ["*"]
    assert group["children"] == [2]
    assert total["children"] == [3, 4] and total["operators"] == ["+"]
    assert tree[3]["term"] == 0 and result.dice[tree[3]["term"]].total == 9
    assert tree[4]["number"] == 3 and tree[5]["number"] == 2
    assert result.total == (9 + 3) * 2


def _render(result_tree: tuple[dict, ...], totals: list[int], at: int = 0) -> tuple[str, int]:
    """A structural renderer written against the tree alone: (text, value) of node `at`."""
    node = result_tree[at]
    parts = [_render(result_tree, totals, child) for child in node["children"]]
    kind = node["kind"]
    if kind == "number":
        return str(node["number"]), node["number"]
    if kind == "dice":
        return f"[{totals[node['term']]}]", totals[node["term"]]
    if kind == "group":
        return f"({parts[0][0]})", parts[0][1]
    if kind == "negate":
        return f"-{parts[0][0]}", -parts[0][1]
    text, value = parts[0]
    for op, (t, v) in zip(node["operators"], parts[1:], strict=True):
        text += f" {op} {t}"
        value = value + v if op == "+" else value - v if op == "-" else value * v
    return text, value


@pytest.mark.parametrize(
    ("formula", "faces", "rendered"),
    [
        ("(2d6+3)*2", (4, 5), ("([9] + 3) * 2", 24)),
        ("1d20 + 5 - 1d4", (17, 3), ("[17] + 5 - [3]", 19)),
        ("-(1d8 + 2) * 3 + 1", (6,), ("-([6] + 2) * 3 + 1", -23)),
        ("4d6kh3", (6, 5, 4, 1), ("[15]", 15)),
        ("7", (), ("7", 7)),
    ],
)
def test_a_renderer_walking_the_tree_finds_the_total(formula: str, faces: tuple[int, ...], rendered: tuple[str, int]) -> None:
    result = roll(formula, ScriptedStream(*faces))
    assert _render(result.tree, [term.total for term in result.dice]) == rendered
    assert rendered[1] == result.total


def test_tree_is_built_once_per_formula() -> None:
    assert roll("2d6+1", ScriptedStream(1, 2)).tree is roll("2d6+1", ScriptedStream(3, 4)).tree


# --- the Roll.fromData shape ---------------------------------------------------------------


def _foundry(expression: str, *faces: int, dialect: str = "default") -> dict:
    node = parse(expression, dialect=dialect)  # type: ignore[arg-type]
    return foundry_roll(node, roll(expression, ScriptedStream(*faces), dialect=dialect))  # type: ignore[arg-type]


def _term_total(term: dict) -> int:
    """What Foundry's `DiceTerm#total` adds up: `count` where a result has one, else `result`, active only."""
    return sum(r.get("count", r["result"]) for r in term["results"] if r["active"])


def test_success_counting_dice_carry_count_so_foundry_totals_the_successes() -> None:
    data = _foundry("6d10>=8", 8, 9, 10, 1, 2, 7)
    die = data["terms"][0]
    assert die["class"] == "Die" and die["modifiers"] == ["cs>=8"]
    assert [r["count"] for r in die["results"]] == [1, 1, 1, 0, 0, 0]
    assert [r["success"] for r in die["results"]] == [True, True, True, False, False, False]
    assert _term_total(die) == data["total"] == 3  # not 37, the sum of the faces
    assert data["formula"] == "6d10cs>=8"


def test_flags_foundry_leaves_out_are_absent_not_null() -> None:
    data = _foundry("4d6kh3 + 2", 6, 5, 4, 1)
    results = data["terms"][0]["results"]
    assert results == [
        {"result": 6, "active": True},
        {"result": 5, "active": True},
        {"result": 4, "active": True},
        {"result": 1, "active": False, "discarded": True},
    ]
    assert data["terms"][1] == {"class": "OperatorTerm", "options": {}, "evaluated": True, "operator": "+"}
    assert data["terms"][2] == {"class": "NumericTerm", "options": {}, "evaluated": True, "number": 2}
    assert data["total"] == 17 and data["evaluated"] is True and data["class"] == "Roll" and data["dice"] == []


def test_rerolled_dice_are_inactive_but_not_discarded_as_in_foundry() -> None:
    data = _foundry("2d6r1", 1, 4, 5)
    assert data["formula"] == "2d6rr1"  # our recursive r, in Foundry's words
    assert data["terms"][0]["results"] == [
        {"result": 1, "active": False, "rerolled": True},
        {"result": 4, "active": True},
        {"result": 5, "active": True},
    ]


def test_explosions_and_their_formula() -> None:
    data = _foundry("2d6!", 6, 2, 3)
    assert data["formula"] == "2d6x"
    assert data["terms"][0]["results"] == [{"result": 6, "active": True, "exploded": True}, {"result": 2, "active": True}, {"result": 3, "active": True}]
    assert _term_total(data["terms"][0]) == data["total"] == 11


def test_parentheses_become_a_parenthetical_term_with_its_evaluated_roll() -> None:
    data = _foundry("(2d6+3)*2", 4, 5)
    assert [t["class"] for t in data["terms"]] == ["ParentheticalTerm", "OperatorTerm", "NumericTerm"]
    group = data["terms"][0]
    assert group["term"] == "2d6 + 3"
    inner = group["roll"]
    assert inner["class"] == "Roll" and inner["formula"] == "2d6 + 3" and inner["total"] == 12 and inner["evaluated"] is True
    assert [t["class"] for t in inner["terms"]] == ["Die", "OperatorTerm", "NumericTerm"]
    assert data["total"] == 24


def test_counting_failures_carries_failure_and_count() -> None:
    data = _foundry("4d6cf", 1, 2, 1, 6, dialect="foundry")
    assert data["terms"][0]["results"] == [
        {"result": 1, "active": True, "failure": True, "count": 1},
        {"result": 2, "active": True, "failure": False, "count": 0},
        {"result": 1, "active": True, "failure": True, "count": 1},
        {"result": 6, "active": True, "failure": False, "count": 0},
    ]
    assert _term_total(data["terms"][0]) == data["total"] == 2


@pytest.mark.parametrize(
    ("ours", "foundrys", "faces"),
    [
        ("4d6r1", "4d6rr1", (1, 1, 3, 4, 1, 6, 2)),
        ("4d6ro1", "4d6r1", (1, 1, 3, 4, 1, 6)),
        ("3d6!", "3d6x", (6, 6, 2, 3, 4)),
        ("3d6!>=5", "3d6x>=5", (5, 1, 2, 6, 3)),
        ("10d10>=8!", "10d10x10cs>=8", (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 10, 1)),
        ("d20adv + 5", "2d20kh1 + 5", (3, 17)),
        ("d%", "1d100", (42,)),
        ("-(1d4) * 2", "-(1d4) * 2", (3,)),
        ("6d6min2", "6d6min2", (1, 2, 3, 4, 5, 6)),
    ],
)
def test_default_formulas_print_in_foundrys_notation_and_mean_the_same_there(
    ours: str, foundrys: str, faces: tuple[int, ...]
) -> None:
    assert foundry_formula(parse(ours)) == foundrys
    mine = roll(ours, ScriptedStream(*faces))
    theirs = roll(foundrys, ScriptedStream(*faces), dialect="foundry")
    assert mine.total == theirs.total
    assert [term.results for term in mine.dice] == [term.results for term in theirs.dice]
