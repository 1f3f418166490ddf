"""Committing and releasing RAM, a forced stability check and extra turns, resolved on a match; and the
stability check reached in real play: RAM released by an opponent's script leaves cards uncovered, and
the owner's maintenance then rolls a d20 for each character and program (1-10 crashes, 11-20 survives)
at every stability check until it is stable again."""

from __future__ import annotations

import pytest
from support.dice import ScriptedStream

from service.systems.neuroscape.rules.ram import committed, is_stable, required
from service.systems.neuroscape.wire.effects import EFFECT_KINDS, EFFECT_MODELS
from tests.systems.neuroscape.helpers import (
    do,
    fresh,
    give_ram,
    place_character,
    through_setup,
    to_substage,
    typed,
)
from tests.systems.neuroscape.test_effect_kinds import match, run

PLAYERS = [{"starterDeck": "gridrunners"}, {"starterDeck": "bastion-choir"}]


def script(card_id: str, *effects: dict, target: str | None = "opponent") -> dict:
    return {"id": card_id, "name": card_id.replace("-", " ").title(), "type": "program", "subtype": "script", "cost": 0,
            "abilities": [{"name": "Run It", "kind": "activated", "swift": True, "target": target, "effects": list(effects)}]}


def with_cards(*cards: dict) -> dict:
    return fresh({"cards": list(cards), "players": PLAYERS, "rules": {"swiftChecks": "settle"}})  # turns walked without swift checks


def covered(state: dict, seat: str, card: str, commits: int) -> str:
    """A character in play whose `commits` RAM is committed to it, as deploying it would leave it."""
    character = place_character(state, seat, card, commits=commits)
    give_ram(state, seat, commits, status="committed")
    for ram in state["players"][seat]["ram"][-commits:]:
        ram["for"] = character["id"]
    return character["id"]


def statuses(state, seat: str) -> list[tuple[str, str | None]]:
    return [(r.status, r.for_) for r in state.players[seat].ram]


@pytest.mark.parametrize("model", EFFECT_MODELS, ids=EFFECT_KINDS)
def test_every_effect_kind_of_the_vocabulary_has_a_rule(model):
    """`_apply` raises on a kind it has no rule for: each kind of the vocabulary resolves without it."""
    state, mine, theirs = match()
    fields = {name: f for name, f in model.model_fields.items() if f.is_required() and name != "kind"}
    effect = {"kind": model.model_fields["kind"].annotation.__args__[0]}
    effect |= {"amount": 1} if "amount" in fields else {}
    effect |= {"condition": "controls-characters", "atLeast": 5} if "condition" in fields else {}
    on = model.model_fields["on"].default
    target = {"target": None, "self": None}.get(on, None)
    if on == "target":
        target = "o1" if effect["kind"] in ("counter", "invert-sign") else theirs if effect["kind"] in (
            "modify-stats", "damage", "destroy", "return-to-hand", "run", "refresh") else "seat-2"
    run(state, {**effect, "on": on}, source=mine, target=target)


def test_commit_ram_commits_available_ram_to_no_card_and_it_covers_persistent_cards():
    state, _, _ = match()
    give_ram(state, "seat-1", 3)
    state["players"]["seat-1"]["characters"][0]["commits"] = 2  # Sable Circuit, its RAM not committed: unstable
    assert not is_stable(typed(state), "seat-1")
    after, events = run(state, {"kind": "commit-ram", "amount": 2})
    assert statuses(after, "seat-1") == [("committed", None), ("committed", None), ("available", None)]
    assert is_stable(after, "seat-1") and events == [{"kind": "ram-committed", "seat": "seat-1", "amount": 2}]
    more, events = run(state, {"kind": "commit-ram", "amount": 5})  # only what is available
    assert committed(more.players["seat-1"]) == 3 and events[0]["amount"] == 3


def test_release_ram_runs_committed_ram_and_leaves_the_cards_it_covered_uncovered():
    state, _, _ = match()
    a = covered(state, "seat-2", "chrome-ferryman", 2)
    give_ram(state, "seat-2", 1, status="committed")  # committed to no card: released first
    after, events = run(state, {"kind": "release-ram", "amount": 2, "on": "opponents"})
    assert statuses(after, "seat-2") == [("spent", None), ("committed", a), ("spent", None)]
    assert events == [{"kind": "ram-released", "seat": "seat-2", "amount": 2}]
    assert committed(after.players["seat-2"]) == 1 < required(after, "seat-2") == 2 and not is_stable(after, "seat-2")
    assert after.players["seat-2"].characters[-1].id == a  # uncovered, still in play


def test_a_forced_stability_check_rolls_a_d20_per_character_and_program_when_unstable():
    state, _, ferry = match()
    state["players"]["seat-2"]["characters"][0]["commits"] = 2  # nothing committed for it
    from service.systems.neuroscape.rules.abilities import resolve
    from service.systems.neuroscape.wire.cards import NeuroscapeAbility

    ability = NeuroscapeAbility.model_validate({"name": "T", "kind": "activated", "effects": [{"kind": "stability-check"}]})
    events: list[dict] = []
    after = resolve(typed(state), "seat-1", ability, None, None, False, ScriptedStream(10), events)
    assert [e["kind"] for e in events] == ["unstable", "crashed"] and events[1]["faces"] == [10]
    assert after.players["seat-2"].characters == () and after.players["seat-2"].recycle_bin == ("chrome-ferryman",)
    events = []
    kept = resolve(typed(state), "seat-1", ability, None, None, False, ScriptedStream(11), events)
    assert [e["kind"] for e in events] == ["unstable", "survived"] and kept.players["seat-2"].characters[0].id == ferry
    events = []
    resolve(typed(state), "seat-1", NeuroscapeAbility.model_validate(
        {"name": "T", "kind": "activated", "effects": [{"kind": "stability-check", "on": "you"}]}), None, None, False,
        ScriptedStream(), events)
    assert events == [{"kind": "stable", "seat": "seat-1"}]  # stable: no die at all


def test_a_crash_in_a_forced_check_sets_off_leaves_play_triggers():
    state = with_cards(script("test-panic", {"kind": "stability-check", "on": "target"}))
    state = to_substage(through_setup(state), "deploy")
    sable = place_character(state, "seat-2", "sable-circuit", commits=4)["id"]  # uncovered; leaves play: +2 bioframe
    state["players"]["seat-1"]["hand"].append("test-panic")
    bioframe = state["players"]["seat-2"]["bioframe"]
    state, _ = do(state, "seat-1", "play-script", card="test-panic", target="seat-2")
    state, result = do(state, "seat-2", "pass", ScriptedStream(3))
    kinds = [e["kind"] for e in result["events"]]
    assert kinds[kinds.index("resolved"):] == ["resolved", "unstable", "crashed", "triggered", "bioframe-heal"]
    assert state["players"]["seat-2"]["bioframe"] == bioframe + 2 and sable not in str(state["players"]["seat-2"]["characters"])


def test_released_ram_makes_the_owners_maintenance_roll_at_every_stability_check_until_stable():
    state = with_cards(script("test-purge", {"kind": "release-ram", "amount": 2, "on": "target"}))
    state = to_substage(through_setup(state), "deploy")
    a = covered(state, "seat-2", "chrome-ferryman", 2)
    b = covered(state, "seat-2", "static-moth", 2)
    c = covered(state, "seat-2", "static-moth", 1)
    state["players"]["seat-1"]["hand"].append("test-purge")
    state, _ = do(state, "seat-1", "play-script", card="test-purge", target="seat-2")
    state, _ = do(state, "seat-2", "pass")
    assert committed(typed(state).players["seat-2"]) == 3 and required(typed(state), "seat-2") == 5  # A's 2 RAM released

    # Seat-2's first maintenance: a d20 for each of its three characters; 11, 20 and 15 all survive.
    state = to_substage(state, "deploy", stage="secondary")
    state, result = do(state, "seat-1", "pass", ScriptedStream(11, 20, 15))
    rolls = [(e["kind"], e["instance"], e["faces"]) for e in result["events"] if e["kind"] in ("crashed", "survived")]
    assert rolls == [("survived", a, [11]), ("survived", b, [20]), ("survived", c, [15])]
    assert {"kind": "unstable", "seat": "seat-2", "amount": 2} in result["events"]
    assert state["flow"]["active"] == "seat-2" and not is_stable(typed(state), "seat-2")

    # Still unstable at its next maintenance: a 10 crashes A (the text's 1-10), 12 and 13 survive.
    state = to_substage(state, "deploy", stage="secondary")
    state, _ = do(state, "seat-2", "pass")
    state = to_substage(state, "deploy", stage="secondary")
    state, result = do(state, "seat-1", "pass", ScriptedStream(10, 12, 13))
    rolls = [(e["kind"], e["instance"]) for e in result["events"] if e["kind"] in ("crashed", "survived")]
    assert rolls == [("crashed", a), ("survived", b), ("survived", c)]
    assert "chrome-ferryman" in state["players"]["seat-2"]["recycleBin"] and is_stable(typed(state), "seat-2")

    # Stable again: its next stability check rolls no die at all.
    state = to_substage(state, "deploy", stage="secondary")
    state, _ = do(state, "seat-2", "pass")
    state = to_substage(state, "deploy", stage="secondary")
    state, result = do(state, "seat-1", "pass", ScriptedStream())
    assert state["flow"]["active"] == "seat-2" and not [e for e in result["events"] if e["kind"] == "unstable"]


def test_an_extra_turn_follows_the_current_one_and_several_stack():
    state = with_cards(script("test-encore", {"kind": "extra-turn"}, target=None))
    state = to_substage(through_setup(state), "deploy")
    state["players"]["seat-1"]["hand"] += ["test-encore", "test-encore"]
    for _ in range(2):
        state, _ = do(state, "seat-1", "play-script", card="test-encore")
        state, result = do(state, "seat-2", "pass")
        assert {"kind": "extra-turn", "seat": "seat-1"} in result["events"]
    assert state["extraTurns"] == ["seat-1", "seat-1"]
    turns = []
    for _ in range(4):
        state = to_substage(state, "deploy", stage="secondary")
        state, result = do(state, state["flow"]["active"], "pass")
        turns.append((state["flow"]["active"], state["flow"]["turn"]))
    assert turns == [("seat-1", 2), ("seat-1", 3), ("seat-2", 4), ("seat-1", 5)]
    assert state["extraTurns"] == [] and state["regularTurn"] is None


def test_an_extra_turn_granted_on_another_players_turn_comes_next_then_the_rotation_goes_on():
    three = fresh({"cards": [script("test-encore", {"kind": "extra-turn"}, target=None)], "players": [*PLAYERS, PLAYERS[0]],
                   "rules": {"swiftChecks": "settle"}})
    state = to_substage(through_setup(three), "deploy")
    state["extraTurns"] = ["seat-3"]  # granted to seat-3 during seat-1's turn
    turns = []
    for _ in range(3):
        state = to_substage(state, "deploy", stage="secondary")
        state, _ = do(state, state["flow"]["active"], "pass")
        turns.append(state["flow"]["active"])
    assert turns == ["seat-3", "seat-2", "seat-3"]  # seat-3's extra turn, then on from seat-1: seat-2, seat-3


def test_an_eliminated_player_loses_its_extra_turns():
    three = fresh({"players": [*PLAYERS, PLAYERS[0]], "rules": {"swiftChecks": "settle"}})
    state = to_substage(through_setup(three), "deploy")
    state["extraTurns"] = ["seat-3", "seat-3"]
    state, _ = do(state, "seat-3", "concede")
    state = to_substage(state, "deploy", stage="secondary")
    state, result = do(state, "seat-1", "pass")
    assert state["flow"]["active"] == "seat-2" and state["extraTurns"] == [] and state["regularTurn"] is None
    assert "extra-turn-taken" not in [e["kind"] for e in result["events"]]


def test_an_effect_kind_without_a_rule_raises_instead_of_doing_nothing():
    from types import SimpleNamespace

    from service.dice.stream import Stream
    from service.systems.neuroscape.rules.abilities import _apply

    state, _, _ = match()
    with pytest.raises(AssertionError, match="summon-dragon"):
        _apply(typed(state), "seat-1", SimpleNamespace(kind="summon-dragon", on="you"), None, None, 1,  # type: ignore[arg-type]
               Stream(seed="t", scope="t", nonce=0), [])
