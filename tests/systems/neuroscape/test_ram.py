"""RAM: running RAM pays costs, persistent cards commit it, and the stability check rolls a d20
for each character and program when committed RAM no longer covers them (1-10 crashes)."""

from __future__ import annotations

import copy

import pytest

from service.errors import RuleViolation
from service.systems.neuroscape.rules.ram import is_stable, stability_check
from support.dice import ScriptedStream
from tests.systems.neuroscape.helpers import do, fresh, give_ram, stored, through_setup, to_substage, typed


def deploying(ram: int, *cards: str) -> dict:
    state = through_setup(fresh())
    give_ram(state, "seat-1", ram)
    state["players"]["seat-1"]["hand"].extend(cards)
    return to_substage(state, "deploy")


def test_deploying_a_character_commits_its_cost():
    state, result = do(deploying(3, "chrome-ferryman"), "seat-1", "deploy", card="chrome-ferryman")
    p = state["players"]["seat-1"]
    ferryman = p["characters"][0]
    assert [(r["status"], r["for"]) for r in p["ram"]] == [("committed", ferryman["id"])] * 2 + [("available", None)]
    assert ferryman["commits"] == 2 and result["events"][0]["kind"] == "deployed"


def test_deploying_a_program_runs_its_ram_without_committing_it():
    state, _ = do(deploying(2, "firewall-hymn"), "seat-1", "deploy", card="firewall-hymn")
    assert [r["status"] for r in state["players"]["seat-1"]["ram"]] == ["spent", "spent"]


def test_deploying_without_enough_ram_is_refused_and_changes_nothing():
    state = deploying(2, "rust-oracle")
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as refused:
        do(state, "seat-1", "deploy", card="rust-oracle")
    assert refused.value.code == "neuroscape/not-enough-ram" and refused.value.status == 409
    assert "costs 3 RAM" in refused.value.detail and "2 available" in refused.value.detail
    assert state == before


def test_a_card_not_in_hand_is_refused_in_the_same_words_wherever_it_is():
    state = deploying(5)
    state["players"]["seat-2"]["hand"].append("quiet-hydra")
    with pytest.raises(RuleViolation) as theirs:
        do(state, "seat-1", "deploy", card="quiet-hydra")
    with pytest.raises(RuleViolation) as nowhere:
        do(state, "seat-1", "deploy", card="crown-of-wires")
    assert theirs.value.code == nowhere.value.code == "neuroscape/not-in-hand"
    assert theirs.value.detail.replace("quiet-hydra", "X") == nowhere.value.detail.replace("crown-of-wires", "X")


def _unstable() -> dict:
    state, _ = do(deploying(6, "chrome-ferryman", "gutter-courier"), "seat-1", "deploy", card="chrome-ferryman")
    state, _ = do(state, "seat-1", "deploy", card="gutter-courier")
    p = state["players"]["seat-1"]
    del p["ram"][0]  # a committed RAM card is gone: 2 committed for 3 required
    return state


def test_stable_while_committed_ram_covers_persistent_cards():
    state, _ = do(deploying(3, "chrome-ferryman"), "seat-1", "deploy", card="chrome-ferryman")
    assert is_stable(typed(state), "seat-1")
    assert not is_stable(typed(_unstable()), "seat-1")


def test_stability_check_rolls_per_card_one_to_ten_crashes():
    state = _unstable()
    events: list[dict] = []
    state = stored(stability_check(typed(state), "seat-1", ScriptedStream(10, 11), events, crash_on_or_below=10))
    p = state["players"]["seat-1"]
    assert [c["card"] for c in p["characters"]] == ["gutter-courier"]
    assert p["recycleBin"] == ["chrome-ferryman"]
    assert [(e["kind"], e.get("faces")) for e in events] == [("unstable", None), ("crashed", [10]), ("survived", [11])]
    assert is_stable(typed(state), "seat-1")


def test_still_unstable_rolls_again_at_the_next_check():
    state = _unstable()
    state = stored(stability_check(typed(state), "seat-1", ScriptedStream(11, 20), [], crash_on_or_below=10))
    assert not is_stable(typed(state), "seat-1")
    events: list[dict] = []
    stability_check(typed(state), "seat-1", ScriptedStream(15, 1), events, crash_on_or_below=10)
    assert [e["kind"] for e in events] == ["unstable", "survived", "crashed"]


def test_a_stable_seat_rolls_nothing():
    state, _ = do(deploying(3, "chrome-ferryman"), "seat-1", "deploy", card="chrome-ferryman")
    stream = ScriptedStream()
    assert stored(stability_check(typed(state), "seat-1", stream, [], crash_on_or_below=10)) == state
    assert stream.draws == []


def test_the_stability_check_runs_in_the_maintenance_stage():
    state = _unstable()
    state = to_substage(state, "deploy", stage="secondary")
    state, _ = do(state, "seat-1", "pass")
    state = to_substage(state, "deploy", stage="secondary")
    stream = ScriptedStream(3, 3)
    state, result = do(state, "seat-2", "pass", stream)
    assert [e["kind"] for e in result["events"] if e["kind"] in ("unstable", "crashed")] == ["unstable", "crashed", "crashed"]
    assert state["players"]["seat-1"]["characters"] == []
