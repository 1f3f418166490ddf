"""Personal reactions: six tokens, the control value's share of them, approaches' tokens."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.desert import errors
from service.systems.desert.rules import personal_reactions as personal
from service.systems.desert.wire.reactions import DesertPersonalReactionInput, DesertToken
from service.systems.desert.wire.sheets import DesertApproach
from support.dice import ScriptedStream


def _tokens(*labels: str) -> list[DesertToken]:
    return [DesertToken(label=label, kind="attitude") for label in labels]


# The first personal draw at the wiekhaus: control 2, identity 'intimate'.
TIMUR_FIRST = _tokens("intimate", "intimate", "CZ", "CZ", "authoritative", "authoritative")
# The second one: two 'intimate', three 'CZ' (Sam pushing for it), one 'authoritative'.
TIMUR_SECOND = _tokens("intimate", "intimate", "CZ", "CZ", "CZ", "authoritative")
SPONSORBABY = DesertApproach(approach="sponsorbaby", brand="CZ")


def test_at_control_two_the_draw_holds_two_tokens_of_the_identity() -> None:
    bag = personal.check_bag(TIMUR_FIRST, control=2, controlled_type="intimate", mode="at-least")
    assert personal.count_of(bag, "intimate") == 2


def test_at_control_two_one_identity_token_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        personal.check_bag(_tokens("intimate", "CZ", "CZ", "CZ", "authoritative", "authoritative"), control=2, controlled_type="intimate", mode="at-least")
    assert caught.value.code == errors.CONTROL_TOKENS_MISSING and caught.value.status == 422


def test_labels_compare_without_case_or_spaces() -> None:
    assert personal.count_of(_tokens("Intimate ", "intimate", "CZ"), "INTIMATE") == 2


def test_exactly_rule_refuses_more_than_n_of_the_controlled_type() -> None:
    bag = _tokens("intimate", "intimate", "intimate", "CZ", "CZ", "authoritative")
    assert personal.check_bag(bag, control=2, controlled_type="intimate", mode="at-least")
    with pytest.raises(RuleViolation) as caught:
        personal.check_bag(bag, control=2, controlled_type="intimate", mode="exactly")
    assert caught.value.code == errors.CONTROL_TOKENS_MISSING


def test_a_draw_of_five_tokens_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        personal.check_bag(TIMUR_FIRST[:5], control=2, controlled_type="intimate", mode="at-least")
    assert caught.value.code == errors.BAG_NOT_SIX


def test_a_seventh_token_is_refused_by_the_bag_rule() -> None:
    with pytest.raises(RuleViolation) as caught:
        DesertPersonalReactionInput.model_validate(
            {"tokens": [t.model_dump() for t in TIMUR_FIRST + _tokens("angry")], "control": 2, "controlledType": "intimate"}
        )
    assert caught.value.code == errors.BAG_NOT_SIX and caught.value.status == 422


def test_the_draw_is_one_die_over_the_six_tokens() -> None:
    stream = ScriptedStream(3)
    index, drawn = personal.draw(TIMUR_SECOND, control=2, controlled_type="intimate", stream=stream)
    assert (index, drawn.label, stream.sides) == (2, "CZ", [6])


def test_at_control_six_nothing_is_drawn_and_the_identity_is_the_outcome() -> None:
    bag = personal.check_bag([], control=6, controlled_type="intimate", mode="at-least")
    assert [t.label for t in bag] == ["intimate"] * 6
    stream = ScriptedStream()
    index, drawn = personal.draw(bag, control=6, controlled_type="intimate", stream=stream)
    assert index is None and drawn.label == "intimate" and stream.sides == []


def test_sponsorbaby_brand_token_is_automatic() -> None:
    assert personal.automatic_tokens(SPONSORBABY, with_meeting=False, conduct="in-role") == ["CZ"]
    personal.check_automatic(TIMUR_FIRST, ["CZ"], control=2, controlled_type="intimate")
    with pytest.raises(RuleViolation) as caught:
        personal.check_automatic(_tokens("intimate", "intimate", "a", "a", "b", "b"), ["CZ"], control=2, controlled_type="intimate")
    assert caught.value.code == errors.AUTOMATIC_TOKEN_MISSING


def test_agitator_brings_violent_and_rental_its_role_attitude_with_the_person_met() -> None:
    assert personal.automatic_tokens(DesertApproach(approach="agitator"), with_meeting=False, conduct="in-role") == ["violent"]
    rental = DesertApproach(approach="rental", role_attitude="devoted", meeting="Timur")
    assert personal.automatic_tokens(rental, with_meeting=True, conduct="in-role") == ["devoted"]
    assert personal.automatic_tokens(rental, with_meeting=False, conduct="in-role") == []
    assert personal.automatic_tokens(rental, with_meeting=True, conduct="overdoing") == ["devoted", "obsessive"]
    assert personal.automatic_tokens(rental, with_meeting=True, conduct="broke-character") == ["devoted", "pleading"]


def test_control_tokens_come_first_when_the_bag_has_no_room_left() -> None:
    # At control 5 one token is left: the brand fills it, 'obsessive' cannot also be demanded.
    bag = _tokens("intimate", "intimate", "intimate", "intimate", "intimate", "CZ")
    personal.check_automatic(bag, ["CZ", "obsessive"], control=5, controlled_type="intimate")
    personal.check_automatic(_tokens(*["intimate"] * 6), ["CZ"], control=6, controlled_type="intimate")


def test_brand_coming_up_changes_the_building_identity() -> None:
    assert personal.identity_change(SPONSORBABY, "cz") == "CZ"
    assert personal.identity_change(SPONSORBABY, "intimate") is None
    assert personal.identity_change(DesertApproach(approach="agitator"), "violent") == "violent"
    assert personal.identity_change(DesertApproach(approach="sun"), "violent") is None
    assert personal.identity_change(None, "CZ") is None
