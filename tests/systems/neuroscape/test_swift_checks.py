"""Swift checks by default: "other players may play swift actions; if all pass, move on" — each other
player is asked at every swift check, and may play a script there on the active player's turn."""

from __future__ import annotations

from service.systems.neuroscape.options import NeuroscapeRules
from service.systems.neuroscape.rules.abilities import stats
from service.systems.neuroscape.rules.autoplay import STARTER_MATCH
from service.systems.neuroscape.rules.legal import legal_actions
from tests.systems.neuroscape.helpers import do, fresh, give_ram, place_character, through_setup, to_substage, typed


def test_the_default_swift_check_waits_for_every_other_player():
    assert NeuroscapeRules().swift_checks == "always"
    state = through_setup(fresh(STARTER_MATCH))
    state, _ = do(state, "seat-1", "draw", main=1, ram=0)
    flow = state["flow"]
    assert (flow["stage"], flow["substage"], flow["active"], flow["awaiting"]) == ("maintenance", "swift-check", "seat-1", ["seat-2"])
    state, _ = do(state, "seat-2", "pass")
    assert (state["flow"]["stage"], state["flow"]["substage"], state["flow"]["awaiting"]) == ("primary", "deploy", ["seat-1"])


def test_a_script_is_played_on_another_players_turn_in_its_swift_check():
    state = to_substage(through_setup(fresh(STARTER_MATCH)), "swift-check", stage="primary")
    assert state["flow"]["active"] == "seat-1" and state["flow"]["awaiting"] == ["seat-2"]
    guard = place_character(state, "seat-2", "ash-tram-ghost")["id"]  # 1/4
    state["players"]["seat-2"]["hand"] = ["sidestep-script"]  # swift: +0/+2 on your character
    give_ram(state, "seat-2", 1)
    menu = legal_actions(typed(state), "seat-2")
    assert {"action": "play-script", "card": "sidestep-script", "targets": [guard]} in menu
    state, result = do(state, "seat-2", "play-script", card="sidestep-script", target=guard)
    assert state["operations"]["priority"] == "seat-1"  # the active player may answer
    state, result = do(state, "seat-1", "pass")
    assert [e["kind"] for e in result["events"]][:2] == ["passed", "resolved"]
    ghost = next(c for c in typed(state).players["seat-2"].characters if c.id == guard)
    assert stats(typed(state), ghost) == (1, 6)
    # Back in the swift check, still waiting for seat-2's pass: then the battle stage.
    assert (state["flow"]["substage"], state["flow"]["awaiting"]) == ("swift-check", ["seat-2"])
    state, _ = do(state, "seat-2", "pass")
    assert (state["flow"]["stage"], state["flow"]["substage"]) == ("secondary", "deploy")  # seat-1 had nobody to attack with


def test_settle_is_kept_as_an_option_and_passes_every_swift_check_at_once():
    state = through_setup(fresh({**STARTER_MATCH, "rules": {"swiftChecks": "settle"}}))
    state, _ = do(state, "seat-1", "draw", main=1, ram=0)
    assert (state["flow"]["stage"], state["flow"]["substage"], state["flow"]["awaiting"]) == ("primary", "deploy", ["seat-1"])
