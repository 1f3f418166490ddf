"""The mainframe's three slots: protocols on your own, viruses and trojans (face-down) on an
opponent's; a full mainframe takes no fourth slot card."""

from __future__ import annotations

import copy

import pytest

from service.errors import RuleViolation
from tests.systems.neuroscape.helpers import do, fresh, give_ram, place_character, through_setup, to_substage


def deploying(ram: int, *cards: str) -> dict:
    state = through_setup(fresh())
    give_ram(state, "seat-1", ram)
    state["players"]["seat-1"]["hand"].extend(cards)
    return to_substage(state, "deploy")


def test_protocols_fill_the_first_free_slot_of_your_mainframe():
    state = deploying(4, "firewall-hymn", "census-daemon")
    state, result = do(state, "seat-1", "deploy", card="firewall-hymn")
    state, _ = do(state, "seat-1", "deploy", card="census-daemon", slot="right")
    slots = state["players"]["seat-1"]["slots"]
    assert slots["top"]["card"] == "firewall-hymn" and slots["left"] is None and slots["right"]["card"] == "census-daemon"
    assert result["events"][0]["slot"] == "top"


def test_a_fourth_slot_card_is_refused_and_changes_nothing():
    state = deploying(8, "firewall-hymn", "firewall-hymn", "firewall-hymn", "census-daemon")
    for _ in range(3):
        state, _ = do(state, "seat-1", "deploy", card="firewall-hymn")
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as refused:
        do(state, "seat-1", "deploy", card="census-daemon")
    assert refused.value.code == "neuroscape/mainframe-full" and refused.value.status == 409
    assert state == before


def test_a_taken_slot_is_refused_while_others_are_free():
    state, _ = do(deploying(4, "firewall-hymn", "census-daemon"), "seat-1", "deploy", card="firewall-hymn", slot="left")
    with pytest.raises(RuleViolation) as refused:
        do(state, "seat-1", "deploy", card="census-daemon", slot="left")
    assert refused.value.code == "neuroscape/slot-occupied" and "top, right" in refused.value.detail


def test_viruses_go_on_the_opponents_mainframe_and_use_its_slots():
    state, _ = do(deploying(2, "sleepworm"), "seat-1", "deploy", card="sleepworm")
    virus = state["players"]["seat-2"]["slots"]["top"]
    assert virus["card"] == "sleepworm" and virus["owner"] == "seat-1" and not virus["faceDown"]
    with pytest.raises(RuleViolation) as own:
        do(deploying(2, "sleepworm"), "seat-1", "deploy", card="sleepworm", targetSeat="seat-1")
    assert own.value.code == "neuroscape/wrong-target"


def test_a_trojan_lies_face_down_for_four_ram_whatever_its_printed_cost():
    state = deploying(4, "paper-lantern")
    state, result = do(state, "seat-1", "deploy", card="paper-lantern", slot="left")
    trojan = state["players"]["seat-2"]["slots"]["left"]
    assert trojan["faceDown"] and trojan["card"] == "paper-lantern"
    assert [r["status"] for r in state["players"]["seat-1"]["ram"]] == ["spent"] * 4
    assert result["events"] == [{"kind": "deployed-face-down", "seat": "seat-1", "instance": trojan["id"], "target": "seat-2", "slot": "left"}]
    assert result["private"] == {"card": "paper-lantern", "instance": trojan["id"]}
    with pytest.raises(RuleViolation) as short:
        do(deploying(3, "paper-lantern"), "seat-1", "deploy", card="paper-lantern")
    assert short.value.code == "neuroscape/not-enough-ram"


def test_other_players_cards_fill_a_mainframe_too():
    state = deploying(8, "sleepworm", "sleepworm", "sleepworm", "sleepworm")
    for _ in range(3):
        state, _ = do(state, "seat-1", "deploy", card="sleepworm")
    with pytest.raises(RuleViolation) as full:
        do(state, "seat-1", "deploy", card="sleepworm")
    assert full.value.code == "neuroscape/mainframe-full"


def test_one_shot_programs_are_paid_and_recycled_and_their_ability_waits_on_the_order():
    state = deploying(1, "brightburn-exe")
    moth = place_character(state, "seat-2", "static-moth")["id"]
    state, result = do(state, "seat-1", "deploy", card="brightburn-exe", target=moth)
    assert state["players"]["seat-1"]["recycleBin"] == ["brightburn-exe"]
    assert [r["status"] for r in state["players"]["seat-1"]["ram"]] == ["spent"]
    assert result["events"] == [
        {"kind": "played", "seat": "seat-1", "card": "brightburn-exe", "target": moth},
        {"kind": "on-the-order", "seat": "seat-1", "card": "brightburn-exe", "instance": None, "target": moth, "item": "o1"},
    ]
    state, result = do(state, "seat-2", "pass")
    assert state["players"]["seat-2"]["characters"][0]["damage"] == 1


def test_a_new_environment_replaces_the_old_one():
    state = deploying(4, "rainlit-arcade", "rainlit-arcade")
    state, _ = do(state, "seat-1", "deploy", card="rainlit-arcade")
    first = state["environment"]["id"]
    state, result = do(state, "seat-1", "deploy", card="rainlit-arcade")
    assert state["environment"]["id"] != first and state["players"]["seat-1"]["recycleBin"] == ["rainlit-arcade"]
    assert result["events"][1]["kind"] == "replaced"


def test_one_legendary_copy_in_play_per_player():
    state, _ = do(deploying(10, "quiet-hydra", "quiet-hydra"), "seat-1", "deploy", card="quiet-hydra")
    with pytest.raises(RuleViolation) as again:
        do(state, "seat-1", "deploy", card="quiet-hydra")
    assert again.value.code == "neuroscape/legendary-in-play"


def test_cyberware_needs_a_matching_gear_slot_of_its_level():
    state = deploying(8, "gutter-courier", "piston-grip", "tremor-spurs", "leech-halo")
    state, _ = do(state, "seat-1", "deploy", card="gutter-courier")  # gear: legs level 1
    courier = state["players"]["seat-1"]["characters"][0]["id"]
    with pytest.raises(RuleViolation) as no_arm:
        do(state, "seat-1", "deploy", card="piston-grip", character=courier)
    assert no_arm.value.code == "neuroscape/gear-slot"
    state, _ = do(state, "seat-1", "deploy", card="tremor-spurs", character=courier)
    assert state["players"]["seat-1"]["characters"][0]["gear"]["legs"]["card"] == "tremor-spurs"
