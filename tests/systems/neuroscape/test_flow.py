"""The turn machine: maintenance, primary, battle, secondary, final; whose turn, which substage,
who must act; actions out of turn or out of stage are refused with the rule named."""

from __future__ import annotations

import copy

import pytest

from service.errors import RuleViolation
from service.systems.neuroscape.rules.flow import STEPS
from tests.systems.neuroscape.helpers import do, fresh, give_ram, place_character, through_setup, to_substage

ALWAYS = {"players": [{"starterDeck": "gridrunners"}, {"starterDeck": "bastion-choir"}], "rules": {"swiftChecks": "always"}}


def refused(state, seat, action, **fields) -> RuleViolation:
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as caught:
        do(state, seat, action, **fields)
    assert state == before, "a refused action changed the state it was given"
    return caught.value


def test_the_turn_runs_through_every_stage_in_order():
    names = [(s.stage, s.substage) for s in STEPS if s.stage != "setup"]
    assert [stage for stage, _ in names] == [
        "maintenance"] * 6 + ["primary"] * 2 + ["battle"] * 8 + ["secondary"] * 2 + ["final"] * 3
    assert names[:6] == [("maintenance", s) for s in ("card-effect", "stability-check", "force-quit", "draw", "refresh", "swift-check")]
    assert names[8:16] == [("battle", s) for s in (
        "psychosis-check", "attack", "swift-check", "block", "order-blockers", "swift-check", "damage", "swift-check")]


def test_with_always_swift_checks_every_check_waits_for_the_other_players():
    state = through_setup(fresh(ALWAYS))
    state, _ = do(state, "seat-1", "draw", main=1)
    flow = state["flow"]
    assert (flow["stage"], flow["substage"], flow["active"], flow["awaiting"]) == ("maintenance", "swift-check", "seat-1", ["seat-2"])
    assert refused(state, "seat-1", "pass").code == "neuroscape/out-of-turn"
    state, _ = do(state, "seat-2", "pass")
    assert (state["flow"]["stage"], state["flow"]["substage"], state["flow"]["awaiting"]) == ("primary", "deploy", ["seat-1"])
    state, _ = do(state, "seat-1", "pass")
    assert (state["flow"]["stage"], state["flow"]["substage"]) == ("primary", "swift-check")


def test_settled_swift_checks_wait_for_nobody():
    state = through_setup(fresh())
    state, result = do(state, "seat-1", "draw", main=1)
    assert (state["flow"]["stage"], state["flow"]["substage"], state["flow"]["awaiting"]) == ("primary", "deploy", ["seat-1"])
    assert result["flow"]["substage"] == "deploy"


def test_acting_out_of_turn_is_refused_naming_the_rule():
    state = to_substage(through_setup(fresh()), "deploy")
    error = refused(state, "seat-2", "deploy", card="gutter-courier")
    assert error.code == "neuroscape/out-of-turn" and error.status == 409
    assert "primary/deploy" in error.detail and "seat-1" in error.detail


def test_acting_out_of_stage_is_refused_naming_the_rule():
    state = to_substage(through_setup(fresh()), "deploy")
    error = refused(state, "seat-1", "attack", attacks=[])
    assert error.code == "neuroscape/wrong-stage"
    assert "deploy" in error.detail and "pass" in error.detail


def test_a_stale_expected_substage_is_refused():
    state = to_substage(through_setup(fresh()), "deploy")
    assert refused(state, "seat-1", "pass", expectSubstage="attack").code == "neuroscape/stale-substage"
    state, _ = do(state, "seat-1", "pass", expectSubstage="deploy")


def test_draw_two_in_any_mix_ram_goes_onto_the_mainframe():
    state = to_substage(through_setup(fresh()), "deploy", stage="secondary")
    state, _ = do(state, "seat-1", "pass")  # end of seat-1's turn 1
    assert (state["flow"]["active"], state["flow"]["turn"], state["flow"]["substage"]) == ("seat-2", 2, "draw")
    assert refused(state, "seat-2", "draw", main=1).code == "neuroscape/draw-count"
    hand = len(state["players"]["seat-2"]["hand"])
    state, result = do(state, "seat-2", "draw", main=1, ram=1)
    p = state["players"]["seat-2"]
    assert len(p["hand"]) == hand + 1 and len(p["ram"]) == 1 and p["ram"][0]["status"] == "available"
    assert [e["kind"] for e in result["events"]][:2] == ["drew", "ram-played"]
    assert len(result["private"]["drawn"]) == 1


def test_refresh_makes_spent_ram_available_and_running_characters_ready():
    state = through_setup(fresh())
    give_ram(state, "seat-1", 2, status="spent")
    runner = place_character(state, "seat-1", "gutter-courier", running=True)
    state, _ = do(state, "seat-1", "draw", main=1)
    p = state["players"]["seat-1"]
    assert [r["status"] for r in p["ram"]] == ["available", "available"]
    assert p["characters"][0]["id"] == runner["id"] and not p["characters"][0]["running"]


def test_committed_ram_does_not_refresh():
    state = through_setup(fresh())
    give_ram(state, "seat-1", 3)
    state["players"]["seat-1"]["hand"].append("chrome-ferryman")
    state = to_substage(state, "deploy")
    state, _ = do(state, "seat-1", "deploy", card="chrome-ferryman")
    state = to_substage(state, "deploy", stage="secondary")
    state, _ = do(state, "seat-1", "pass")
    state = to_substage(state, "deploy", stage="secondary")
    state, _ = do(state, "seat-2", "pass")
    assert state["flow"]["active"] == "seat-1" and state["flow"]["substage"] == "force-quit"
    state, _ = do(state, "seat-1", "pass")
    state, _ = do(state, "seat-1", "draw", main=2)
    assert sorted(r["status"] for r in state["players"]["seat-1"]["ram"]) == ["available", "committed", "committed"]


def test_force_quit_sends_your_own_persistent_card_to_the_recycle_bin():
    state = through_setup(fresh())
    give_ram(state, "seat-1", 2)
    state["players"]["seat-1"]["hand"].append("chrome-ferryman")
    state = to_substage(state, "deploy")
    state, _ = do(state, "seat-1", "deploy", card="chrome-ferryman")
    ferryman = state["players"]["seat-1"]["characters"][0]["id"]
    state = to_substage(state, "deploy", stage="secondary")
    state, _ = do(state, "seat-1", "pass")
    theirs = place_character(state, "seat-2", "ash-tram-ghost")
    state = to_substage(state, "deploy", stage="secondary")
    state, _ = do(state, "seat-2", "pass")
    assert state["flow"]["substage"] == "force-quit" and state["flow"]["awaiting"] == ["seat-1"]
    assert refused(state, "seat-1", "force-quit", cards=[theirs["id"]]).code == "neuroscape/force-quit"
    state, result = do(state, "seat-1", "force-quit", cards=[ferryman])
    p = state["players"]["seat-1"]
    assert p["characters"] == [] and p["recycleBin"] == ["chrome-ferryman"]
    assert [r["status"] for r in p["ram"]] == ["spent", "spent"]  # released, refreshing at the refresh
    assert state["flow"]["substage"] == "draw"


def test_force_quit_is_skipped_when_you_have_nothing_in_play():
    state = through_setup(fresh())
    assert state["flow"]["substage"] == "draw"


def test_the_final_stage_removes_damage_and_passes_the_turn():
    state = through_setup(fresh())
    hurt = place_character(state, "seat-2", "rust-oracle", damage=3)
    state = to_substage(state, "deploy", stage="secondary")
    state, result = do(state, "seat-1", "pass")
    assert state["players"]["seat-2"]["characters"][0]["damage"] == 0 and hurt["id"]
    assert {"kind": "turn-started", "seat": "seat-2", "amount": 2} in result["events"]
    assert (state["flow"]["turn"], state["flow"]["active"]) == (2, "seat-2")


def test_the_state_given_is_never_changed():
    state = through_setup(fresh())
    before = copy.deepcopy(state)
    do(state, "seat-1", "draw", main=1)
    assert state == before


def test_only_players_act():
    state = through_setup(fresh())
    assert refused(state, "seat-9", "pass").code == "neuroscape/not-a-player"
