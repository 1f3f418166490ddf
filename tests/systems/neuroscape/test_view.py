"""Hidden information: a seat sees its own hand; of others only counts and public zones; face-down
cards stay face-down; nobody sees a deck's contents; log entries hide others' secrets."""

from __future__ import annotations

import orjson

from service.registry import Actor
from service.systems.neuroscape.rules.piles import deck_size
from service.systems.neuroscape import SYSTEM
from service.systems.neuroscape.view import view_entry

view = SYSTEM.view  # over the state as a session stores it
from tests.systems.neuroscape.helpers import do, fresh, give_ram, through_setup, to_substage, typed

MIRROR = {"players": [{"starterDeck": "gridrunners"}, {"starterDeck": "gridrunners"}]}
SECRET = "crown-of-wires"  # in neither deck: it can only be seen where it really is
ANA, BO = Actor("seat-1", "ana", "player"), Actor("seat-2", "bo", "player")
GM, WATCHER = Actor("seat-3", "gm", "gm"), Actor("seat-4", "eve", "spectator")


def text(value) -> str:
    return orjson.dumps(value).decode()


def with_secret() -> dict:
    state = through_setup(fresh(MIRROR))
    state["players"]["seat-1"]["hand"].append(SECRET)
    return state


def test_a_seat_sees_its_own_hand_and_only_counts_of_others():
    state = with_secret()
    mine, theirs = view(state, ANA), view(state, BO)
    assert SECRET in mine["you"]["hand"] and SECRET in mine["cards"]
    assert "you" in theirs and SECRET not in theirs["you"]["hand"]
    assert SECRET not in text(theirs)
    seat_one = next(p for p in theirs["players"] if p["seat"] == "seat-1")
    assert seat_one["handSize"] == 6 and "hand" not in seat_one and "deckList" not in seat_one


def test_gm_spectator_and_creator_see_the_public_view_only():
    state = with_secret()
    for actor in (GM, WATCHER, None, Actor("seat-1", "gm-at-seat-1", "gm")):
        shown = view(state, actor)
        assert "you" not in shown and SECRET not in text(shown)


def test_nobody_sees_deck_contents_or_order():
    state = with_secret()
    for actor in (ANA, BO, GM):
        shown = view(state, actor)
        assert "pile" not in text(shown) and "bottom" not in text(shown) and "revealed" not in shown
        assert [p["deckSize"] for p in shown["players"]] == [deck_size(typed(state).players[s].deck) for s in ("seat-1", "seat-2")]


def test_face_down_cards_show_face_down_except_to_their_player():
    state = through_setup(fresh({"players": [{"starterDeck": "bastion-choir"}, {"starterDeck": "bastion-choir"}]}))
    state["players"]["seat-1"]["hand"] = ["paper-lantern"] * 2
    give_ram(state, "seat-1", 4)
    state = to_substage(state, "deploy")
    state, result = do(state, "seat-1", "deploy", card="paper-lantern")
    slot_for = {a.seat: next(p for p in view(state, a)["players"] if p["seat"] == "seat-2")["slots"]["top"] for a in (ANA, BO)}
    assert slot_for["seat-1"]["card"] == "paper-lantern"
    assert slot_for["seat-2"] == {"id": slot_for["seat-1"]["id"], "owner": "seat-1", "faceDown": True, "playedTurn": 1}
    entry = {"seq": 9, "seat": "seat-1", "action": "neuroscape/deploy", "input": {"card": "paper-lantern", "slot": None},
             "result": result, "audit": None}
    assert "paper-lantern" not in text(view_entry(entry, BO))
    assert view_entry(entry, ANA)["input"]["card"] == "paper-lantern"


def _draw_entry() -> tuple[dict, dict]:
    state = fresh(MIRROR)
    state, result = do(state, "seat-1", "draw", main=5)
    audit = {"nonce": 0, "draws": [{"sides": 40, "face": 7}], "seed": None, "scope": "session:x:0"}
    return state, {"seq": 0, "seat": "seat-1", "action": "neuroscape/draw", "input": {"main": 5, "ram": 0},
                   "result": result, "audit": audit}


def test_a_draw_entry_hides_the_cards_and_dice_from_other_seats():
    _, entry = _draw_entry()
    for actor in (BO, GM, WATCHER, None):
        shown = view_entry(entry, actor)
        assert shown["result"]["private"] is None and shown["audit"]["draws"] == []
        assert shown["result"]["events"] == [{"kind": "drew", "seat": "seat-1", "amount": 5}]
    assert view_entry(entry, ANA) == entry


def test_a_mulligan_entry_shows_only_how_many_to_others():
    state, _ = _draw_entry()
    hand = state["players"]["seat-1"]["hand"]
    state, result = do(state, "seat-1", "mulligan", bottom=hand[:2])
    entry = {"seq": 1, "seat": "seat-1", "action": "neuroscape/mulligan", "input": {"bottom": hand[:2]},
             "result": result, "audit": {"draws": [{"sides": 33, "face": 2}]}}
    shown = view_entry(entry, BO)
    assert shown["input"] == {"bottomCount": 2} and shown["audit"]["draws"] == [] and shown["result"]["private"] is None


def test_a_closed_session_shows_entries_whole():
    _, entry = _draw_entry()
    assert view_entry(entry, BO, closed=True) == entry


def test_public_entries_pass_unchanged():
    state = through_setup(fresh())
    state, result = do(state, "seat-1", "draw", main=1)
    roll = {"seq": 5, "seat": "seat-1", "action": "neuroscape/roll-off", "input": {}, "result": result,
            "audit": {"draws": [{"sides": 20, "face": 12}]}}
    assert view_entry(roll, BO)["audit"]["draws"] == [{"sides": 20, "face": 12}]
    dice = {"seq": 6, "seat": "seat-1", "action": "dice/roll", "input": {"expression": "1d6"}, "result": {}, "audit": None}
    assert view_entry(dice, BO) == dice


def test_legal_actions_are_only_in_your_own_view():
    state = to_substage(through_setup(fresh()), "deploy")
    assert [e["action"] for e in view(state, BO)["you"]["legalActions"]] == ["concede"]
    assert "pass" in [e["action"] for e in view(state, ANA)["you"]["legalActions"]]


def test_a_finished_match_keeps_hands_decks_and_draw_records_hidden_until_the_close():
    state, _ = _draw_entry()
    state["players"]["seat-1"]["hand"].append(SECRET)
    state, _ = do(state, "seat-2", "concede")
    assert state["outcome"] == {"winner": "seat-1", "reason": "last-standing"}
    for actor in (BO, GM, WATCHER, None):
        shown = view(state, actor)
        assert "revealed" not in shown and SECRET not in text(shown)
        assert "pile" not in text(shown) and "bottom" not in text(shown)
    assert SECRET in view(state, ANA)["you"]["hand"] and "revealed" not in view(state, ANA)


def test_the_close_reveals_hands_decks_and_draw_records():
    state, entry = _draw_entry()
    entry["audit"]["draws"] = [{"sides": 40 - n, "face": n + 1} for n in range(5)]  # the five cards' dice
    state, _ = do(state, "seat-2", "concede")
    shown = view(state, BO, closed=True)
    revealed = shown["revealed"]["seat-1"]
    assert revealed["hand"] == state["players"]["seat-1"]["hand"]
    # The draw's dice are its log entry's, hidden from the other seat until the close shows it whole;
    # the state keeps no copy of them (it would grow with every secret draw of the match).
    assert view_entry(entry, BO)["audit"]["draws"] == []
    assert view_entry(entry, BO, closed=True)["audit"]["draws"] == entry["audit"]["draws"]
    assert "drawAudits" not in state and "drawAudits" not in revealed
