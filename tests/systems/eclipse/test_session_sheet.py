"""Healing and editing a character's sheet (GM): bounded, validated, and nothing else changes."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from service.systems.eclipse import moves
from service.systems.eclipse.wire.attacks import EclipseDamageInSession
from service.systems.eclipse.wire.sheet import EclipseEditCharacter, EclipseHealInSession
from service.systems.eclipse.wire.success_tests import EclipseTestInSession
from support.dice import d100

from .tables import ANA_SEAT, act, refused, table

HEAL, EDIT = EclipseHealInSession, EclipseEditCharacter


def hurt(amount: int) -> dict:
    s, _ = act(moves.attacks.damage_in_session, table(), EclipseDamageInSession, {"character": "guard", "weapon": {"bonus": amount, "armor": "none"}})
    return s


def test_heal_removes_what_the_gm_says_and_no_more() -> None:
    s = hurt(20)  # wound threshold 8: two wounds
    s, out = act(moves.sheet.heal, s, HEAL, {"character": "guard", "damage": 5, "wounds": 1})
    assert (out.damage_removed, out.wounds_removed, out.damage, out.wounds) == (5, 1, 15, 1)
    s, out = act(moves.sheet.heal, s, HEAL, {"character": "guard", "damage": 99, "wounds": 9})
    assert (out.damage_removed, out.wounds_removed, out.damage, out.wounds) == (15, 1, 0, 0)


def test_healing_below_durability_makes_a_character_active_again() -> None:
    s = hurt(45)  # durability 40
    assert s["characters"]["guard"]["condition"] == "incapacitated"
    s, out = act(moves.sheet.heal, s, HEAL, {"character": "guard", "damage": 6})
    assert (out.damage, out.condition) == (39, "active")


def test_a_healed_wound_is_no_longer_ignored() -> None:
    s = hurt(16)
    s["characters"]["guard"]["ignoredWounds"] = 2
    s, _ = act(moves.sheet.heal, s, HEAL, {"character": "guard", "wounds": 1})
    assert s["characters"]["guard"]["ignoredWounds"] == 1


def test_heal_refusals() -> None:
    dead = hurt(60)  # death rating 60
    assert (refused(moves.sheet.heal, dead, HEAL, {"character": "guard", "damage": 5}).status) == 409
    assert refused(moves.sheet.heal, hurt(5), HEAL, {"character": "guard"}).code == "eclipse/heal"
    assert refused(moves.sheet.heal, hurt(5), HEAL, {"character": "guard", "damage": 1}, ANA_SEAT).code == "eclipse/gm-only"


def test_edit_changes_only_the_given_fields() -> None:
    s = table()
    body = {"character": "ana", "aptitudes": {"ref": 25}, "skills": [{"name": "Guns", "rating": 60}], "armor": {"kinetic": 9}, "rep": [{"network": "x", "score": 20}]}
    s, out = act(moves.sheet.edit_character, s, EDIT, body)
    ana = s["characters"]["ana"]
    assert set(out.changed) == {"aptitudes", "skills", "armor", "rep"}
    assert (ana["aptitudes"]["ref"], ana["aptitudes"]["cog"], ana["skills"]["guns"]["rating"], ana["skills"]["guns"]["aptitude"]) == (25, 20, 60, "ref")
    assert ana["skills"]["guns"]["specialization"] is None  # a replaced skill is the one given
    assert (ana["armor"], ana["rep"]["x"]["score"], ana["rep"]["g"]["score"]) == ({"energy": 4, "kinetic": 9}, 20, 50)
    _, test = act(moves.success_tests.test_in_session, s, EclipseTestInSession, {"character": "ana", "skill": "Guns"}, d100(58))
    assert test.test.target == 60


def test_edit_cuts_pools_to_a_lower_maximum_and_rederives_from_durability() -> None:
    s, out = act(moves.sheet.edit_character, table(), EDIT, {"character": "ana", "pools": {"vigor": 1}, "durability": 50, "damage": 12})
    ana = s["characters"]["ana"]
    assert ana["pools"]["vigor"] == {"current": 1, "max": 1} and ana["pools"]["insight"] == {"current": 2, "max": 2}
    assert (ana["durability"], ana["woundThreshold"], ana["deathRating"], ana["damage"]) == (50, 10, 75, 12)
    s, _ = act(moves.sheet.edit_character, s, EDIT, {"character": "ana", "deathRating": 100, "removeSkills": ["Fray"], "player": ""})
    ana = s["characters"]["ana"]
    assert (ana["deathRating"], ana["woundThreshold"], "fray" in ana["skills"], ana["player"]) == (100, 10, False, None)


def test_edit_refusals_leave_the_sheet_as_it_was() -> None:
    s = table()
    assert refused(moves.sheet.edit_character, s, EDIT, {"character": "ana"}).code == "eclipse/edit-nothing"
    assert refused(moves.sheet.edit_character, s, EDIT, {"character": "ana", "deathRating": 10}).code == "eclipse/invalid-sheet"
    assert refused(moves.sheet.edit_character, s, EDIT, {"character": "ana", "removeSkills": ["Pilot: Space"]}).code == "eclipse/unknown-skill"
    assert refused(moves.sheet.edit_character, s, EDIT, {"character": "ana", "initiative": 9}, ANA_SEAT).code == "eclipse/gm-only"
    with pytest.raises(ValidationError):
        EDIT.model_validate({"character": "ana", "skills": [{"name": "Guns", "rating": -5}]})


def test_an_edit_read_back_from_the_log_changes_the_same_fields() -> None:
    # The log keeps every field of the input, left-out ones as null: they must still change nothing.
    logged = EDIT.model_validate({"character": "ana", "initiative": 9}).model_dump(mode="json", by_alias=True)
    s, out = act(moves.sheet.edit_character, table(), EDIT, logged)
    assert out.changed == ["initiative"] and s["characters"]["ana"]["player"] == "ana"
