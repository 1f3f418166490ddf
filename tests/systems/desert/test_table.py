"""The shared table without HTTP: held characters, moving, security logs, draws and cards."""

from __future__ import annotations

import copy
import inspect

import pytest

from service.declare import dump_state, load_state
from service.errors import RuleViolation
from service.systems.desert.state import DesertState
from service.systems.desert import errors
from service.systems.desert.moves import clock as table_clock
from service.systems.desert.moves import approaches, consequences, encounters, memory_logs, movement, reactions, security_logs, sharing
from service.systems.desert.moves import table as table_actions
from service.systems.desert.wire import approaches as wire_approaches
from service.systems.desert.wire import clock as wire_clock
from service.systems.desert.wire import consequences as wire_consequences
from service.systems.desert.wire import memory_logs as wire_memory_logs
from service.systems.desert.wire import movement as wire_movement
from service.systems.desert.wire import reactions as wire_reactions
from service.systems.desert.wire import refs as wire_refs
from service.systems.desert.wire import security_logs as wire_security_logs
from service.systems.desert.wire import sharing as wire_sharing
from service.systems.desert.wire import table as wire_table
from support.dice import ScriptedStream

from .examples import ANA, BEN, table


def _run(handler, state: dict, params, faces: tuple[int, ...], actor):
    """Call a handler on the typed state loaded from `state`; that state must come back untouched."""
    typed = load_state(DesertState, state)
    before = copy.deepcopy(typed.model_dump())
    try:
        if "stream" in inspect.signature(handler).parameters:
            return handler(typed, params, ScriptedStream(*faces), actor)
        return handler(typed, params, actor)
    finally:
        assert typed.model_dump() == before, "a handler changed the state it was given"


def act(state: dict, handler, model, data: dict, *faces: int, actor=ANA) -> tuple[dict, dict]:
    """Run one session handler over the stored state; returns the new stored state and the result."""
    new, result = _run(handler, state, model.model_validate(data), faces, actor)
    return dump_state(DesertState, new), result.model_dump(mode="json", by_alias=True)


def refused(state: dict, handler, model, data: dict, *faces: int, actor=ANA) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        _run(handler, state, model.model_validate(data), faces, actor)
    return caught.value


def at_garden(**changes) -> dict:
    """Ana holds Sam, who is in the wiekhaus garden (no encounter roll)."""
    state, _ = act(table(**changes), table_actions.hold, wire_table.DesertHoldInput, {"character": "sam"})
    state, _ = act(state, movement.move, wire_movement.DesertMoveInput, {"to": {"building": "wiek", "section": 1}, "rollEncounter": False})
    return state


def said(state: dict, category: str, text: str, **extra) -> dict:
    return act(state, security_logs.make_statement, wire_security_logs.DesertStatementInput, {"category": category, "text": text, **extra})[0]


def draw(state: dict, *faces: int, **extra) -> tuple[dict, dict]:
    return act(state, reactions.building_reaction, wire_reactions.DesertBuildingReactionAtTableInput, extra, *faces)


# -- held characters ----------------------------------------------------------------------------


def test_each_seat_holds_one_character_and_may_swap_for_an_unheld_one() -> None:
    state, held = act(table(), table_actions.hold, wire_table.DesertHoldInput, {"character": "sam"})
    assert held == {"seat": "seat-1", "character": "sam", "released": None}
    state, held = act(state, table_actions.hold, wire_table.DesertHoldInput, {"character": "marin"})
    assert held["released"] == "sam" and state["held"] == {"seat-1": "marin"}
    assert refused(state, table_actions.hold, wire_table.DesertHoldInput, {"character": "marin"}, actor=BEN).code == errors.ALREADY_HELD


def test_only_the_holding_seat_plays_a_held_character() -> None:
    state = at_garden()
    refusal = refused(state, security_logs.make_statement, wire_security_logs.DesertStatementInput, {"character": "sam", "category": "tracking", "text": "x"}, actor=BEN)
    assert refusal.code == errors.NOT_YOUR_CHARACTER and refusal.status == 403
    relaxed = at_garden(rules={"onlyHolderActs": False})
    act(relaxed, security_logs.make_statement, wire_security_logs.DesertStatementInput, {"character": "sam", "category": "tracking", "text": "x"}, actor=BEN)


def test_any_seat_may_ask_for_a_reaction_to_a_held_character() -> None:
    state = said(at_garden(), "tracking", "I stay put")
    _, result = act(state, reactions.building_reaction, wire_reactions.DesertBuildingReactionAtTableInput, {"character": "sam"}, 2, actor=BEN)
    assert result["drawn"] == "blank"


def test_unheld_characters_get_no_reaction_draws() -> None:
    state = at_garden()
    state, _ = act(state, table_actions.hold, wire_table.DesertHoldInput, {"character": "timur"})
    assert refused(state, reactions.building_reaction, wire_reactions.DesertBuildingReactionAtTableInput, {"character": "sam"}).code == errors.NOT_HELD


# -- the worked example --------------------------------------------------------------------------


def test_garden_reaction_of_the_worked_example() -> None:
    state = said(at_garden(), "tracking", "I stay put")
    state = said(state, "video", "I make a show of loitering by the arch")
    state, result = draw(state, 1, onBlue="positive")
    assert result["bag"] == ["blue", "blank", "blank", "blank", "orange", "blank"]
    assert (result["drawn"], result["controlBefore"], result["controlAfter"]) == ("blue", 1, 2)
    assert result["reaction"]["text"] == "display"
    assert state["buildings"]["wiek"]["control"] == 2
    assert state["reactions"]["sam"]["building:wiek:1"]["blues"] == 1


def test_wall_reaction_two_blues_four_blanks_and_a_blank_does_nothing() -> None:
    state = said(at_garden(), "tracking", "I stay put")
    state, _ = draw(state, 2)
    state, moved = act(state, movement.move, wire_movement.DesertMoveInput, {"to": {"building": "wiek", "section": 2}, "rollEncounter": False})
    assert moved["screen"]["requiredStatements"] == ["tracking", "access"]
    state = said(state, "tracking", "up the old staircase")
    state = said(state, "access", "I am Sam")
    state, result = draw(state, 4)
    assert result["bag"] == ["blue", "blue", "blank", "blank", "blank", "blank"]
    assert result["drawn"] == "blank" and result["reaction"] is None and result["controlAfter"] == 1


# -- statements, bypasses and hackers -------------------------------------------------------------


def test_draw_waits_for_the_required_statements() -> None:
    refusal = refused(at_garden(), reactions.building_reaction, wire_reactions.DesertBuildingReactionAtTableInput, {})
    assert refusal.code == errors.STATEMENT_MISSING and refusal.extra["missing"] == ["tracking"]
    _, result = draw(at_garden(rules={"requireStatements": False}), 1, onBlue="negative")
    assert result["reaction"]["text"] == "tag"


def test_bypass_puts_a_red_token_in_the_bag() -> None:
    state, change = act(at_garden(), security_logs.bypass, wire_security_logs.DesertBypassInput, {"category": "tracking", "how": "I walk in the thermal imager's blind spot"})
    assert change["screen"]["categories"][0]["red"] == 1 and change["screen"]["requiredStatements"] == []
    _, result = draw(state, 1)
    assert result["bag"][0] == "red" and result["drawn"] == "red" and result["controlAfter"] == 1
    assert refused(state, security_logs.bypass, wire_security_logs.DesertBypassInput, {"category": "tracking", "how": "again"}).code == errors.NOTHING_TO_BYPASS


def test_hacker_strike_turns_the_blue_red_and_a_rewrite_keeps_it() -> None:
    state = said(at_garden(), "tracking", "I stay put")
    hack = {"hacker": "marin", "securityLog": "log-1", "entry": "entry-1"}
    rewritten, change = act(state, security_logs.hack, wire_security_logs.DesertHackInput, {**hack, "action": "rewrite", "text": "I went home"}, actor=BEN)
    assert change["entry"]["text"] == "I went home" and change["entry"]["originalText"] == "I stay put"
    assert change["screen"]["categories"][0]["blue"] == 1
    struck, change = act(state, security_logs.hack, wire_security_logs.DesertHackInput, {**hack, "action": "strike"}, actor=BEN)
    assert change["entry"]["struck"] and change["screen"]["categories"][0]["red"] == 1
    _, result = draw(struck, 1)
    assert result["bag"][0] == "red"


def test_a_logs_slots_read_as_its_screen_for_the_draw() -> None:
    # The draw reads the log's slots; the screen shown is built from the same ones.
    from service.systems.desert.rules import security_logs as logs
    from service.systems.desert.state import log_of

    state = said(at_garden(rules={"requireStatements": False}), "video", "I loiter by the camera")  # a free category: orange
    state, _ = act(state, security_logs.bypass, wire_security_logs.DesertBypassInput, {"category": "tracking", "how": "in the blind spot"})
    typed = load_state(DesertState, state)
    log = log_of(typed, typed.characters["sam"])
    source, slots = logs.log_slots(typed, log)
    shown = logs.log_screen(typed, log)
    assert source == shown.source and [(s.category, s.blue, s.red, s.free) for s in slots] == [
        (s.category, s.blue, s.red, s.free) for s in shown.categories
    ]
    assert logs.volunteered(log, slots) == logs.volunteered(log, shown.categories) == ["video"]
    assert logs.missing_statements(log, slots) == logs.missing_statements(log, shown.categories) == shown.required_statements == []
    _, result = draw(state, 5, 2)  # the orange token, then its reaction's d6
    assert result["bag"] == ["red", "blank", "blank", "blank", "orange", "blank"] and result["screen"] == shown.model_dump(mode="json", by_alias=True)


def test_only_hackers_edit_security_logs() -> None:
    state = said(at_garden(), "tracking", "I stay put")
    refusal = refused(state, security_logs.hack, wire_security_logs.DesertHackInput, {"hacker": "timur", "securityLog": "log-1", "entry": "entry-1", "action": "strike"}, actor=BEN)
    assert refusal.code == errors.NOT_A_HACKER


# -- escalation and moving ------------------------------------------------------------------------


def test_blue_reactions_escalate_for_the_character_at_the_location_and_reset_on_moving() -> None:
    state = said(at_garden(rules={"requireStatements": False}), "tracking", "I stay put")
    texts = []
    for _ in range(3):
        state, result = draw(state, 1, onBlue="negative")
        texts.append(result["reaction"]["text"])
    assert texts == ["tag", "call", "disable"] and state["buildings"]["wiek"]["control"] == 4
    state, _ = act(state, movement.move, wire_movement.DesertMoveInput, {"to": {"building": "wiek", "section": 3}, "rollEncounter": False})
    state, result = draw(state, 1, onBlue="negative")
    assert result["reaction"]["step"] == 1


def test_moving_before_the_reaction_is_refused() -> None:
    refusal = refused(at_garden(), movement.move, wire_movement.DesertMoveInput, {"to": {"district": "old-town"}})
    assert refusal.code == errors.REACTION_REQUIRED and refusal.status == 409


def test_a_blue_awaiting_its_side_blocks_the_next_draw_and_moving() -> None:
    state = said(at_garden(), "tracking", "I stay put")
    state, result = draw(state, 1)
    assert result["reaction"]["pending"]
    assert refused(state, reactions.building_reaction, wire_reactions.DesertBuildingReactionAtTableInput, {}).code == errors.CHOICE_PENDING
    assert refused(state, movement.move, wire_movement.DesertMoveInput, {"to": {"district": "old-town"}}).code == errors.CHOICE_PENDING
    state, chosen = act(state, reactions.choose_reaction, wire_reactions.DesertChooseReactionInput, {"character": "sam", "side": "positive"}, actor=BEN)
    assert chosen["reaction"]["text"] == "display"
    act(state, movement.move, wire_movement.DesertMoveInput, {"to": {"district": "old-town"}, "rollEncounter": False})


def test_moving_to_an_unknown_section_is_refused() -> None:
    state = table()
    state, _ = act(state, table_actions.hold, wire_table.DesertHoldInput, {"character": "sam"})
    assert refused(state, movement.move, wire_movement.DesertMoveInput, {"to": {"building": "wiek", "section": 9}}).code == errors.UNKNOWN_SECTION


# -- encounters -----------------------------------------------------------------------------------


def test_building_encounter_rolls_on_each_new_section_until_one_takes_place() -> None:
    state, _ = act(table(), table_actions.hold, wire_table.DesertHoldInput, {"character": "sam"})
    # Evening: face 3 is a past-midnight entry, so nothing happens in the garden.
    state, moved = act(state, movement.move, wire_movement.DesertMoveInput, {"to": {"building": "wiek", "section": 1}}, 3)
    assert moved["encounter"]["face"] == 3 and not moved["encounter"]["happened"]
    state = said(state, "tracking", "I stay put")
    state, _ = draw(state, 2)
    state, moved = act(state, movement.move, wire_movement.DesertMoveInput, {"to": {"building": "wiek", "section": 2}}, 2)
    assert moved["encounter"]["happened"] and "flowerprint" in moved["encounter"]["encounter"]
    state = said(said(state, "tracking", "up"), "access", "Sam")
    state, _ = draw(state, 3)
    state, moved = act(state, movement.move, wire_movement.DesertMoveInput, {"to": {"building": "wiek", "section": 3}})
    assert moved["encounter"] is None
    assert refused(state, encounters.encounter, wire_refs.DesertCharacterRef, {}, 1).code == errors.ENCOUNTER_ALREADY_HAPPENED


def test_district_encounter_is_rolled_once_per_day() -> None:
    state, _ = act(table(), table_actions.hold, wire_table.DesertHoldInput, {"character": "sam"})
    state, moved = act(state, movement.move, wire_movement.DesertMoveInput, {"to": {"district": "old-town"}}, 2)
    assert moved["encounter"] == {"kind": "district", "face": 2, "happened": True, "encounter": None, "timeOfDay": None, "timeFits": None}
    assert refused(state, encounters.encounter, wire_refs.DesertCharacterRef, {}, 1).code == errors.ENCOUNTER_ALREADY_ROLLED
    state, clock = act(state, table_clock.advance_time, wire_clock.DesertAdvanceTimeInput, {"to": "daytime"})
    assert clock == {"day": 2, "timeOfDay": "daytime"}
    _, rolled = act(state, encounters.encounter, wire_refs.DesertCharacterRef, {}, 3)
    assert rolled["day"] == 2 and not rolled["happened"]


# -- personal reactions at the table -------------------------------------------------------------


def _tokens(*labels: str) -> list[dict]:
    return [{"label": label} for label in labels]


def test_personal_draw_uses_the_location_control_and_identity() -> None:
    state = said(at_garden(), "tracking", "I stay put")
    state, _ = draw(state, 1, onBlue="positive")  # control 1 → 2
    first = {"tokens": _tokens("intimate", "intimate", "CZ", "CZ", "authoritative", "authoritative"), "withPerson": "timur"}
    refusal = refused(state, reactions.personal_reaction, wire_reactions.DesertPersonalReactionAtTableInput, {**first, "tokens": _tokens("intimate", "CZ", "CZ", "CZ", "a", "a")})
    assert refusal.code == errors.CONTROL_TOKENS_MISSING
    state, result = act(state, reactions.personal_reaction, wire_reactions.DesertPersonalReactionAtTableInput, first, 1)
    assert (result["control"], result["controlledType"], result["controlledCount"]) == (2, "intimate", 2)
    assert result["drawn"]["label"] == "intimate" and result["identityChange"] is None


def test_sponsorbaby_brand_coming_up_changes_the_building_identity() -> None:
    state = said(at_garden(), "tracking", "I stay put")
    state, _ = draw(state, 1, onBlue="positive")
    second = {"tokens": _tokens("intimate", "intimate", "CZ", "CZ", "CZ", "authoritative"), "withPerson": "timur"}
    state, result = act(state, reactions.personal_reaction, wire_reactions.DesertPersonalReactionAtTableInput, second, 4)
    assert result["drawn"]["label"] == "CZ"
    assert result["identityChange"] == {"before": "intimate", "after": "CZ", "applied": True}
    assert state["buildings"]["wiek"]["identity"] == "CZ"


def test_sponsorbaby_draw_without_the_brand_token_is_refused() -> None:
    refusal = refused(at_garden(), reactions.personal_reaction, wire_reactions.DesertPersonalReactionAtTableInput, {"tokens": _tokens("intimate", "a", "a", "b", "b", "c")})
    assert refusal.code == errors.AUTOMATIC_TOKEN_MISSING


# -- memory logs, consequences, approaches, new places -------------------------------------------------


def test_memory_log_goes_public_only_with_everyone_elses_consent() -> None:
    state = said(at_garden(), "tracking", "by the arch with Timur", featuring=["timur"])
    refusal = refused(state, memory_logs.keep_memory_log, wire_memory_logs.DesertKeepMemoryLogInput, {"securityLog": "log-1"})
    assert refusal.code == errors.LOG_NOT_COMPILED
    state, _ = draw(state, 2)
    refusal = refused(state, memory_logs.keep_memory_log, wire_memory_logs.DesertKeepMemoryLogInput, {"securityLog": "log-1", "access": "public"})
    assert refusal.code == errors.CONSENT_MISSING and refusal.extra["missing"] == ["timur"]
    state, memory = act(state, memory_logs.keep_memory_log, wire_memory_logs.DesertKeepMemoryLogInput, {"securityLog": "log-1"})
    assert memory["access"] == "private" and memory["featuring"] == ["timur"]
    assert refused(state, sharing.set_access, wire_sharing.DesertAccessInput, {"memoryLog": "memory-1", "access": "public"}).code == errors.CONSENT_MISSING
    state, memory = act(state, sharing.consent, wire_sharing.DesertConsentInput, {"memoryLog": "memory-1", "character": "timur"}, actor=BEN)
    assert memory["consents"] == ["timur"]
    state, memory = act(state, sharing.set_access, wire_sharing.DesertAccessInput, {"memoryLog": "memory-1", "access": "public"})
    assert state["memoryLogs"]["memory-1"]["access"] == "public"


def test_consequence_cards_name_a_held_character() -> None:
    state, card = act(at_garden(), consequences.add_consequence, wire_consequences.DesertConsequenceInput, {"character": "sam", "text": "CZ sends a stylist", "when": "tomorrow"}, actor=BEN)
    assert card["id"] == "consequence-1" and state["consequences"][0]["text"] == "CZ sends a stylist"
    state, card = act(state, consequences.settle_consequence, wire_consequences.DesertSettleInput, {"consequence": "consequence-1"})
    assert card["settled"]
    assert refused(state, consequences.add_consequence, wire_consequences.DesertConsequenceInput, {"character": "timur", "text": "x", "when": "y"}).code == errors.NOT_HELD


def test_approach_in_a_session_sets_the_character_approach() -> None:
    state, result = act(at_garden(), approaches.approach, wire_approaches.DesertApproachChoice, {"character": "marin", "pick": "rental", "roleAttitude": "devoted", "meeting": "Timur"}, actor=BEN)
    assert result["face"] is None and state["characters"]["marin"]["approach"]["roleAttitude"] == "devoted"
    state, result = act(state, approaches.approach, wire_approaches.DesertApproachChoice, {"pick": "roll"}, 6)
    assert result["approach"] == "agitator" and state["characters"]["sam"]["approach"]["approach"] == "agitator"


def test_time_runs_daytime_evening_past_midnight_then_a_new_day() -> None:
    state, clock = act(table(), table_clock.advance_time, wire_clock.DesertAdvanceTimeInput, {})
    assert clock == {"day": 1, "timeOfDay": "past-midnight"}
    state, clock = act(state, table_clock.advance_time, wire_clock.DesertAdvanceTimeInput, {})
    assert clock == {"day": 2, "timeOfDay": "daytime"}


def test_new_buildings_and_characters_join_the_table() -> None:
    from .examples import WIEK

    state, added = act(table(), table_actions.add_building, wire_table.DesertAddBuildingInput, {"building": {**WIEK, "id": "tower"}})
    assert [s["requiredStatements"] for s in added["screens"]] == [["tracking"], ["tracking", "access"], ["tracking"]]
    assert refused(state, table_actions.add_building, wire_table.DesertAddBuildingInput, {"building": WIEK}).code == errors.DUPLICATE_ID
    state, added = act(state, table_actions.add_character, wire_table.DesertAddCharacterInput, {"character": {"id": "lou", "name": "Lou"}, "hold": True})
    assert added["heldBy"] == "seat-1" and state["held"]["seat-1"] == "lou"
