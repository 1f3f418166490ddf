"""Abilities: activated ones paid and limited, triggered ones firing at once (active player's first),
passive ones computed from what is in play in a fixed order."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.neuroscape.rules.abilities import stats
from service.systems.neuroscape.rules.legal import legal_actions
from service.systems.neuroscape.state import find_character
from tests.systems.neuroscape.helpers import do, fresh, give_ram, new_instance, place_character, through_setup, to_substage, typed


def at_deploy() -> dict:
    return to_substage(through_setup(fresh()), "deploy")


def atk_def(state: dict, instance_id: str) -> tuple[int, int]:
    s = typed(state)
    found = find_character(s, instance_id)
    assert found is not None
    return stats(s, found[1])


def test_the_ram_that_says_it_draws_a_card_when_it_enters_play_draws_one():
    state = through_setup(fresh())
    state["players"]["seat-1"]["ramDeck"] = {"ghost-cache": 4}
    hand, deck = len(state["players"]["seat-1"]["hand"]), state["players"]["seat-1"]["deck"]
    before = sum(deck["pile"].values())
    state, result = do(state, "seat-1", "draw", main=0, ram=1)
    assert len(state["players"]["seat-1"]["hand"]) == hand + 1
    assert sum(state["players"]["seat-1"]["deck"]["pile"].values()) == before - 1
    kinds = [e["kind"] for e in result["events"]]
    assert kinds == ["drew", "ram-played", "triggered", "drew"]  # none from the main deck, the RAM, its trigger's draw
    assert result["private"] == {"drawn": []}  # the triggered draw is in the hand, never in an event


def test_an_activated_ability_is_paid_resolves_once_all_pass_and_lasts_until_end_of_turn():
    state = at_deploy()
    saint = place_character(state, "seat-1", "lantern-saint")["id"]
    give_ram(state, "seat-1", 2)
    state, result = do(state, "seat-1", "activate", character=saint, ability=0)
    assert state["operations"]["priority"] == "seat-2" and state["flow"]["awaiting"] == ["seat-2"]
    assert [r["status"] for r in state["players"]["seat-1"]["ram"]].count("available") == 1  # 1 RAM paid
    assert atk_def(state, saint) == (3, 2)  # nothing yet: it waits on the order
    state, result = do(state, "seat-2", "pass")
    assert state["operations"] is None and state["flow"]["awaiting"] == ["seat-1"]
    assert [e["kind"] for e in result["events"]][-2:] == ["resolved", "stats-changed"]
    assert atk_def(state, saint) == (5, 2)
    with pytest.raises(RuleViolation) as used:
        do(state, "seat-1", "activate", character=saint, ability=0)
    assert used.value.code == "neuroscape/ability-used"
    state, _ = do(state, "seat-1", "pass")
    state = to_substage(state, "deploy", stage="primary")  # seat-2's turn: the boost has expired
    assert state["flow"]["active"] == "seat-2" and atk_def(state, saint) == (3, 2)


def test_a_running_character_activates_nothing_and_abilities_refresh_in_refresh():
    state = at_deploy()
    saint = place_character(state, "seat-1", "lantern-saint", running=True)["id"]
    give_ram(state, "seat-1", 2)
    with pytest.raises(RuleViolation) as running:
        do(state, "seat-1", "activate", character=saint, ability=0)
    assert running.value.code == "neuroscape/running"
    assert not [a for a in legal_actions(typed(state), "seat-1") if a["action"] == "activate"]
    state["players"]["seat-1"]["characters"][0]["running"] = False
    state["usedAbilities"] = [saint]
    assert not [a for a in legal_actions(typed(state), "seat-1") if a["action"] == "activate"]
    state, _ = do(state, "seat-1", "pass")
    state = to_substage(state, "deploy", stage="primary")  # past seat-2's refresh: seat-1's abilities stay used
    assert state["flow"]["active"] == "seat-2" and state["usedAbilities"] == [saint]
    state, _ = do(state, "seat-2", "pass")
    state = to_substage(state, "deploy", stage="primary")  # seat-1's turn again, past its refresh
    assert state["flow"]["active"] == "seat-1" and state["usedAbilities"] == []


def test_costs_run_discard_and_health_are_paid_when_played():
    state = at_deploy()
    sable = place_character(state, "seat-1", "sable-circuit")["id"]
    moth = place_character(state, "seat-2", "static-moth")["id"]
    give_ram(state, "seat-1", 1)
    state, _ = do(state, "seat-1", "activate", character=sable, ability=0, target=moth)
    assert state["players"]["seat-1"]["characters"][0]["running"] is True  # running it is the cost
    state, result = do(state, "seat-2", "pass")
    assert state["players"]["seat-2"]["characters"][0]["running"] is True
    assert {"kind": "ran", "seat": "seat-2", "instance": moth} in [
        {k: v for k, v in e.items() if v is not None} for e in result["events"]]


def test_a_triggered_ability_resolves_at_once_with_no_order_to_answer_it():
    state = through_setup(fresh())
    breaker = place_character(state, "seat-1", "velvet-breaker")["id"]
    state = to_substage(state, "attack")
    mainframe = state["players"]["seat-2"]["mainframeHealth"]
    state, result = do(state, "seat-1", "attack", attacks=[{"attacker": breaker, "target": "seat-2"}])
    assert state["operations"] is None
    assert state["players"]["seat-2"]["mainframeHealth"] == mainframe - 1
    assert "triggered" in [e["kind"] for e in result["events"]]


def test_simultaneous_triggers_of_two_players_resolve_active_players_first():
    state = to_substage(through_setup(fresh()), "deploy", stage="secondary")
    for seat in ("seat-2", "seat-1"):  # seat-2's is in play first, but seat-1 is active
        place_character(state, seat, "ash-tram-ghost")
    state["players"]["seat-1"]["bioframe"] = 10
    state["players"]["seat-2"]["bioframe"] = 10
    state, result = do(state, "seat-1", "pass")
    fired = [e["seat"] for e in result["events"] if e["kind"] == "triggered"]
    healed = [e["seat"] for e in result["events"] if e["kind"] == "bioframe-heal"]
    assert fired == healed == ["seat-1", "seat-2"]
    assert state["players"]["seat-1"]["bioframe"] == state["players"]["seat-2"]["bioframe"] == 11


def test_destroyed_and_leaves_play_triggers_fire_for_the_card_that_left():
    state = at_deploy()
    courier = place_character(state, "seat-2", "gutter-courier")["id"]
    sable = place_character(state, "seat-2", "sable-circuit")["id"]
    state["players"]["seat-1"]["hand"].append("brightburn-exe")
    hand = len(state["players"]["seat-2"]["hand"])
    bio = state["players"]["seat-2"]["bioframe"]
    state["players"]["seat-1"]["hand"].append("recall-loop")
    give_ram(state, "seat-1", 1)
    # Gutter Courier (DEF 1) destroyed by 1 damage from a passive-less source: its owner draws a card.
    from service.systems.neuroscape.rules.abilities import react, resolve
    from service.systems.neuroscape.rules.zones import card_of
    from service.dice.stream import Stream

    s = typed(state)
    events: list[dict] = []
    s = resolve(s, "seat-1", card_of(s, "brightburn-exe").abilities[0], None, courier, False, Stream(seed="t", scope="t", nonce=0), events)
    s = resolve(s, "seat-1", card_of(s, "brightburn-exe").abilities[0], None, sable, False, Stream(seed="t", scope="t", nonce=1), events)
    assert [e["kind"] for e in events] == ["damage", "destroyed", "damage"]
    s = react(s, events, 0, Stream(seed="t", scope="t", nonce=2))
    assert len(s.players["seat-2"].hand) == hand + 1 and s.players["seat-2"].bioframe == bio
    assert find_character(s, sable) is not None  # 1 damage on DEF 6: no trigger


def test_passives_are_computed_from_what_is_in_play_base_cyberware_passive_then_end_of_turn():
    state = at_deploy()
    ferry = place_character(state, "seat-1", "chrome-ferryman")  # 2/3
    assert atk_def(state, ferry["id"]) == (2, 3)
    gear = new_instance(state, "piston-grip", "seat-1")  # +2 ATK
    state["players"]["seat-1"]["characters"][0]["gear"] = {"right-arm": {**gear, "commits": 0}}
    assert atk_def(state, ferry["id"]) == (4, 3)
    hymn = new_instance(state, "firewall-hymn", "seat-1")  # passive: your characters +0/+1
    state["players"]["seat-1"]["slots"]["top"] = {**hymn, "faceDown": False, "playedTurn": 1, "commits": 0}
    assert atk_def(state, ferry["id"]) == (4, 4)
    state["effects"] = [{"kind": "modify-stats", "source": None, "until": "end-of-turn", "target": ferry["id"],
                         "attack": -6, "defense": -9}]
    assert atk_def(state, ferry["id"]) == (0, 1)  # clamped after everything: ATK 0, DEF 1
    state["effects"] = []
    state["players"]["seat-1"]["slots"]["top"] = None  # the protocol left play: its passive is gone
    assert atk_def(state, ferry["id"]) == (4, 3)
    assert "attack" not in state["players"]["seat-1"]["characters"][0]  # never stored


def test_a_passive_of_the_opponents_card_does_not_reach_your_characters():
    state = at_deploy()
    ferry = place_character(state, "seat-1", "chrome-ferryman")
    hymn = new_instance(state, "firewall-hymn", "seat-2")
    state["players"]["seat-2"]["slots"]["top"] = {**hymn, "faceDown": False, "playedTurn": 1, "commits": 0}
    assert atk_def(state, ferry["id"]) == (2, 3)
