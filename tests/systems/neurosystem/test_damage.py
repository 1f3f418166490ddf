from __future__ import annotations

import pytest

from service.systems.neurosystem.rules import damage, negative_states
from service.systems.neurosystem.rules.reductions import reduction


# -- the defend table: every row's both ends ------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "shift"),
    [
        (-5, 4), (0, 4), (3, 4),
        (4, 3), (6, 3),
        (7, 2), (9, 2),
        (10, 1), (12, 1),
        (13, 0), (15, 0),
        (16, -1), (18, -1),
        (19, -2), (21, -2),
        (22, -3), (40, -3),
    ],
)  # fmt: skip
def test_defend_table_rows_and_boundaries(total: int, shift: int) -> None:
    assert damage.defence_shift(total) == shift


@pytest.mark.parametrize(("total", "after"), [(15, "wounded"), (16, "badly-injured"), (12, "severely-wounded"), (22, None)])
def test_a_defence_moves_the_standard_category(total: int, after: str | None) -> None:
    _, level = damage.defended(damage.severity("wounded"), total)
    assert damage.label(level, mechanical=False) == after


def test_a_defence_cannot_worsen_damage_past_destroyed() -> None:
    assert damage.defended(damage.severity("dead"), 0) == (4, damage.DESTROYED)
    assert damage.defended(damage.severity("severely-wounded"), 5) == (3, damage.DESTROYED)


def test_a_defence_can_reduce_damage_below_lightly_injured_to_nothing() -> None:
    assert damage.defended(damage.severity("lightly-injured"), 16) == (-1, damage.NONE)
    assert damage.defended(damage.severity("badly-injured"), 30) == (-3, damage.NONE)


def test_mitigation_on_a_dodge_improves_it_by_that_many_categories() -> None:
    _, after_check = damage.defended(damage.severity("wounded"), 14)  # standard
    assert damage.reduced(after_check, 2) == damage.severity("lightly-injured")


def test_reductions_come_after_the_destroyed_cap() -> None:
    _, after_check = damage.defended(damage.severity("dead"), 2)
    assert damage.reduced(after_check, 2) == damage.DYING


# -- the attack table: every row's both ends ------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "category"),
    [
        (-3, None), (8, None),
        (9, "lightly-injured"), (14, "lightly-injured"),
        (15, "badly-injured"), (20, "badly-injured"),
        (21, "wounded"), (26, "wounded"),
        (27, "severely-wounded"), (32, "severely-wounded"),
        (33, "dying"), (38, "dying"),
        (39, "dead"), (44, "dead"),
        (45, "destroyed"), (90, "destroyed"),
    ],
)  # fmt: skip
def test_attack_table_rows_and_boundaries(total: int, category: str | None) -> None:
    assert damage.label(damage.attack_severity(total), mechanical=False) == category


def test_mechanical_targets_take_the_equivalent_names() -> None:
    names = [damage.label(damage.attack_severity(t), mechanical=True) for t in (8, 9, 15, 21, 27, 33, 39, 45)]
    assert names == [None, "lightly-damaged", "badly-damaged", "wrecked", "severely-wrecked", "shutting-down", "shut-down", "destroyed"]
    assert damage.severity("wrecked") == damage.severity("wounded") == 3


def test_rulebook_an_attack_of_32_with_mitigation_2_lands_as_badly_injured() -> None:
    found = reduction(mitigation=[2], ideal_range=None, distance=None, protections=[], attack_type=None)
    hit = damage.reduced(damage.attack_severity(32), found.total)
    assert damage.label(damage.attack_severity(32), mechanical=False) == "severely-wounded"
    assert damage.label(hit, mechanical=False) == "badly-injured"


def test_reductions_below_lightly_injured_leave_the_target_uninjured() -> None:
    assert damage.reduced(damage.attack_severity(12), 3) == damage.NONE


# -- the NC damage track -----------------------------------------------------------------------


def test_rulebook_a_badly_injured_nc_hit_for_lightly_injured_becomes_wounded() -> None:
    track, movement = damage.escalate(damage.severity("badly-injured"), damage.severity("lightly-injured"))
    assert damage.label(track, mechanical=False) == "wounded" and movement == "escalated"


def test_rulebook_a_wounded_nc_hit_with_37_becomes_dying() -> None:
    track, movement = damage.escalate(damage.severity("wounded"), damage.attack_severity(37))
    assert damage.label(track, mechanical=False) == "dying" and movement == "jumped"


def test_an_equal_result_also_moves_the_track_one_worse() -> None:
    assert damage.escalate(3, 3) == (4, "escalated")


def test_an_uninjured_result_changes_nothing() -> None:
    assert damage.escalate(3, damage.NONE) == (3, "none")
    assert damage.escalate(damage.NONE, damage.NONE) == (damage.NONE, "none")


def test_an_attack_reduced_to_nothing_does_not_escalate_an_injured_nc() -> None:
    hit = damage.reduced(damage.attack_severity(20), 2)  # badly injured, 2 categories off: nothing
    assert hit == damage.NONE
    assert damage.escalate(damage.severity("wounded"), hit) == (damage.severity("wounded"), "none")


def test_the_track_never_passes_destroyed() -> None:
    assert damage.escalate(damage.DEAD, 2) == (damage.DESTROYED, "escalated")
    assert damage.escalate(damage.DESTROYED, 1) == (damage.DESTROYED, "capped")


# -- player characters hold each category once --------------------------------------------------


def test_rulebook_badly_injured_and_wounded_then_badly_injured_again_is_severely_wounded() -> None:
    after, gained = negative_states.gain_damage(["badly-injured", "wounded"], damage.severity("badly-injured"), mechanical=False)
    assert gained == "severely-wounded"
    assert after == ["badly-injured", "wounded", "severely-wounded"]


def test_a_category_not_held_is_simply_gained() -> None:
    assert negative_states.gain_damage(["dying"], 1, mechanical=False) == (["dying", "lightly-injured"], "lightly-injured")


def test_organic_and_mechanical_names_of_one_severity_are_the_same_category() -> None:
    after, gained = negative_states.gain_damage(["badly-damaged"], damage.severity("badly-injured"), mechanical=False)
    assert gained == "wounded"


def test_a_character_holding_everything_up_to_destroyed_gains_nothing_more() -> None:
    assert damage.suffered({7}, 7) is None
    assert damage.suffered({5, 6}, 5) == 7


def test_no_damage_gains_nothing() -> None:
    assert negative_states.gain_damage(["wounded"], 0, mechanical=False) == (["wounded"], None)
