"""Trojans: placed face-down on an opponent's mainframe for 4 RAM, activated by their owner only, whenever a
swift action is allowed but not in the turn they were played; activating reveals them and puts their ability on
the order of operations; then they go to the recycle bin (or stay face-up, by option).

Paper Lantern (starter trojan): "Ignite", swift, 3 RAM: 3 damage to each opponent's mainframe."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.registry import Actor
from service.systems.neuroscape.rules.autoplay import STARTER_MATCH
from service.systems.neuroscape.rules.legal import legal_actions
from service.systems.neuroscape.view import view
from tests.systems.neuroscape.helpers import do, fresh, give_ram, place_character, through_setup, to_substage, typed

ANA = Actor(seat="seat-1", role="player", name="ana")
BO = Actor(seat="seat-2", role="player", name="bo")


def placed(rules: dict | None = None) -> tuple[dict, str, dict]:
    """Seat-1 places Paper Lantern face-down on seat-2's mainframe in its first primary deploy."""
    state = to_substage(through_setup(fresh({**STARTER_MATCH, "rules": rules or {}})), "deploy")
    state["players"]["seat-1"]["hand"] = ["paper-lantern"]
    give_ram(state, "seat-1", 4)
    state, result = do(state, "seat-1", "deploy", card="paper-lantern")
    instance = result["events"][0]["instance"]
    return state, instance, result


def on_seat_twos_turn(state: dict) -> dict:
    """On to seat-2's maintenance swift check, where the match waits for seat-1; seat-1 holds 3 fresh RAM."""
    state = to_substage(state, "draw")
    assert state["flow"]["active"] == "seat-2"
    state = to_substage(state, "swift-check", stage="maintenance")
    assert state["flow"]["awaiting"] == ["seat-1"]
    give_ram(state, "seat-1", 3)
    return state


def test_a_trojan_is_placed_face_down_for_four_ram_whatever_its_printed_cost():
    state, trojan, result = placed()
    assert result["events"] == [{"kind": "deployed-face-down", "seat": "seat-1", "instance": trojan, "target": "seat-2", "slot": "top"}]
    assert result["private"] == {"card": "paper-lantern", "instance": trojan}
    spent = [r for r in state["players"]["seat-1"]["ram"] if r["status"] == "spent"]
    assert len(spent) == 4 and not any(r["status"] == "committed" for r in state["players"]["seat-1"]["ram"])  # printed cost 3
    theirs = view(typed(state), BO)
    assert theirs["players"][1]["slots"]["top"] == {"id": trojan, "owner": "seat-1", "faceDown": True, "playedTurn": 1}
    assert "paper-lantern" not in str(theirs)
    assert view(typed(state), ANA)["players"][1]["slots"]["top"]["card"] == "paper-lantern"


def test_a_trojan_is_not_activated_in_the_turn_it_was_played():
    state, trojan, _ = placed()
    give_ram(state, "seat-1", 3)
    assert not [e for e in legal_actions(typed(state), "seat-1") if e["action"] == "activate-trojan"]
    with pytest.raises(RuleViolation) as refused:
        do(state, "seat-1", "activate-trojan", instance=trojan)
    assert refused.value.code == "neuroscape/trojan-too-soon"


def test_a_trojan_activated_on_the_opponents_turn_reveals_itself_resolves_and_goes_to_the_recycle_bin():
    state, trojan, _ = placed()
    state = on_seat_twos_turn(state)
    assert {"action": "activate-trojan", "instance": trojan, "ability": 0, "targets": [None]} in legal_actions(typed(state), "seat-1")
    assert not [e for e in legal_actions(typed(state), "seat-2") if e["action"] == "activate-trojan"]
    health = state["players"]["seat-2"]["mainframeHealth"]
    state, result = do(state, "seat-1", "activate-trojan", instance=trojan, ability=0)
    revealed = [e for e in result["events"] if e["kind"] == "trojan-revealed"]
    assert revealed == [{"kind": "trojan-revealed", "seat": "seat-1", "card": "paper-lantern", "instance": trojan,
                         "target": "seat-2", "slot": "top"}]
    assert [(i["seat"], i["card"], i["source"]) for i in state["operations"]["items"]] == [("seat-1", "paper-lantern", trojan)]
    assert state["operations"]["priority"] == "seat-2"  # the active player may answer
    assert view(typed(state), BO)["players"][1]["slots"]["top"]["card"] == "paper-lantern"  # face-up now
    assert sum(r["status"] == "available" for r in state["players"]["seat-1"]["ram"]) == 0  # Ignite's 3 RAM paid

    state, result = do(state, "seat-2", "pass")
    assert [e["kind"] for e in result["events"]][:3] == ["passed", "resolved", "mainframe-damage"]
    assert state["players"]["seat-2"]["mainframeHealth"] == health - 3
    assert state["players"]["seat-2"]["slots"]["top"] is None
    assert state["players"]["seat-1"]["recycleBin"] == ["paper-lantern"]
    assert {"kind": "recycled", "seat": "seat-1", "card": "paper-lantern", "instance": trojan} in result["events"]
    assert (state["flow"]["substage"], state["flow"]["awaiting"]) == ("swift-check", ["seat-1"])  # the check goes on


def test_a_countered_trojan_never_resolves_and_still_goes_to_the_recycle_bin():
    state, trojan, _ = placed()
    state = on_seat_twos_turn(state)
    state["players"]["seat-2"]["hand"].append("null-route")
    give_ram(state, "seat-2", 2)
    health = state["players"]["seat-2"]["mainframeHealth"]
    state, _ = do(state, "seat-1", "activate-trojan", instance=trojan)
    state, _ = do(state, "seat-2", "play-script", card="null-route", target="o1")
    state, result = do(state, "seat-1", "pass")
    assert [(e["kind"], e.get("item")) for e in result["events"] if e["kind"] in ("resolved", "countered")] == [
        ("resolved", "o2"), ("countered", "o1")]
    assert state["players"]["seat-2"]["mainframeHealth"] == health
    assert state["players"]["seat-2"]["slots"]["top"] is None
    assert state["players"]["seat-1"]["recycleBin"] == ["paper-lantern"]


def test_only_the_owner_activates_a_trojan_and_the_refusal_does_not_name_it():
    state, trojan, _ = placed()
    state = on_seat_twos_turn(state)
    state, _ = do(state, "seat-1", "pass")  # on to seat-2's deploy
    give_ram(state, "seat-2", 3)
    with pytest.raises(RuleViolation) as refused:
        do(state, "seat-2", "activate-trojan", instance=trojan)
    assert refused.value.code == "neuroscape/not-your-card"
    assert "paper" not in refused.value.detail.lower() and "lantern" not in refused.value.detail.lower()
    with pytest.raises(RuleViolation) as missing:
        do(state, "seat-2", "activate-trojan", instance="c999")
    assert missing.value.code == "neuroscape/unknown-card"


def test_a_trojan_is_activated_whenever_a_swift_action_is_allowed_and_only_then():
    state, trojan, _ = placed()
    state = on_seat_twos_turn(state)
    state, _ = do(state, "seat-1", "pass")
    assert (state["flow"]["substage"], state["flow"]["awaiting"]) == ("deploy", ["seat-2"])
    with pytest.raises(RuleViolation) as waiting:  # seat-2's deploy: the match waits for seat-2 only
        do(state, "seat-1", "activate-trojan", instance=trojan)
    assert waiting.value.code == "neuroscape/out-of-turn"
    state, _ = do(state, "seat-2", "pass")  # seat-2's primary swift check: seat-1 may act again
    assert (state["flow"]["substage"], state["flow"]["awaiting"]) == ("swift-check", ["seat-1"])
    state, _ = do(state, "seat-1", "activate-trojan", instance=trojan)
    assert state["operations"]["items"][0]["source"] == trojan


def test_with_stays_face_up_an_activated_trojan_keeps_its_slot_and_is_not_activated_again():
    state, trojan, _ = placed({"trojanAfterActivation": "stays-face-up"})
    state = on_seat_twos_turn(state)
    state, _ = do(state, "seat-1", "activate-trojan", instance=trojan)
    state, _ = do(state, "seat-2", "pass")
    slot = state["players"]["seat-2"]["slots"]["top"]
    assert slot["id"] == trojan and slot["faceDown"] is False
    assert state["players"]["seat-1"]["recycleBin"] == []
    give_ram(state, "seat-1", 3)
    with pytest.raises(RuleViolation) as again:
        do(state, "seat-1", "activate-trojan", instance=trojan)
    assert again.value.code == "neuroscape/trojan-activated"


def test_a_face_down_legendary_trojan_keeps_no_one_else_from_its_legendary_copy():
    cards = [{"id": "test-relic", "name": "Test Relic", "type": "program", "subtype": "trojan", "cost": 1, "legendary": True}]
    deck = {"mainframe": "halcyon-lattice", "main": [{"card": "test-relic", "count": 10}], "ram": [{"card": "core-ram", "count": 10}]}
    setup = {"cards": cards, "rules": {"mainDeckMin": 10, "ramDeckSize": 10, "maxCopies": 10, "maxLegendary": 10, "legendaryScope": "table"},
             "players": [{"deck": deck}, {"deck": deck}]}
    state = to_substage(through_setup(fresh(setup)), "deploy")
    give_ram(state, "seat-1", 4)
    state, _ = do(state, "seat-1", "deploy", card="test-relic")
    state = to_substage(to_substage(state, "draw"), "deploy")  # seat-2's primary deploy
    assert state["flow"]["active"] == "seat-2"
    give_ram(state, "seat-2", 4)
    assert any(e["action"] == "deploy" and e["card"] == "test-relic" for e in legal_actions(typed(state), "seat-2"))
    state, _ = do(state, "seat-2", "deploy", card="test-relic")  # the face-down copy says nothing
    assert state["players"]["seat-1"]["slots"]["top"]["card"] == "test-relic"


def test_a_trojan_answers_an_opponents_swift_action_with_priority_on_the_order():
    state, trojan, _ = placed()
    state = on_seat_twos_turn(state)
    state, _ = do(state, "seat-1", "pass")  # seat-2's primary deploy
    saint = place_character(state, "seat-2", "lantern-saint")["id"]  # Floodlight: swift, 1 RAM, +2/+0
    give_ram(state, "seat-2", 1)
    state, _ = do(state, "seat-2", "activate", character=saint, ability=0)
    assert state["operations"]["priority"] == "seat-1"
    assert {"action": "activate-trojan", "instance": trojan, "ability": 0, "targets": [None]} in legal_actions(typed(state), "seat-1")
    state, _ = do(state, "seat-1", "activate-trojan", instance=trojan)
    assert [(i["card"], i["source"]) for i in state["operations"]["items"]] == [("lantern-saint", saint), ("paper-lantern", trojan)]
    health = state["players"]["seat-2"]["mainframeHealth"]
    state, result = do(state, "seat-2", "pass")
    assert [e["item"] for e in result["events"] if e["kind"] == "resolved"] == ["o2", "o1"]  # the trojan first
    assert state["players"]["seat-2"]["mainframeHealth"] == health - 3
    assert state["players"]["seat-1"]["recycleBin"] == ["paper-lantern"] and state["flow"]["awaiting"] == ["seat-2"]
