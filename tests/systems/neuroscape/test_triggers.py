"""Triggered abilities: `card-effect` triggers in the active player's maintenance, simultaneous triggers of
two players (active player's first, then seat order), a player ordering its own (`order-triggers`, the
default `triggerOrder: ask`) with different results for different orders, or nobody asked (`printed`)."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.neuroscape.rules.legal import legal_actions
from service.systems.neuroscape.rules.ram import committed
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
from tests.systems.neuroscape.test_effects_ram import PLAYERS, covered


def character(card_id: str, trigger: str, *effects: dict) -> dict:
    return {"id": card_id, "name": card_id.replace("-", " ").title(), "type": "character", "cost": 0, "attack": 0,
            "defense": 5, "abilities": [{"name": "Pulse", "kind": "triggered", "trigger": trigger, "effects": list(effects)}]}


CARDS = [
    character("test-relay", "card-effect", {"kind": "change-ram", "amount": 1}),  # you gain 1 available RAM
    character("test-lock", "card-effect", {"kind": "commit-ram", "amount": 2}),  # commit 2 of your available RAM
    character("test-beacon", "end-of-turn", {"kind": "damage", "amount": 1, "to": "mainframe", "on": "opponents"}),
    character("test-chime", "end-of-turn", {"kind": "heal", "amount": 2, "to": "bioframe"}),
]
RELAY, LOCK, BEACON, CHIME = (c["id"] for c in CARDS)


def table(rules: dict | None = None) -> dict:
    """Seat-1 at its secondary deploy: its pass ends the turn and starts seat-2's maintenance."""
    # Turns are walked without swift checks (see helpers.SETTLED_MATCH).
    setup = {"cards": CARDS, "players": PLAYERS, "rules": {"swiftChecks": "settle", **(rules or {})}}
    return to_substage(through_setup(fresh(setup)), "deploy", stage="secondary")


def triggered(result: dict) -> list[tuple[str, str]]:
    return [(e["seat"], e["card"]) for e in result["events"] if e["kind"] == "triggered"]


def test_card_effect_triggers_fire_in_the_active_players_card_effect_substage_only():
    state = table()
    mine = place_character(state, "seat-1", RELAY)
    theirs = place_character(state, "seat-2", RELAY)
    give_ram(state, "seat-1", 1, status="spent")
    give_ram(state, "seat-2", 1, status="spent")
    state, result = do(state, "seat-1", "pass")  # seat-2's maintenance
    assert triggered(result) == [("seat-2", RELAY)]
    fired = next(e for e in result["events"] if e["kind"] == "triggered")
    assert (fired["instance"], fired["reason"]) == (theirs["id"], "card-effect")
    assert [r["status"] for r in state["players"]["seat-2"]["ram"]] == ["available"]
    assert [r["status"] for r in state["players"]["seat-1"]["ram"]] == ["spent"] and mine["id"]


def test_card_effect_triggers_resolve_before_the_stability_check():
    state = table()
    place_character(state, "seat-2", LOCK)
    covered(state, "seat-2", "chrome-ferryman", 2)
    state["players"]["seat-2"]["ram"][-1].update(status="available", **{"for": None})  # one of its 2 RAM released
    give_ram(state, "seat-2", 1)
    assert committed(typed(state).players["seat-2"]) == 1  # unstable: it covers 1 of 2
    state, result = do(state, "seat-1", "pass")  # no die is scripted: the lock commits 2 before the check
    kinds = [e["kind"] for e in result["events"]]
    assert "triggered" in kinds and "unstable" not in kinds and committed(typed(state).players["seat-2"]) == 3


def test_a_player_with_two_triggers_set_off_at_once_orders_them_and_each_order_gives_its_own_result():
    state = table()
    relay, lock = place_character(state, "seat-2", RELAY)["id"], place_character(state, "seat-2", LOCK)["id"]
    give_ram(state, "seat-2", 1)
    give_ram(state, "seat-2", 1, status="spent")
    state, _ = do(state, "seat-1", "pass")
    choice = state["choice"]
    assert (choice["kind"], choice["seat"], state["flow"]["awaiting"]) == ("order-triggers", "seat-2", ["seat-2"])
    assert (state["flow"]["stage"], state["flow"]["substage"]) == ("maintenance", "card-effect")
    pending = {t["instance"]: t["id"] for t in state["triggers"]}
    assert [(t["card"], t["trigger"]) for t in state["triggers"]] == [(RELAY, "card-effect"), (LOCK, "card-effect")]
    assert choice["triggers"] == [pending[relay], pending[lock]]
    shown = view(typed(state), None)
    assert shown["choice"]["triggers"] == choice["triggers"] and [t["instance"] for t in shown["triggers"]] == [relay, lock]
    assert legal_actions(typed(state), "seat-2") == [{"action": "order-triggers", "triggers": choice["triggers"]},
                                                     {"action": "concede"}]
    assert legal_actions(typed(state), "seat-1") == [{"action": "concede"}]

    gain_first, result = do(state, "seat-2", "order-triggers", order=[pending[relay], pending[lock]])
    assert triggered(result) == [("seat-2", RELAY), ("seat-2", LOCK)]
    assert committed(typed(gain_first).players["seat-2"]) == 2  # gained 1, then both available RAM committed
    lock_first, result = do(state, "seat-2", "order-triggers", order=[pending[lock], pending[relay]])
    assert triggered(result) == [("seat-2", LOCK), ("seat-2", RELAY)]
    ram = [r["status"] for r in lock_first["players"]["seat-2"]["ram"]]
    assert ram.count("committed") == 1 and ram.count("available") == 1  # committed the 1 it had, then gained 1
    for after in (gain_first, lock_first):
        assert after["choice"] is None and after["triggers"] == [] and after["flow"]["substage"] == "force-quit"


@pytest.mark.parametrize("order", [["t1"], ["t1", "t1"], ["t1", "t2", "t3"], ["t2", "t9"]])
def test_a_refused_order_of_triggers_changes_nothing(order: list[str]):
    state = table()
    place_character(state, "seat-2", RELAY)
    place_character(state, "seat-2", LOCK)
    state, _ = do(state, "seat-1", "pass")
    assert state["choice"]["triggers"] == ["t1", "t2"]
    before = typed(state)
    with pytest.raises(RuleViolation) as refused:
        do(state, "seat-2", "order-triggers", order=order)
    assert refused.value.code == "neuroscape/bad-trigger-order" and "t1, t2" in refused.value.detail
    assert typed(state) == before
    state["players"]["seat-2"]["hand"].append("sidestep-script")  # a swift script: it cannot answer a trigger
    for seat, action, fields in (("seat-1", "order-triggers", {"order": ["t1", "t2"]}), ("seat-2", "pass", {}),
                                 ("seat-2", "arrange-top", {"deck": "seat-2", "order": [0]}),
                                 ("seat-2", "play-script", {"card": "sidestep-script", "target": "c1"})):
        with pytest.raises(RuleViolation) as refused:
            do(state, seat, action, **fields)
        assert refused.value.code == ("neuroscape/out-of-turn" if seat == "seat-1" else "neuroscape/wrong-stage")


def test_order_triggers_is_refused_when_no_choice_waits():
    state = table()
    with pytest.raises(RuleViolation) as refused:
        do(state, "seat-1", "order-triggers", order=["t1"])
    assert refused.value.code == "neuroscape/wrong-stage"


def test_simultaneous_triggers_of_two_players_active_players_first_each_ordering_its_own():
    state = table()
    for seat in ("seat-2", "seat-1"):  # seat-2's are in play first, but seat-1 is active
        place_character(state, seat, BEACON)
        place_character(state, seat, CHIME)
    for seat in ("seat-1", "seat-2"):
        state["players"][seat]["bioframe"] = 10
    state, result = do(state, "seat-1", "pass")  # end of seat-1's turn: four end-of-turn triggers at once
    assert state["choice"]["seat"] == "seat-1" and [t["seat"] for t in state["triggers"]] == ["seat-1"] * 2 + ["seat-2"] * 2
    chime, beacon = state["choice"]["triggers"][::-1]
    state, result = do(state, "seat-1", "order-triggers", order=[chime, beacon])
    assert triggered(result) == [("seat-1", CHIME), ("seat-1", BEACON)]  # then it waits for seat-2's order
    assert state["choice"]["seat"] == "seat-2" and state["flow"]["awaiting"] == ["seat-2"]
    beacon2, chime2 = state["choice"]["triggers"]
    state, result = do(state, "seat-2", "order-triggers", order=[beacon2, chime2])
    assert triggered(result) == [("seat-2", BEACON), ("seat-2", CHIME)]
    assert state["players"]["seat-1"]["bioframe"] == state["players"]["seat-2"]["bioframe"] == 12
    assert state["flow"]["active"] == "seat-2"  # the turn passed once every trigger had resolved


def test_printed_order_asks_nobody_and_keeps_the_order_of_play():
    state = table({"triggerOrder": "printed"})
    for seat in ("seat-2", "seat-1"):
        place_character(state, seat, BEACON)
        place_character(state, seat, CHIME)
    state, result = do(state, "seat-1", "pass")
    assert state["choice"] is None and state["flow"]["active"] == "seat-2"
    assert triggered(result) == [("seat-1", BEACON), ("seat-1", CHIME), ("seat-2", BEACON), ("seat-2", CHIME)]


def test_one_trigger_per_player_asks_nobody():
    state = table()
    place_character(state, "seat-2", CHIME)
    place_character(state, "seat-1", CHIME)
    state, result = do(state, "seat-1", "pass")
    assert state["choice"] is None and triggered(result) == [("seat-1", CHIME), ("seat-2", CHIME)]


def test_a_player_conceding_while_others_wait_to_order_hands_on_and_its_own_triggers_are_dropped():
    state = table()
    for seat in ("seat-1", "seat-2"):
        place_character(state, seat, BEACON)
        place_character(state, seat, CHIME)
    state, _ = do(state, "seat-1", "pass")
    assert state["choice"]["seat"] == "seat-1"
    state, result = do(state, "seat-1", "concede")
    assert state["outcome"]["winner"] == "seat-2" and state["choice"] is None and state["triggers"] == []


def test_a_stored_state_from_before_choices_and_queued_triggers_still_loads():
    import copy

    from service.declare import dump_state, load_state
    from service.systems.neuroscape.state import NeuroscapeState

    state = table()
    old = {k: v for k, v in copy.deepcopy(state).items() if k not in ("choice", "triggers", "triggersSetOff", "extraTurns", "regularTurn")}
    old["rules"] = {k: v for k, v in old["rules"].items() if k != "triggerOrder"}
    old["operations"] = None
    for p in old["players"].values():
        p["deck"] = {k: v for k, v in p["deck"].items() if k != "known"}
    loaded = load_state(NeuroscapeState, old)
    assert loaded.choice is None and loaded.triggers == () and loaded.rules.trigger_order == "ask"
    assert dump_state(NeuroscapeState, loaded) == state
