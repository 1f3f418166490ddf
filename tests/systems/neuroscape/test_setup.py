"""Starting a match: 20 health on both tracks (plus mainframe bonuses), opening hands of 5, one
mulligan, a d20 roll-off whose ties re-roll, and a first player who draws only 1 on turn 1."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.neuroscape.setup import NeuroscapeSetup
from service.systems.neuroscape.rules.piles import deck_size
from service.systems.neuroscape.setup import initial_state
from support.dice import ScriptedStream
from tests.systems.neuroscape.helpers import do, fresh, through_setup, typed


def test_both_health_tracks_start_at_twenty_plus_the_mainframe_bonus():
    state = fresh()
    one, two = state["players"]["seat-1"], state["players"]["seat-2"]
    assert (one["bioframe"], one["mainframeHealth"]) == (23, 20)  # Halcyon Lattice: +3 bioframe
    assert (two["bioframe"], two["mainframeHealth"]) == (20, 23)  # Obsidian Relay: +3 mainframe


def test_starting_health_is_configurable():
    state = fresh({"players": [{"starterDeck": "gridrunners"}, {"starterDeck": "gridrunners"}],
                   "rules": {"startingBioframe": 30, "startingMainframe": 10}})
    assert (state["players"]["seat-2"]["bioframe"], state["players"]["seat-2"]["mainframeHealth"]) == (33, 10)


def test_a_new_match_waits_for_every_opening_hand():
    state = fresh()
    assert (state["flow"]["stage"], state["flow"]["substage"], state["flow"]["awaiting"]) == (
        "setup", "opening-hand", ["seat-1", "seat-2"])
    assert deck_size(typed(state).players["seat-1"].deck) == 40


def test_each_player_draws_five_and_only_it_learns_which():
    state, result = do(fresh(), "seat-2", "draw", main=5)
    assert len(state["players"]["seat-2"]["hand"]) == 5
    assert result["private"]["drawn"] == state["players"]["seat-2"]["hand"]
    assert result["events"] == [{"kind": "drew", "seat": "seat-2", "amount": 5}]
    assert deck_size(typed(state).players["seat-2"].deck) == 35


def test_the_opening_draw_is_exactly_the_opening_hand():
    with pytest.raises(RuleViolation) as refused:
        do(fresh(), "seat-1", "draw", main=4)
    assert refused.value.code == "neuroscape/opening-hand-size"
    state, _ = do(fresh(), "seat-1", "draw", main=5)
    with pytest.raises(RuleViolation) as again:
        do(state, "seat-1", "draw", main=5)
    assert again.value.code == "neuroscape/opening-hand-drawn"


def test_a_mulligan_puts_cards_under_the_deck_and_draws_as_many_once():
    state, first = do(fresh(), "seat-1", "draw", main=5)
    hand = first["private"]["drawn"]
    state, result = do(state, "seat-1", "mulligan", bottom=hand[:2])
    p = state["players"]["seat-1"]
    assert len(p["hand"]) == 5 and p["deck"]["bottom"] == hand[:2] and p["mulliganed"]
    assert result["events"] == [{"kind": "mulligan", "seat": "seat-1", "amount": 2}]
    with pytest.raises(RuleViolation) as again:
        do(state, "seat-1", "mulligan", bottom=[])
    assert again.value.code == "neuroscape/mulligan-used"  # once per game: the rule is named, not the turn


@pytest.mark.parametrize("redraw", [0, 1], ids=["kept", "redrew-one"])
def test_a_second_mulligan_is_refused_as_used_in_setup_and_later(redraw):
    state, first = do(fresh(), "seat-1", "draw", main=5)
    state, _ = do(state, "seat-1", "mulligan", bottom=first["private"]["drawn"][:redraw])
    hand = state["players"]["seat-1"]["hand"]
    for later in (state, through_setup(fresh())):
        frozen = repr(later)
        with pytest.raises(RuleViolation) as again:
            do(later, "seat-1", "mulligan", bottom=later["players"]["seat-1"]["hand"][:1])
        assert (again.value.code, again.value.status) == ("neuroscape/mulligan-used", 409)
        assert repr(later) == frozen
    assert state["players"]["seat-1"]["hand"] == hand


def test_a_mulligan_needs_the_opening_hand_and_cards_from_it():
    with pytest.raises(RuleViolation) as early:
        do(fresh(), "seat-1", "mulligan", bottom=[])
    assert early.value.code == "neuroscape/opening-hand-first"
    state, first = do(fresh(), "seat-1", "draw", main=5)
    missing = next(c for c in ("quiet-hydra", "rust-oracle") if c not in first["private"]["drawn"])
    with pytest.raises(RuleViolation) as wrong:
        do(state, "seat-1", "mulligan", bottom=[missing])
    assert wrong.value.code == "neuroscape/not-in-hand"


def _settled() -> dict:
    state = fresh()
    for seat in ("seat-1", "seat-2"):
        state, _ = do(state, seat, "draw", main=5)
        state, _ = do(state, seat, "mulligan", bottom=[])
    return state


def test_roll_off_ties_re_roll_and_the_winner_chooses():
    state = _settled()
    assert state["flow"]["substage"] == "roll-off"
    state, result = do(state, "seat-2", "roll-off", ScriptedStream(14, 14, 3, 17))
    assert state["rollOff"] == {"rounds": [{"seat-1": 14, "seat-2": 14}, {"seat-1": 3, "seat-2": 17}], "winner": "seat-2"}
    assert (state["flow"]["substage"], state["flow"]["awaiting"]) == ("choose-first", ["seat-2"])
    with pytest.raises(RuleViolation) as loser:
        do(state, "seat-1", "choose-first", goFirst=True)
    assert loser.value.code == "neuroscape/out-of-turn"


def test_the_roll_off_winner_may_pass_the_first_turn():
    state, _ = do(_settled(), "seat-1", "roll-off", ScriptedStream(20, 2))
    state, result = do(state, "seat-1", "choose-first", goFirst=False)
    assert state["order"] == ["seat-2", "seat-1"]
    assert (state["flow"]["active"], state["flow"]["turn"], state["flow"]["substage"]) == ("seat-2", 1, "draw")


def test_the_first_player_draws_one_on_the_first_turn_only():
    state = through_setup(fresh(), first="seat-1")
    with pytest.raises(RuleViolation) as two:
        do(state, "seat-1", "draw", main=2)
    assert two.value.code == "neuroscape/draw-count"
    state, _ = do(state, "seat-1", "draw", main=1)
    assert len(state["players"]["seat-1"]["hand"]) == 6


def test_seats_default_to_player_order_and_may_be_named():
    state = initial_state(NeuroscapeSetup.model_validate(
        {"players": [{"seat": "seat-3", "starterDeck": "gridrunners"}, {"seat": "seat-2", "starterDeck": "bastion-choir"}]}))
    assert state.order == ("seat-3", "seat-2")
    with pytest.raises(RuleViolation) as twice:
        initial_state(NeuroscapeSetup.model_validate(
            {"players": [{"seat": "seat-2", "starterDeck": "gridrunners"}, {"starterDeck": "bastion-choir"}]}))
    assert twice.value.code == "neuroscape/bad-players"
