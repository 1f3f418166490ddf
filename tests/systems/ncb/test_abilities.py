"""Ability modifiers, proficiency by level, subclass level."""

from __future__ import annotations

import pytest

from service.systems.ncb.rules.abilities import modifier, proficiency_bonus, subclass_available


@pytest.mark.parametrize(
    ("score", "expected"), [(1, -5), (8, -1), (9, -1), (10, 0), (11, 0), (15, 2), (18, 4), (20, 5)]
)
def test_modifier_is_score_minus_ten_halved_rounded_down(score: int, expected: int) -> None:
    assert modifier(score) == expected


@pytest.mark.parametrize(("score", "expected"), [(21, 5), (22, 6), (23, 6), (24, 7), (26, 8), (30, 10)])
def test_chrome_past_twenty_adds_one_per_two_points(score: int, expected: int) -> None:
    assert modifier(score) == expected


def test_proficiency_runs_plus_two_to_plus_six_over_twenty_levels() -> None:
    table = [proficiency_bonus(level) for level in range(1, 21)]
    assert table == [2] * 4 + [3] * 4 + [4] * 4 + [5] * 4 + [6] * 4


@pytest.mark.parametrize("level", [0, 21])
def test_levels_outside_one_to_twenty_do_not_exist(level: int) -> None:
    with pytest.raises(ValueError):
        proficiency_bonus(level)


def test_subclass_unlocks_at_level_three() -> None:
    assert [subclass_available(level) for level in (1, 2, 3, 4)] == [False, False, True, True]
