"""Winning: 0 or less bioframe or mainframe health eliminates, so does drawing from an empty main
deck; the last player standing wins; a "you win" card wins at once; 3+ players play on."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from tests.systems.neuroscape.helpers import do, fresh, give_ram, place_character, through_setup, to_substage

THREE = {"players": [{"starterDeck": "gridrunners"}, {"starterDeck": "bastion-choir"}, {"starterDeck": "gridrunners"}],
         "rules": {"swiftChecks": "settle"}}


def test_an_attack_to_zero_bioframe_wins_the_match():
    state = through_setup(fresh())
    state["players"]["seat-2"]["bioframe"] = 2
    courier = place_character(state, "seat-1", "gutter-courier")
    state = to_substage(state, "attack")
    state, result = do(state, "seat-1", "attack", attacks=[{"attacker": courier["id"]}])
    assert state["outcome"] == {"winner": "seat-1", "reason": "last-standing"}
    assert state["players"]["seat-2"]["eliminated"] == "bioframe"
    assert (result["flow"]["stage"], result["flow"]["winner"], result["flow"]["awaiting"]) == ("over", "seat-1", [])
    with pytest.raises(RuleViolation) as over:
        do(state, "seat-1", "pass")
    assert over.value.code == "neuroscape/match-over"


def test_zero_mainframe_health_eliminates():
    state = through_setup(fresh())
    state["players"]["seat-1"]["mainframeHealth"] = 0
    state, result = do(state, "seat-1", "draw", main=1)
    assert state["outcome"] == {"winner": "seat-2", "reason": "last-standing"}
    assert {"kind": "eliminated", "seat": "seat-1", "reason": "mainframe"} in result["events"]


def test_reaching_the_draw_with_an_empty_main_deck_eliminates():
    state = through_setup(fresh())
    state["players"]["seat-2"]["deck"] = {"pile": {}, "bottom": []}
    state = to_substage(state, "deploy", stage="secondary")
    state, result = do(state, "seat-1", "pass")
    assert state["players"]["seat-2"]["eliminated"] == "empty-main-deck"
    assert state["outcome"]["winner"] == "seat-1"


def test_an_empty_ram_deck_alone_does_not_eliminate():
    state = through_setup(fresh())
    state["players"]["seat-1"]["ramDeck"] = {}
    assert state["flow"]["substage"] == "draw" and state["outcome"] is None
    with pytest.raises(RuleViolation) as short:
        do(state, "seat-1", "draw", main=0, ram=1)
    assert short.value.code == "neuroscape/draw-count"


def test_a_mic_drop_card_wins_when_its_condition_holds():
    state = through_setup(fresh())
    give_ram(state, "seat-1", 5)
    for card in ("gutter-courier", "static-moth", "chrome-ferryman", "lantern-saint"):
        place_character(state, "seat-1", card)
    state["players"]["seat-1"]["hand"] += ["crown-of-wires", "ash-tram-ghost"]
    state = to_substage(state, "deploy")
    state, _ = do(state, "seat-1", "deploy", card="crown-of-wires")
    assert state["outcome"] is None  # four characters: not yet
    give_ram(state, "seat-1", 2)
    state, result = do(state, "seat-1", "deploy", card="ash-tram-ghost")
    assert state["outcome"] == {"winner": "seat-1", "reason": "mic-drop"}
    assert result["events"][-2]["kind"] == "mic-drop"


def test_conceding_is_allowed_out_of_turn():
    state = through_setup(fresh())
    state, result = do(state, "seat-2", "concede")
    assert state["outcome"] == {"winner": "seat-1", "reason": "last-standing"}


def test_with_three_players_the_match_goes_on_past_an_elimination():
    state = through_setup(fresh(THREE))
    spare = place_character(state, "seat-2", "rust-oracle")
    state["players"]["seat-3"]["hand"].append("sleepworm")
    state, result = do(state, "seat-2", "concede")
    assert state["outcome"] is None and state["players"]["seat-2"]["eliminated"] == "conceded"
    assert state["players"]["seat-2"]["characters"] == [] and "rust-oracle" in state["players"]["seat-2"]["recycleBin"]
    state = to_substage(state, "deploy", stage="secondary")
    state, _ = do(state, "seat-1", "pass")
    assert state["flow"]["active"] == "seat-3"  # seat-2 is skipped
    with pytest.raises(RuleViolation) as gone:
        do(state, "seat-2", "pass")
    assert gone.value.code == "neuroscape/eliminated" and spare["id"]


def test_the_active_player_leaving_ends_its_turn():
    state = through_setup(fresh(THREE))
    state, result = do(state, "seat-1", "concede")
    assert (state["flow"]["active"], state["flow"]["turn"], state["flow"]["substage"]) == ("seat-2", 2, "draw")


def test_attacks_need_a_target_with_several_opponents():
    state = through_setup(fresh(THREE))
    courier = place_character(state, "seat-1", "gutter-courier")
    state = to_substage(state, "attack")
    with pytest.raises(RuleViolation) as vague:
        do(state, "seat-1", "attack", attacks=[{"attacker": courier["id"]}])
    assert vague.value.code == "neuroscape/wrong-target"
    state, _ = do(state, "seat-1", "attack", attacks=[{"attacker": courier["id"], "target": "seat-3"}])
    assert state["players"]["seat-3"]["bioframe"] == 21 and state["players"]["seat-2"]["bioframe"] == 20
