"""Tethers: cyberware joining two characters through the same gear slot of each. It takes that slot on
both, its bonuses apply to both, it stays in play while one of them does and goes to its owner's recycle
bin when both have left; it is one card (counted once), and can be force quit."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.neuroscape.rules.abilities import stats
from service.systems.neuroscape.rules.legal import legal_actions
from service.systems.neuroscape.rules.zones import card_count, leave_play, owned_persistent
from service.systems.neuroscape.state import find_character
from tests.systems.neuroscape.helpers import SETTLED_MATCH, do, fresh, give_ram, place_character, stored, through_setup, to_substage, typed

CORD = {"id": "test-cord", "name": "Test Cord", "type": "cyberware", "cost": 2, "slot": "left-arm", "level": 2,
        "tether": True, "attackBonus": 1, "defenseBonus": 1}
SPLINT = {"id": "test-splint", "name": "Test Splint", "type": "cyberware", "cost": 0, "slot": "left-arm", "level": 1}


def table() -> tuple[dict, str, str, str]:
    """Seat-1 at its deploy holding the cord: Chrome Ferryman (2/3, left arm 2), Sable Circuit (4/6, left
    arm 2) and Lantern Saint (3/2, no left arm) in play."""
    state = to_substage(through_setup(fresh({**SETTLED_MATCH, "cards": [CORD, SPLINT]})), "deploy")
    state["players"]["seat-1"]["hand"] = ["test-cord", "test-splint"]
    give_ram(state, "seat-1", 2)
    ferryman, sable, saint = (place_character(state, "seat-1", c)["id"] for c in ("chrome-ferryman", "sable-circuit", "lantern-saint"))
    return state, ferryman, sable, saint


def tethered() -> tuple[dict, str, str, str]:
    state, ferryman, sable, _ = table()
    state, result = do(state, "seat-1", "deploy", card="test-cord", character=ferryman, tetherTo=sable)
    return state, ferryman, sable, result["events"][0]["instance"]


def character(state: dict, instance_id: str):
    found = find_character(typed(state), instance_id)
    assert found is not None
    return found[1]


def test_a_tether_takes_the_slot_on_both_characters_and_boosts_both():
    state, ferryman, sable, saint = table()
    before = card_count(typed(state), "seat-1")
    menu = next(e for e in legal_actions(typed(state), "seat-1") if e["action"] == "deploy" and e["card"] == "test-cord")
    assert menu["targets"] == [{"character": ferryman, "tetherTo": sable}]  # the saint has no left arm
    state, result = do(state, "seat-1", "deploy", card="test-cord", character=ferryman, tetherTo=sable)
    cord = result["events"][0]["instance"]
    assert [(e["kind"], e["target"]) for e in result["events"]] == [("deployed", ferryman), ("tethered", sable)]
    assert stats(typed(state), character(state, ferryman)) == (3, 4)
    assert stats(typed(state), character(state, sable)) == (5, 7)
    assert character(state, ferryman).gear["left-arm"].id == cord and character(state, sable).tethers["left-arm"].id == cord
    assert card_count(typed(state), "seat-1") == before  # one card, counted once
    assert [i.id for i in owned_persistent(typed(state), "seat-1")].count(cord) == 1
    assert sorted(r["status"] for r in state["players"]["seat-1"]["ram"])[-2:] == ["spent", "spent"]  # not committed
    # The slot is taken on both: other left-arm cyberware fits neither.
    for body in (ferryman, sable):
        with pytest.raises(RuleViolation) as taken:
            do(state, "seat-1", "deploy", card="test-splint", character=body)
        assert taken.value.code == "neuroscape/gear-slot"
    assert saint


def test_a_tether_needs_two_characters_each_with_a_free_slot_of_its_kind_and_level():
    state, ferryman, sable, saint = table()
    for ask, code in (({"character": ferryman}, "neuroscape/wrong-target"),
                      ({"character": ferryman, "tetherTo": ferryman}, "neuroscape/wrong-target"),
                      ({"character": ferryman, "tetherTo": saint}, "neuroscape/gear-slot"),
                      ({"character": ferryman, "tetherTo": "c999"}, "neuroscape/wrong-target")):
        with pytest.raises(RuleViolation) as refused:
            do(state, "seat-1", "deploy", card="test-cord", **ask)
        assert refused.value.code == code, ask
    with pytest.raises(RuleViolation) as plain:
        do(state, "seat-1", "deploy", card="test-splint", character=ferryman, tetherTo=sable)
    assert plain.value.code == "neuroscape/wrong-target" and "tetherTo" in plain.value.detail


@pytest.mark.parametrize("first", ["holder", "other"])
def test_a_tether_stays_while_one_of_its_characters_is_in_play_and_is_recycled_when_both_have_left(first: str):
    state, ferryman, sable, cord = tethered()
    s = typed(state)
    gone, stays = (ferryman, sable) if first == "holder" else (sable, ferryman)
    s, _ = leave_play(s, gone)
    kept = find_character(s, stays)
    assert kept is not None
    assert kept[1].gear["left-arm"].id == cord and kept[1].gear["left-arm"].tether_to is None and kept[1].tethers == {}
    assert "test-cord" not in s.players["seat-1"].recycle_bin
    assert stats(s, kept[1]) == ((5, 7) if stays == sable else (3, 4))  # still boosted
    assert card_count(s, "seat-1") == card_count(typed(state), "seat-1")
    s, _ = leave_play(s, stays)
    assert s.players["seat-1"].recycle_bin.count("test-cord") == 1
    assert cord not in str(stored(s)["players"]["seat-1"]["characters"])
    assert card_count(s, "seat-1") == card_count(typed(state), "seat-1")


def test_a_tether_is_force_quit_off_both_characters():
    state, ferryman, sable, cord = tethered()
    state = to_substage(to_substage(state, "draw"), "draw")  # seat-2's draw
    state, _ = do(state, "seat-2", "draw", main=2, ram=0)
    state = to_substage(state, "force-quit")  # seat-1's next turn
    assert state["flow"]["active"] == "seat-1"
    state, result = do(state, "seat-1", "force-quit", cards=[cord])
    assert {"kind": "force-quit", "seat": "seat-1", "card": "test-cord", "instance": cord} in result["events"]
    assert character(state, ferryman).gear == {} and character(state, sable).tethers == {}
    assert state["players"]["seat-1"]["recycleBin"] == ["test-cord"]
    assert stats(typed(state), character(state, sable)) == (4, 6)

