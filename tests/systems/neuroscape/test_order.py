"""The order of operations: swift actions answered by others on top, resolved last-first once all pass,
counters that remove an item, sign swaps, and targets checked again when an item resolves."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.neuroscape.rules.abilities import stats
from service.systems.neuroscape.rules.legal import legal_actions
from service.systems.neuroscape.state import find_character
from service.systems.neuroscape.view import view
from service.registry import Actor
from tests.systems.neuroscape.helpers import do, fresh, give_ram, place_character, through_setup, to_substage, typed


def table(*hands: list[str]) -> tuple[dict, str]:
    """Seat-1 at its primary deploy with Lantern Saint (3/2; 1 RAM, swift: +2/+0 until end of turn); RAM
    and the given scripts in each seat's hand."""
    state = to_substage(through_setup(fresh()), "deploy")
    saint = place_character(state, "seat-1", "lantern-saint")["id"]
    for seat, hand in zip(("seat-1", "seat-2"), hands, strict=False):
        state["players"][seat]["hand"] = list(hand)
        give_ram(state, seat, 4)
    return state, saint


def atk_def(state: dict, instance_id: str) -> tuple[int, int]:
    s = typed(state)
    found = find_character(s, instance_id)
    assert found is not None
    return stats(s, found[1])


def kinds(result: dict, *wanted: str) -> list[tuple[str, str | None]]:
    return [(e["kind"], e.get("item")) for e in result["events"] if e["kind"] in wanted]


def test_the_texts_example_a_boost_answered_by_a_sign_swap_resolves_as_minus_two():
    state, saint = table([], ["mirror-glitch"])
    state, _ = do(state, "seat-1", "activate", character=saint, ability=0)
    menu = legal_actions(typed(state), "seat-2")
    assert {"action": "play-script", "card": "mirror-glitch", "targets": ["o1"]} in menu and {"action": "pass"} in menu
    assert legal_actions(typed(state), "seat-1") == [{"action": "concede"}]  # seat-2 holds priority
    state, _ = do(state, "seat-2", "play-script", card="mirror-glitch", target="o1")
    order = state["operations"]
    assert [(i["id"], i["seat"], i["card"], i["target"]) for i in order["items"]] == [
        ("o1", "seat-1", "lantern-saint", None), ("o2", "seat-2", "mirror-glitch", "o1")]
    assert order["priority"] == "seat-1" and state["flow"]["awaiting"] == ["seat-1"]
    state, result = do(state, "seat-1", "pass")
    assert kinds(result, "resolved") == [("resolved", "o2"), ("resolved", "o1")]  # last played first
    assert atk_def(state, saint) == (1, 2)  # 3 - 2: the +2/+0 became -2/-0
    assert state["operations"] is None and state["flow"]["awaiting"] == ["seat-1"]  # back to seat-1's deploy
    assert state["players"]["seat-2"]["recycleBin"] == ["mirror-glitch"]


def test_three_deep_two_sign_swaps_cancel_out():
    state, saint = table(["mirror-glitch"], ["mirror-glitch"])
    state, _ = do(state, "seat-1", "activate", character=saint, ability=0)
    state, _ = do(state, "seat-2", "play-script", card="mirror-glitch", target="o1")
    state, _ = do(state, "seat-1", "play-script", card="mirror-glitch", target="o1")
    assert [i["id"] for i in state["operations"]["items"]] == ["o1", "o2", "o3"]
    assert state["operations"]["priority"] == "seat-2"
    state, result = do(state, "seat-2", "pass")
    assert kinds(result, "resolved") == [("resolved", "o3"), ("resolved", "o2"), ("resolved", "o1")]
    assert atk_def(state, saint) == (5, 2)


def test_a_counter_removes_its_target_and_a_counter_of_a_counter_lets_it_through():
    state, saint = table([], ["null-route"])
    state, _ = do(state, "seat-1", "activate", character=saint, ability=0)
    state, _ = do(state, "seat-2", "play-script", card="null-route", target="o1")
    state, result = do(state, "seat-1", "pass")
    assert kinds(result, "resolved", "countered") == [("resolved", "o2"), ("countered", "o1")]
    assert atk_def(state, saint) == (3, 2)  # it never resolved

    state, saint = table(["null-route"], ["null-route"])
    state, _ = do(state, "seat-1", "activate", character=saint, ability=0)
    state, _ = do(state, "seat-2", "play-script", card="null-route", target="o1")
    state, _ = do(state, "seat-1", "play-script", card="null-route", target="o2")
    state, result = do(state, "seat-2", "pass")
    assert kinds(result, "resolved", "countered") == [("resolved", "o3"), ("countered", "o2"), ("resolved", "o1")]
    assert atk_def(state, saint) == (5, 2)


def test_an_item_whose_target_left_play_fizzles_and_the_answer_says_so():
    state, _ = table([], ["recall-loop"])
    sable = place_character(state, "seat-1", "sable-circuit")["id"]
    moth = place_character(state, "seat-2", "static-moth")["id"]
    state, _ = do(state, "seat-1", "activate", character=sable, ability=0, target=moth)  # run target character
    state, _ = do(state, "seat-2", "play-script", card="recall-loop", target=moth)  # back to seat-2's hand
    state, result = do(state, "seat-1", "pass")
    fizzled = [e for e in result["events"] if e["kind"] == "fizzled"]
    assert [(e["item"], e["target"], e["reason"]) for e in fizzled] == [("o1", moth, "target-left-play")]
    assert "static-moth" in state["players"]["seat-2"]["hand"]
    assert state["players"]["seat-1"]["characters"][-1]["running"] is True  # the cost stays paid


def test_all_but_the_last_player_must_pass_in_a_row_with_three_players():
    setup = {"players": [{"starterDeck": "gridrunners"}, {"starterDeck": "bastion-choir"}, {"starterDeck": "gridrunners"}]}
    state = to_substage(through_setup(fresh(setup)), "deploy")
    saint = place_character(state, "seat-1", "lantern-saint")["id"]
    give_ram(state, "seat-1", 2)
    state, _ = do(state, "seat-1", "activate", character=saint, ability=0)
    assert state["operations"]["priority"] == "seat-2"
    state, _ = do(state, "seat-2", "pass")
    assert state["operations"]["priority"] == "seat-3" and state["operations"]["passes"] == 1
    with pytest.raises(RuleViolation) as early:
        do(state, "seat-2", "pass")
    assert early.value.code == "neuroscape/out-of-turn"
    state, _ = do(state, "seat-3", "pass")
    assert state["operations"] is None and atk_def(state, saint) == (5, 2)


def test_only_swift_actions_and_passes_are_taken_while_the_order_is_open():
    state, saint = table(["gutter-courier"], [])
    state, _ = do(state, "seat-1", "activate", character=saint, ability=0)
    with pytest.raises(RuleViolation) as waiting:
        do(state, "seat-1", "deploy", card="gutter-courier")
    assert waiting.value.code == "neuroscape/out-of-turn"  # seat-2 has priority
    state["operations"]["priority"] = "seat-1"
    state["flow"]["awaiting"] = ["seat-1"]
    with pytest.raises(RuleViolation) as stage:
        do(state, "seat-1", "deploy", card="gutter-courier")
    assert stage.value.code == "neuroscape/wrong-stage"


def test_a_script_in_hand_shows_on_the_order_only_once_played_and_a_hand_never_leaks():
    state, saint = table([], ["recall-loop"])  # a card of seat-2's deck only
    place_character(state, "seat-2", "ash-tram-ghost")
    state, _ = do(state, "seat-1", "activate", character=saint, ability=0)
    seen = view(typed(state), Actor(seat="seat-1", role="player", name="ana"))
    assert seen["order"]["items"][0]["card"] == "lantern-saint"
    assert "recall-loop" not in str(seen)
    assert seen["you"]["legalActions"] == [{"action": "concede"}]
    with pytest.raises(RuleViolation) as refused:
        do(state, "seat-1", "play-script", card="null-route", target="o1")
    assert refused.value.code == "neuroscape/out-of-turn"  # seat-2 holds priority; nothing of any hand is said
    assert "recall-loop" not in refused.value.detail
    theirs = view(typed(state), Actor(seat="seat-2", role="player", name="bo"))
    ghost = theirs["players"][1]["characters"][0]["id"]
    assert {"action": "play-script", "card": "recall-loop", "targets": [ghost]} in theirs["you"]["legalActions"]
    state, _ = do(state, "seat-2", "play-script", card="recall-loop", target=ghost)
    seen = view(typed(state), Actor(seat="seat-1", role="player", name="ana"))
    assert seen["order"]["items"][1]["card"] == "recall-loop"  # played, it is public


def test_a_look_at_the_top_shows_the_cards_to_their_owner_only_and_they_are_drawn_next():
    state, _ = table([], [])
    oracle = place_character(state, "seat-1", "rust-oracle")["id"]
    state, _ = do(state, "seat-1", "activate", character=oracle, ability=0)
    state, result = do(state, "seat-2", "pass")
    top = state["players"]["seat-1"]["deck"]["top"]
    assert len(top) == 1 and top[0] not in str(result["events"])
    mine = view(typed(state), Actor(seat="seat-1", role="player", name="ana"))
    theirs = view(typed(state), Actor(seat="seat-2", role="player", name="bo"))
    assert mine["you"]["deckTop"] == top and theirs["you"]["deckTop"] == []
    assert not {"deck", "deckTop", "hand"} & set(theirs["players"][0])


def test_the_dice_of_a_draw_for_another_seat_stay_hidden_in_every_entry_until_the_close():
    from service.systems.neuroscape.view import view_entry

    events = [{"kind": "passed", "seat": "seat-2"}, {"kind": "resolved", "seat": "seat-1", "item": "o1"},
              {"kind": "drew", "seat": "seat-1", "amount": 1}]
    entry = {"seat": "seat-2", "action": "neuroscape/pass", "input": {}, "result": {"events": events, "private": None},
             "audit": {"nonce": 3, "draws": [{"sides": 30, "face": 7}]}}
    passer = view_entry(entry, Actor(seat="seat-2", role="player", name="bo"))
    drawer = view_entry(entry, Actor(seat="seat-1", role="player", name="ana"))
    assert passer["audit"]["draws"] == [] and drawer["audit"]["draws"] == []
    assert view_entry(entry, None, closed=True)["audit"]["draws"] == [{"sides": 30, "face": 7}]
    own = {**entry, "result": {"events": [{"kind": "drew", "seat": "seat-2", "amount": 1}], "private": None}}
    assert view_entry(own, Actor(seat="seat-2", role="player", name="bo"))["audit"]["draws"] == [{"sides": 30, "face": 7}]
