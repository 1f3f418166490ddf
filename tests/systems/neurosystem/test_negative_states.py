from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.neurosystem import errors
from service.systems.neurosystem.rules import negative_states
from service.systems.neurosystem.wire.table import NeurosystemCharacter


def _character(**extra) -> NeurosystemCharacter:
    return NeurosystemCharacter(
        id="vex", name="Vex", stats=[{"category": "style", "name": "Cool", "rating": "d8"}], resolve=2, resolve_max=3, **extra
    )


def test_negative_states_are_carried_once_each() -> None:
    who = negative_states.add_state(_character(), "radiation sickness")
    with pytest.raises(RuleViolation) as caught:
        negative_states.add_state(who, "Radiation  Sickness")
    assert caught.value.code == errors.STATE_ALREADY_HELD and caught.value.status == 409


def test_damage_categories_come_through_the_damage_rules() -> None:
    with pytest.raises(RuleViolation) as caught:
        negative_states.add_state(_character(), "Badly Injured")
    assert caught.value.code == errors.DAMAGE_NEEDS_DAMAGE_RULES


def test_curing_a_state_not_carried_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        negative_states.remove_state(_character(), "deep cold")
    assert caught.value.code == errors.STATE_NOT_HELD


def test_starting_to_die_starts_the_dying_count_afresh_and_curing_it_clears_it() -> None:
    who = _character(negative_states=["wounded"], scenes_dying=4, death_span=6, death_measured_scene=2)
    dying, gained = negative_states.take_damage(who, 5, mechanical=False)
    assert gained == "dying" and (dying.scenes_dying, dying.death_span, dying.death_measured_scene) == (0, 0, None)
    counted = dying.model_copy(update={"scenes_dying": 2, "death_span": 3})
    cured = negative_states.remove_state(counted, "dying")
    assert "dying" not in cured.negative_states and (cured.scenes_dying, cured.death_span) == (0, 0)


def test_damage_names_are_stored_canonically() -> None:
    assert negative_states.normalized(["Badly Injured", "deep  cold"]) == ["badly-injured", "deep cold"]
    with pytest.raises(RuleViolation) as caught:
        negative_states.normalized(["wounded", "Wounded"])
    # Listing a state twice is the request's fault (422), unlike giving one already held (409).
    assert (caught.value.code, caught.value.status) == (errors.DUPLICATE_STATE, 422)


def test_a_mechanical_hit_on_a_character_uses_the_mechanical_name() -> None:
    who, gained = negative_states.take_damage(_character(), 5, mechanical=True)
    assert gained == "shutting-down" and negative_states.is_dying(who.negative_states)
    assert negative_states.dying_is_mechanical(who.negative_states)
