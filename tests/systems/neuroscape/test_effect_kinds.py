"""Every effect kind resolved on a match, with the rules text's numbers (20 health each, a d20 world)."""

from __future__ import annotations

import pytest

from service.dice.stream import Stream
from service.systems.neuroscape.rules.abilities import resolve
from service.systems.neuroscape.state import NeuroscapeState, find_character
from service.systems.neuroscape.wire.cards import NeuroscapeAbility
from tests.systems.neuroscape.helpers import fresh, give_ram, place_character, stored, through_setup, to_substage, typed


def match() -> tuple[dict, str, str]:
    """Seat-1 at its deploy (20 bioframe, 20 mainframe before its mainframe's bonus) with Sable
    Circuit (4/6); seat-2 with Chrome Ferryman (2/3)."""
    state = to_substage(through_setup(fresh()), "deploy")
    mine = place_character(state, "seat-1", "sable-circuit")["id"]
    theirs = place_character(state, "seat-2", "chrome-ferryman")["id"]
    return state, mine, theirs


def run(state: dict, effect: dict, *, source: str | None = None, target: str | None = None, kind: str = "activated",
        inverted: bool = False) -> tuple[NeuroscapeState, list[dict]]:
    chosen = None
    if effect.get("on", "target") == "target" and effect["kind"] not in ("draw", "heal", "discard", "change-ram", "look-at-top", "win-if"):
        chosen = "order-item" if effect["kind"] in ("counter", "invert-sign") else "character"
    if effect.get("on") == "target" and effect["kind"] in ("draw", "discard", "change-ram"):
        chosen = "player"
    if effect["kind"] in ("damage", "heal") and effect.get("on") == "target":
        chosen = "character" if effect.get("to") == "character" else "player"
    ability = NeuroscapeAbility.model_validate({"name": "T", "kind": kind, "target": chosen, "effects": [effect]})
    events: list[dict] = []
    after = resolve(typed(state), "seat-1", ability, source, target, inverted, Stream(seed="kinds", scope="t", nonce=0), events)
    return after, events


def test_damage_to_a_character_destroys_it_at_its_defense():
    state, _, ferry = match()
    after, events = run(state, {"kind": "damage", "amount": 2, "to": "character"}, target=ferry)
    assert find_character(after, ferry)[1].damage == 2  # type: ignore[index]
    after, events = run(stored(after), {"kind": "damage", "amount": 1, "to": "character"}, target=ferry)
    assert find_character(after, ferry) is None and events[-1]["kind"] == "destroyed"
    assert after.players["seat-2"].recycle_bin == ("chrome-ferryman",)


@pytest.mark.parametrize(("to", "field"), [("bioframe", "bioframe"), ("mainframe", "mainframe_health")])
def test_damage_and_heal_to_a_players_health(to: str, field: str):
    state, _, _ = match()
    before = getattr(typed(state).players["seat-2"], field)
    after, _ = run(state, {"kind": "damage", "amount": 5, "to": to, "on": "opponents"})
    assert getattr(after.players["seat-2"], field) == before - 5
    after, _ = run(stored(after), {"kind": "heal", "amount": 3, "to": to, "on": "target"}, target="seat-2")
    assert getattr(after.players["seat-2"], field) == before - 2


def test_heal_removes_damage_from_a_character():
    state, sable, _ = match()
    state["players"]["seat-1"]["characters"][0]["damage"] = 4
    after, _ = run(state, {"kind": "heal", "amount": 3, "to": "character", "on": "self"}, source=sable)
    assert find_character(after, sable)[1].damage == 1  # type: ignore[index]


def test_draw_and_discard_move_cards_between_deck_hand_and_recycle_bin():
    state, _, _ = match()
    hand, deck = len(state["players"]["seat-1"]["hand"]), sum(state["players"]["seat-1"]["deck"]["pile"].values())
    after, _ = run(state, {"kind": "draw", "count": 2})
    assert len(after.players["seat-1"].hand) == hand + 2 and sum(after.players["seat-1"].deck.pile.values()) == deck - 2
    theirs = len(after.players["seat-2"].hand)
    after, events = run(stored(after), {"kind": "discard", "count": 2, "on": "opponents"})
    assert len(after.players["seat-2"].hand) == theirs - 2 and len(after.players["seat-2"].recycle_bin) == 2
    assert [e["kind"] for e in events] == ["discarded", "discarded"]


def test_look_at_top_fixes_the_top_cards_for_their_owner_or_puts_them_under():
    state, _, _ = match()
    after, _ = run(state, {"kind": "look-at-top", "count": 3})
    top = after.players["seat-1"].deck.top
    assert len(top) == 3
    drawn, _ = run(stored(after), {"kind": "draw", "count": 2})
    assert drawn.players["seat-1"].hand[-2:] == top[:2] and drawn.players["seat-1"].deck.top == top[2:]
    under, _ = run(state, {"kind": "look-at-top", "count": 2, "then": "bottom"})
    assert under.players["seat-1"].deck.top == () and len(under.players["seat-1"].deck.bottom) == 2


def test_gain_and_lose_available_ram():
    state, _, _ = match()
    give_ram(state, "seat-2", 3)
    give_ram(state, "seat-1", 2, status="spent")
    after, _ = run(state, {"kind": "change-ram", "amount": -2, "on": "opponents"})
    assert [r.status for r in after.players["seat-2"].ram].count("available") == 1
    after, _ = run(state, {"kind": "change-ram", "amount": 1})
    assert [r.status for r in after.players["seat-1"].ram].count("available") == 1
    after, _ = run(state, {"kind": "change-ram", "amount": 1}, inverted=True)  # + becomes -: nothing available to lose
    assert [r.status for r in after.players["seat-1"].ram].count("available") == 0


def test_destroy_return_to_hand_run_and_refresh():
    state, _, ferry = match()
    after, events = run(state, {"kind": "destroy"}, target=ferry)
    assert find_character(after, ferry) is None and after.players["seat-2"].recycle_bin == ("chrome-ferryman",)
    after, _ = run(state, {"kind": "return-to-hand"}, target=ferry)
    assert after.players["seat-2"].hand[-1] == "chrome-ferryman" and after.players["seat-2"].recycle_bin == ()
    after, _ = run(state, {"kind": "run"}, target=ferry)
    assert find_character(after, ferry)[1].running  # type: ignore[index]
    after, _ = run(stored(after), {"kind": "refresh"}, target=ferry)
    assert not find_character(after, ferry)[1].running  # type: ignore[index]


def test_modify_stats_while_in_play_lasts_while_its_source_does():
    from service.systems.neuroscape.rules.abilities import stats

    state, sable, ferry = match()
    after, _ = run(state, {"kind": "modify-stats", "attack": 1, "defense": 2, "duration": "while-in-play"},
                   source=sable, target=ferry)
    assert stats(after, find_character(after, ferry)[1]) == (3, 5)  # type: ignore[index]
    gone, _ = run(stored(after), {"kind": "destroy", "on": "self"}, source=sable)
    assert stats(gone, find_character(gone, ferry)[1]) == (2, 3)  # type: ignore[index]


def test_if_x_you_win():
    state, _, _ = match()
    after, _ = run(state, {"kind": "win-if", "condition": "controls-characters", "atLeast": 2})
    assert after.players["seat-2"].eliminated is None  # one character: the condition does not hold
    place_character(state, "seat-1", "gutter-courier")
    after, events = run(state, {"kind": "win-if", "condition": "controls-characters", "atLeast": 2})
    assert after.players["seat-2"].eliminated == "mic-drop" and events[0]["kind"] == "mic-drop"
