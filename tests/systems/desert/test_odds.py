"""Exact odds of the desert's draws and rolls: by hand from the play chapter's numbers, and against the draw."""

from __future__ import annotations

import inspect
from collections import Counter
from fractions import Fraction

import pytest

from service.declare import load_state
from service.errors import RuleViolation
from service.systems.desert.moves import approaches, encounters, movement, reactions, security_logs
from service.systems.desert.moves import table as table_actions
from service.systems.desert.rules.reaction_odds import reaction_label
from service.systems.desert.state import DesertState
from service.systems.desert.wire import movement as wire_movement
from service.systems.desert.wire import reactions as wire_reactions
from service.systems.desert.wire import security_logs as wire_security_logs
from service.systems.desert.wire import table as wire_table
from service.systems.desert.wire.approaches import DesertApproachPick
from service.systems.desert.wire.encounters import DesertEncounterInput
from service.systems.desert.wire.refs import DesertCharacterRef
from support.dice import ScriptedStream
from support.odds import assert_agrees, sampled

from .examples import ANA, ENCOUNTERS, table

def _building(**fields: object) -> wire_reactions.DesertBuildingReactionInput:
    return wire_reactions.DesertBuildingReactionInput.model_validate({"checkboxes": ["tracking"], **fields})


def test_the_garden_bag_of_one_blue_one_orange_and_four_blanks() -> None:
    # The play chapter's draw: 1 blue, 1 orange (volunteered video), 4 blanks, each token 1 in 6.
    # Blue at control 2, side positive, first blue here: positive reaction 1 and control 3.
    # Orange: a d6 picks one of the six reactions (1/36 each) and control drops to 1.
    exact = reactions.building_reaction_odds(_building(volunteered=["video"], control=2, onBlue="positive"))
    assert dict(exact["drawn"].chances) == {"blue": Fraction(1, 6), "red": 0, "orange": Fraction(1, 6), "blank": Fraction(2, 3)}
    reaction = dict(exact["reaction"].chances)
    assert reaction["positive-1"] == Fraction(1, 6) + Fraction(1, 36)
    assert reaction["negative-3"] == Fraction(1, 36) and reaction["no-reaction"] == Fraction(2, 3)
    assert dict(exact["controlAfter"].chances) == {1: Fraction(1, 6), 2: Fraction(2, 3), 3: Fraction(1, 6)}


def test_a_blue_without_a_side_escalates_but_leaves_the_side_pending() -> None:
    # Third blue here: step 3 whatever came before; control 6 stays 6.
    exact = reactions.building_reaction_odds(_building(control=6, bluesBefore=4))
    assert exact["reaction"].probability("step-3-pending") == Fraction(1, 6)
    assert exact["controlAfter"].probability(6) == 1


def test_personal_draw_from_the_play_chapter() -> None:
    # Control 2: 2 'intimate', 2 'CZ', 2 'authoritative': each 1/3; Sam promotes CZ, so a CZ token
    # turns the identity with 1/3. Then 2 'intimate', 3 'CZ', 1 'authoritative': CZ comes up 1/2.
    sam = {"approach": "sponsorbaby", "brand": "CZ"}
    tokens = [{"label": label} for label in ("intimate", "intimate", "CZ", "CZ", "authoritative", "authoritative")]
    params = wire_reactions.DesertPersonalReactionInput.model_validate({"tokens": tokens, "control": 2, "controlledType": "intimate", "approach": sam})
    exact = reactions.personal_reaction_odds(params)
    assert dict(exact["drawn"].chances) == {"intimate": Fraction(1, 3), "CZ": Fraction(1, 3), "authoritative": Fraction(1, 3)}
    assert dict(exact["identityAfter"].chances) == {"intimate": Fraction(2, 3), "CZ": Fraction(1, 3)}
    second = [{"label": label} for label in ("intimate", "intimate", "CZ", "CZ", "CZ", "authoritative")]
    again = reactions.personal_reaction_odds(params.model_copy(update={"tokens": [wire_reactions.DesertToken.model_validate(t) for t in second]}))
    assert again["drawn"].probability("CZ") == Fraction(1, 2)


def test_at_control_6_nothing_is_drawn_and_the_controlled_type_is_the_outcome() -> None:
    params = wire_reactions.DesertPersonalReactionInput.model_validate({"tokens": [], "control": 6, "controlledType": "violent"})
    assert reactions.personal_reaction_odds(params)["drawn"].probability("violent") == 1


def test_a_bag_the_draw_refuses_is_refused_by_the_odds() -> None:
    tokens = [{"label": "a"}] * 6
    params = wire_reactions.DesertPersonalReactionInput.model_validate({"tokens": tokens, "control": 2, "controlledType": "intimate"})
    with pytest.raises(RuleViolation):
        reactions.personal_reaction_odds(params)


@pytest.mark.parametrize(("district_type", "chance"), [(1, Fraction(1, 6)), (2, Fraction(1, 3)), (6, Fraction(1))])
def test_a_district_encounter_takes_place_on_its_type_or_lower(district_type: int, chance: Fraction) -> None:
    exact = encounters.encounter_odds(DesertEncounterInput(district_type=district_type))
    assert exact["encounter"].probability("encounter") == chance


@pytest.mark.parametrize(("now", "chance"), [("daytime", Fraction(1, 3)), ("evening", Fraction(1, 3)), ("past-midnight", Fraction(1, 3))])
def test_a_building_encounter_takes_place_only_at_its_time_of_day(now: str, chance: Fraction) -> None:
    # The wiekhaus table: two daytime, two evening, two past-midnight entries.
    exact = encounters.encounter_odds(DesertEncounterInput.model_validate({"table": ENCOUNTERS, "timeOfDay": now}))
    assert exact["encounter"].probability("encounter") == chance
    if now == "evening":
        assert exact["entry"].probability(ENCOUNTERS[1]["encounter"]) == Fraction(1, 6)
    days_only = [{**entry, "timeOfDay": "daytime"} for entry in ENCOUNTERS]
    if now != "daytime":
        never = encounters.encounter_odds(DesertEncounterInput.model_validate({"table": days_only, "timeOfDay": now}))
        assert never["encounter"].probability("encounter") == 0


def test_a_rolled_approach_is_each_of_six_one_time_in_six() -> None:
    rolled = approaches.rolled_approach_odds(DesertApproachPick(pick="roll"))["approach"]
    assert all(p == Fraction(1, 6) for _, p in rolled.chances) and len(rolled.chances) == 6
    assert approaches.rolled_approach_odds(DesertApproachPick(pick="esper"))["approach"].probability("esper") == 1


# -- the draws agree --------------------------------------------------------------------------------


def test_building_reaction_odds_agree_with_the_draw() -> None:
    params = _building(checkboxes=["tracking", "access", "access"], bypassed=["tracking"], volunteered=["video", "neuro"], control=1, bluesBefore=1)
    exact = reactions.building_reaction_odds(params)
    seen = sampled(lambda stream: (lambda d: (d.drawn, reaction_label(d.reaction), d.control_after))(reactions.resolve_building_reaction(params, stream)), 3000)
    for position, name in enumerate(("drawn", "reaction", "controlAfter")):
        assert_agrees(exact[name], Counter(outcome[position] for outcome in seen.elements()))


def test_personal_reaction_odds_agree_with_the_draw() -> None:
    tokens = [{"label": label} for label in ("violent", "violent", "calm", "x", "x", "x")]
    params = wire_reactions.DesertPersonalReactionInput.model_validate(
        {"tokens": tokens, "control": 1, "controlledType": "calm", "approach": {"approach": "agitator"}}
    )
    exact = reactions.personal_reaction_odds(params)
    seen = sampled(lambda stream: reactions.resolve_personal_reaction(params, stream).drawn.label, 3000)
    assert_agrees(exact["drawn"], seen)
    assert exact["identityAfter"].probability("violent") == Fraction(1, 3)


def test_encounter_and_approach_odds_agree_with_the_roll() -> None:
    params = DesertEncounterInput.model_validate({"table": ENCOUNTERS, "timeOfDay": "evening"})
    exact = encounters.encounter_odds(params)
    seen = sampled(lambda stream: (lambda r: r.encounter if r.happened else "no-encounter")(encounters.resolve_encounter(params, stream)), 3000)
    assert_agrees(exact["entry"], seen)
    district = DesertEncounterInput(district_type=4)
    seen = sampled(lambda stream: "encounter" if encounters.resolve_encounter(district, stream).happened else "no-encounter", 3000)
    assert_agrees(encounters.encounter_odds(district)["encounter"], seen)
    roll = DesertApproachPick(pick="roll")
    assert_agrees(approaches.rolled_approach_odds(roll)["approach"], sampled(lambda stream: approaches.resolve_approach(roll, stream).approach, 3000))


# -- at the table ---------------------------------------------------------------------------------


def _act(state: DesertState, handler, model, data: dict, *faces: int) -> DesertState:
    if "stream" in inspect.signature(handler).parameters:
        return handler(state, model.model_validate(data), ScriptedStream(*faces), ANA)[0]
    return handler(state, model.model_validate(data), ANA)[0]


def _held() -> DesertState:
    """Ana holds Sam at the table of the play chapter (evening)."""
    return _act(load_state(DesertState, table()), table_actions.hold, wire_table.DesertHoldInput, {"character": "sam"})


def test_moving_into_the_garden_rolls_its_encounter_table_for_the_evening() -> None:
    # Entries 2 and 5 are evening ones: 2 in 6; moving without the roll makes certainly none.
    state = _held()
    move = wire_movement.DesertMoveInput.model_validate({"to": {"building": "wiek", "section": 1}})
    exact = movement.move_odds(state, move, ANA)
    assert exact["encounter"].probability("encounter") == Fraction(1, 3)
    seen = sampled(lambda stream: (lambda r: r.encounter.happened if r.encounter else None)(movement.move(state, move, stream, ANA)[1]), 3000)
    assert_agrees(exact["encounter"], Counter({("encounter" if k else "no-encounter"): n for k, n in seen.items()}))
    quiet = move.model_copy(update={"roll_encounter": False})
    assert movement.move_odds(state, quiet, ANA)["encounter"].probability("no-encounter") == 1


def test_table_reactions_and_encounters_read_the_screen_and_the_sheet() -> None:
    state = _act(_held(), movement.move, wire_movement.DesertMoveInput, {"to": {"building": "wiek", "section": 1}, "rollEncounter": False})
    ref = DesertCharacterRef(character="sam")
    assert encounters.encounter_odds_at_table(state, ref, ANA)["encounter"].probability("encounter") == Fraction(1, 3)
    at_table = wire_reactions.DesertBuildingReactionAtTableInput(on_blue="negative")
    with pytest.raises(RuleViolation):  # Tracking's blue still wants a statement first, as the draw does
        reactions.building_reaction_odds_at_table(state, at_table, ANA)
    state = _act(state, security_logs.make_statement, wire_security_logs.DesertStatementInput, {"category": "tracking", "text": "I stay put"})
    state = _act(state, security_logs.make_statement, wire_security_logs.DesertStatementInput, {"category": "video", "text": "loitering"})
    exact = reactions.building_reaction_odds_at_table(state, at_table, ANA)
    assert exact["drawn"].probability("orange") == Fraction(1, 6) and exact["reaction"].probability("negative-1") == Fraction(1, 6) + Fraction(1, 36)
    seen = sampled(lambda stream: reaction_label(reactions.building_reaction(state, at_table, stream, ANA)[1].reaction), 3000)
    assert_agrees(exact["reaction"], seen)


def test_session_odds_through_the_registry_leave_the_stored_table_as_it_was() -> None:
    import copy

    from service.declare import dump_state
    from service.systems import build_registry

    mechanic = build_registry().mechanics["desert/move"]
    assert mechanic.session_odds is not None
    stored = dump_state(DesertState, _held())
    before = copy.deepcopy(stored)
    move = wire_movement.DesertMoveInput.model_validate({"to": {"district": "old-town"}})
    # The entertainment district is of type 2: an encounter on 1 or 2 of a d6.
    assert mechanic.session_odds(stored, move, ANA)["encounter"].probability("encounter") == Fraction(1, 3)
    assert stored == before
