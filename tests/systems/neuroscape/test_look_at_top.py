"""Looking at the top of a deck: only the ability's controller learns the cards, of its own deck, a chosen
player's or each opponent's; the deck records who knows how many; `reorder` stops the match for the looker
alone until it names the new order (`arrange-top`), and a refused order changes nothing."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.registry import Actor
from service.systems.neuroscape.rules.legal import legal_actions
from service.systems.neuroscape.view import view
from tests.systems.neuroscape.helpers import (
    do,
    fresh,
    give_ram,
    place_character,
    through_setup,
    to_substage,
    typed,
)
from tests.systems.neuroscape.test_effects_ram import PLAYERS, script

ANA = Actor(seat="seat-1", role="player", name="ana")
BO = Actor(seat="seat-2", role="player", name="bo")
CY = Actor(seat="seat-3", role="player", name="cy")
SPECTATOR = Actor(seat="seat-9", role="spectator", name="eve")


def peek(card_id: str, count: int, then: str, on: str = "target", *more: dict) -> dict:
    return script(card_id, {"kind": "look-at-top", "count": count, "on": on, "then": then}, *more,
                  target="opponent" if on == "target" else None)


CARDS = [
    peek("test-peek", 3, "keep"),
    peek("test-sift", 3, "reorder"),
    peek("test-bury", 2, "bottom"),
    peek("test-scry-all", 2, "reorder", "opponents"),
    peek("test-sift-draw", 3, "reorder", "you", {"kind": "draw", "count": 1}),
]


def table(players: int = 2) -> dict:
    """Seat-1 at its primary deploy holding every test script (they cost nothing)."""
    state = to_substage(through_setup(fresh({"cards": CARDS, "players": [*PLAYERS, PLAYERS[0]][:players], "rules": {"swiftChecks": "settle"}})), "deploy")
    state["players"]["seat-1"]["hand"] += [c["id"] for c in CARDS]
    return state


def play(state: dict, card: str, target: str | None = "seat-2") -> tuple[dict, dict]:
    """Seat-1 plays the script; every other player passes, and the order resolves."""
    state, _ = do(state, "seat-1", "play-script", card=card, **({"target": target} if target else {}))
    for _ in range(len(state["order"]) - 1):
        state, result = do(state, state["flow"]["awaiting"][0], "pass")
    return state, result


def seen(state: dict, actor) -> dict:
    return view(typed(state), actor)


def test_a_look_at_an_opponents_top_shows_the_cards_to_the_looker_alone():
    state, result = play(table(), "test-peek")
    deck = state["players"]["seat-2"]["deck"]
    top = deck["top"]
    assert len(top) == 3 and deck["known"] == {"seat-1": 3}
    assert {"kind": "looked-at-top", "seat": "seat-1", "target": "seat-2", "amount": 3, "reason": "keep"} in [
        {k: v for k, v in e.items() if v is not None} for e in result["events"]]
    assert not set(top) & set(str(result["events"]).split("'"))  # the events name no card
    assert seen(state, ANA)["you"]["knownTops"] == {"seat-2": top}
    owner = seen(state, BO)["you"]
    assert owner["deckTop"] == [] and owner["knownTops"] == {}  # not even the deck's owner: it did not look
    assert "knownTops" not in str(seen(state, SPECTATOR)) and "deckTop" not in str(seen(state, None))


def test_drawing_a_known_card_keeps_the_rest_known_and_the_next_look_keeps_what_others_knew():
    state, _ = play(table(), "test-peek")
    top = state["players"]["seat-2"]["deck"]["top"]
    state = to_substage(state, "draw")  # seat-2's draw: it takes the top two, which seat-1 knows
    state, result = do(state, "seat-2", "draw", main=2, ram=0)
    assert result["private"]["drawn"] == top[:2]
    assert state["players"]["seat-2"]["deck"]["known"] == {"seat-1": 1}
    assert seen(state, ANA)["you"]["knownTops"] == {"seat-2": top[2:]}


def test_bottom_puts_the_looked_at_cards_under_the_deck():
    state, _ = play(table(), "test-bury")
    deck = state["players"]["seat-2"]["deck"]
    assert deck["top"] == [] and deck["known"] == {} and len(deck["bottom"]) == 2


def test_each_opponents_deck_is_looked_at_and_the_looker_arranges_each_in_turn():
    state, result = play(table(3), "test-scry-all", None)
    assert [e["target"] for e in result["events"] if e["kind"] == "looked-at-top"] == ["seat-2", "seat-3"]
    assert state["choice"]["kind"] == "arrange-top" and state["flow"]["awaiting"] == ["seat-1"]
    assert legal_actions(typed(state), "seat-1") == [
        {"action": "arrange-top", "deck": "seat-2", "count": 2}, {"action": "arrange-top", "deck": "seat-3", "count": 2},
        {"action": "concede"}]
    tops = {s: state["players"][s]["deck"]["top"] for s in ("seat-2", "seat-3")}
    state, _ = do(state, "seat-1", "arrange-top", deck="seat-3", order=[1, 0])
    assert state["choice"]["decks"] == [{"deck": "seat-2", "count": 2}]
    state, _ = do(state, "seat-1", "arrange-top", deck="seat-2", order=[0, 1])
    assert state["choice"] is None and state["flow"]["awaiting"] == ["seat-1"]  # back to seat-1's deploy
    assert state["players"]["seat-3"]["deck"]["top"] == tops["seat-3"][::-1]
    assert state["players"]["seat-2"]["deck"]["top"] == tops["seat-2"]
    assert seen(state, CY)["you"]["knownTops"] == {} and set(seen(state, ANA)["you"]["knownTops"]) == {"seat-2", "seat-3"}


def test_reorder_waits_for_the_looker_alone_and_nothing_else_happens_meanwhile():
    state, _ = play(table(), "test-sift")
    top = state["players"]["seat-2"]["deck"]["top"]
    assert state["choice"] == {"kind": "arrange-top", "seat": "seat-1", "decks": [{"deck": "seat-2", "count": 3}],
                               "triggers": [], "resume": ["seat-1"], "rest": None}
    assert state["flow"]["awaiting"] == ["seat-1"] and legal_actions(typed(state), "seat-2") == [{"action": "concede"}]
    for seat, action, fields, code in (
        ("seat-2", "pass", {}, "neuroscape/out-of-turn"),
        ("seat-1", "pass", {}, "neuroscape/wrong-stage"),
        ("seat-1", "play-script", {"card": "test-peek", "target": "seat-2"}, "neuroscape/wrong-stage"),
        ("seat-1", "order-triggers", {"order": ["t1"]}, "neuroscape/wrong-stage"),
        ("seat-1", "arrange-top", {"deck": "seat-2", "order": [0, 1]}, "neuroscape/bad-arrangement"),
        ("seat-1", "arrange-top", {"deck": "seat-2", "order": [0, 1, 1]}, "neuroscape/bad-arrangement"),
        ("seat-1", "arrange-top", {"deck": "seat-1", "order": [0, 1, 2]}, "neuroscape/not-looked-at"),
        ("seat-2", "arrange-top", {"deck": "seat-2", "order": [0, 1, 2]}, "neuroscape/out-of-turn"),
    ):
        with pytest.raises(RuleViolation) as refused:
            do(state, seat, action, **fields)
        assert refused.value.code == code, (action, fields)
        assert not set(top) & set(refused.value.detail.replace(",", " ").replace("'", " ").split())
    state, result = do(state, "seat-1", "arrange-top", deck="seat-2", order=[2, 0, 1])
    assert state["players"]["seat-2"]["deck"]["top"] == [top[2], top[0], top[1]]
    assert {"kind": "arranged-top", "seat": "seat-1", "target": "seat-2", "amount": 3} in [
        {k: v for k, v in e.items() if v is not None} for e in result["events"]]
    assert state["choice"] is None and seen(state, ANA)["you"]["knownTops"] == {"seat-2": [top[2], top[0], top[1]]}


def test_a_reorder_hides_the_new_order_from_a_seat_that_knew_the_cards():
    state = table()
    state["players"]["seat-2"]["hand"].append("test-peek")
    state, _ = play(state, "test-peek")  # seat-1 knows seat-2's top three...
    deck = state["players"]["seat-2"]["deck"]
    deck["known"]["seat-2"] = 3  # ...and so, as if it had looked too, does seat-2
    state, _ = play(state, "test-sift")
    state, _ = do(state, "seat-1", "arrange-top", deck="seat-2", order=[0, 2, 1])
    assert state["players"]["seat-2"]["deck"]["known"] == {"seat-1": 3, "seat-2": 1}  # only the card that stayed
    assert seen(state, BO)["you"]["deckTop"] == state["players"]["seat-2"]["deck"]["top"][:1]


def test_the_rest_of_the_ability_and_of_the_order_resolve_after_the_arrangement():
    state = table()
    saint = place_character(state, "seat-2", "lantern-saint")["id"]
    give_ram(state, "seat-2", 1)
    state, _ = do(state, "seat-1", "play-script", card="test-sift-draw")
    state, _ = do(state, "seat-2", "activate", character=saint, ability=0)  # on top: +2/+0, resolves first
    state, result = do(state, "seat-1", "pass")
    assert [e["kind"] for e in result["events"]][-5:] == ["passed", "resolved", "stats-changed", "resolved", "looked-at-top"]
    assert state["choice"]["rest"]["start"] == 1 and state["operations"]["resolving"] is True
    assert state["operations"]["items"] == []  # both popped: the boost resolved, the script stopped half-way
    top = state["players"]["seat-1"]["deck"]["top"]
    hand = list(state["players"]["seat-1"]["hand"])
    state, result = do(state, "seat-1", "arrange-top", deck="seat-1", order=[1, 2, 0])
    assert state["players"]["seat-1"]["hand"] == [*hand, top[1]]  # its draw came after: the new top card
    assert state["players"]["seat-1"]["deck"]["top"] == [top[2], top[0]]
    assert state["operations"] is None and state["flow"]["awaiting"] == ["seat-1"]
    assert [e["kind"] for e in result["events"]] == ["arranged-top", "drew"]


def test_a_looker_who_concedes_leaves_the_cards_as_they_lie_and_the_match_goes_on():
    state, _ = play(table(3), "test-scry-all", None)
    tops = {s: state["players"][s]["deck"]["top"] for s in ("seat-2", "seat-3")}
    state, _ = do(state, "seat-1", "concede")
    assert state["choice"] is None and state["flow"]["active"] == "seat-2"
    assert {s: state["players"][s]["deck"]["top"] for s in tops} == tops


def test_another_player_conceding_while_the_looker_arranges_keeps_the_match_waiting_for_the_looker():
    state, _ = play(table(3), "test-scry-all", None)
    state, _ = do(state, "seat-3", "concede")
    assert state["flow"]["awaiting"] == ["seat-1"] and state["choice"]["kind"] == "arrange-top"
    state, _ = do(state, "seat-1", "arrange-top", deck="seat-2", order=[1, 0])
    state, _ = do(state, "seat-1", "arrange-top", deck="seat-3", order=[1, 0])
    assert state["choice"] is None and state["flow"]["awaiting"] == ["seat-1"]
