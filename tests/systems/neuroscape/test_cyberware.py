"""Cyberware as the text defines it: a gear slot of the matching type whose level is at least the
cyberware's; its RAM refreshes next turn (not committed); malicious cyberware on any character;
psychosis above the character's base defense, rolled for at the psychosis check."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.neuroscape.rules.abilities import stats
from service.systems.neuroscape.rules.legal import legal_actions
from service.systems.neuroscape.rules.zones import psychosis_level
from service.systems.neuroscape.state import find_character
from support.dice import ScriptedStream
from tests.systems.neuroscape.helpers import SETTLED_MATCH, do, fresh, give_ram, place_character, through_setup, to_substage, typed


def deploying(hand: list[str], ram: int = 4, rules: dict | None = None) -> dict:
    state = to_substage(through_setup(fresh({**SETTLED_MATCH, "rules": {"swiftChecks": "settle", **(rules or {})}})), "deploy")
    state["players"]["seat-1"]["hand"] = list(hand)
    give_ram(state, "seat-1", ram)
    return state


def character(state: dict, instance_id: str):
    found = find_character(typed(state), instance_id)
    assert found is not None
    return found[1]


def statuses(state: dict, seat: str = "seat-1") -> list[str]:
    return sorted(r["status"] for r in state["players"][seat]["ram"])


def test_cyberware_needs_a_slot_of_its_type_at_its_level_or_higher():
    state = deploying(["piston-grip", "glasswire-optics"])  # right arm level 2 (+2 ATK); head level 1 (+1 ATK)
    ferryman = place_character(state, "seat-1", "chrome-ferryman")["id"]  # left arm 2, right arm 1
    breaker = place_character(state, "seat-1", "velvet-breaker")["id"]  # right arm 2, legs 1
    oracle = place_character(state, "seat-1", "rust-oracle")["id"]  # head 3
    options = next(e for e in legal_actions(typed(state), "seat-1") if e["action"] == "deploy" and e["card"] == "piston-grip")
    assert options["targets"] == [{"character": breaker}]
    for wrong in (ferryman, oracle):  # a level-1 right arm; no right arm at all
        with pytest.raises(RuleViolation) as refused:
            do(state, "seat-1", "deploy", card="piston-grip", character=wrong)
        assert refused.value.code == "neuroscape/gear-slot"
    state, _ = do(state, "seat-1", "deploy", card="piston-grip", character=breaker)  # level 2 in a level-2 slot
    state, _ = do(state, "seat-1", "deploy", card="glasswire-optics", character=oracle)  # level 1 in a level-3 slot
    assert stats(typed(state), character(state, breaker)) == (4 + 2, 3)
    assert stats(typed(state), character(state, oracle)) == (2 + 1, 5)
    state["players"]["seat-1"]["hand"] = ["piston-grip"]
    with pytest.raises(RuleViolation) as taken:
        do(state, "seat-1", "deploy", card="piston-grip", character=breaker)
    assert taken.value.code == "neuroscape/gear-slot"  # the slot is taken


def test_cyberware_ram_is_not_committed_and_refreshes_next_turn():
    state = deploying(["piston-grip"], ram=2)
    breaker = place_character(state, "seat-1", "velvet-breaker")["id"]
    state, _ = do(state, "seat-1", "deploy", card="piston-grip", character=breaker)
    assert statuses(state) == ["spent", "spent"]
    assert character(state, breaker).gear["right-arm"].commits == 0
    state = to_substage(state, "draw")
    assert state["flow"]["active"] == "seat-2"
    state, _ = do(state, "seat-2", "draw", main=2, ram=0)
    state = to_substage(to_substage(state, "draw"), "deploy")  # seat-1's next turn
    assert state["flow"]["active"] == "seat-1" and statuses(state) == ["available", "available"]
    assert character(state, breaker).gear["right-arm"].card == "piston-grip"  # it stays attached


def test_with_the_option_cyberware_commits_its_ram_like_a_character():
    state = deploying(["piston-grip"], ram=2, rules={"cyberwareCommitsRam": True})
    breaker = place_character(state, "seat-1", "velvet-breaker")["id"]
    state, _ = do(state, "seat-1", "deploy", card="piston-grip", character=breaker)
    assert statuses(state) == ["committed", "committed"]


def test_malicious_cyberware_goes_on_any_character_other_cyberware_on_your_own_only():
    state = deploying(["leech-halo", "glasswire-optics"])  # both head level 1; only the halo is malicious
    moth = place_character(state, "seat-2", "static-moth")["id"]  # seat-2's: head 1
    with pytest.raises(RuleViolation) as refused:
        do(state, "seat-1", "deploy", card="glasswire-optics", character=moth)
    assert refused.value.code == "neuroscape/not-your-card"
    menu = legal_actions(typed(state), "seat-1")
    assert {"action": "deploy", "card": "leech-halo", "targets": [{"character": moth}]} in menu
    assert not any(e["action"] == "deploy" and e["card"] == "glasswire-optics" for e in menu)
    state, _ = do(state, "seat-1", "deploy", card="leech-halo", character=moth)
    halo = character(state, moth).gear["head"]
    assert (halo.card, halo.owner) == ("leech-halo", "seat-1")
    assert stats(typed(state), character(state, moth)) == (0, 2)  # 1 - 1 ATK


def psychotic_courier(face: int, *, guard: bool = False):
    """Gutter Courier (2/1) wearing Leech Halo (psychosis 4) and Tremor Spurs (psychosis 1, +1 DEF): total
    psychosis 5 over its base DEF 1 is a psychotic level of 4 (the spurs' +1 DEF does not count: base DEF)."""
    state = to_substage(through_setup(fresh()), "deploy")
    courier = place_character(state, "seat-1", "gutter-courier")
    halo = {"id": "c90", "card": "leech-halo", "owner": "seat-2", "commits": 0}
    spurs = {"id": "c91", "card": "tremor-spurs", "owner": "seat-1", "commits": 0}
    courier["gear"] = {"head": halo, "legs": spurs}
    blocker = place_character(state, "seat-1", "ash-tram-ghost")["id"] if guard else None  # 1/4
    assert psychosis_level(character(state, courier["id"]), typed(state)) == 4
    assert stats(typed(state), character(state, courier["id"])) == (1, 2)
    bioframe = state["players"]["seat-1"]["bioframe"]
    state, result = do(state, "seat-1", "pass", ScriptedStream(face))  # primary deploy: on to the psychosis check
    return state, result, courier["id"], blocker, bioframe


def test_psychosis_a_roll_at_or_below_the_psychotic_level_attacks_its_controller():
    state, result, courier, _, bioframe = psychotic_courier(4)
    assert [(e["kind"], e["amount"], e["faces"]) for e in result["events"] if e["kind"] == "psychosis"] == [("psychosis", 4, [4])]
    assert {"kind": "attacks", "seat": "seat-1", "instance": courier, "target": "seat-1", "reason": "psychosis"} in result["events"]
    assert character(state, courier).running
    # Nobody else could attack or block: the battle went straight to damage, on its own controller.
    assert [(e["seat"], e["amount"]) for e in result["events"] if e["kind"] == "bioframe-damage"] == [("seat-1", 1)]
    assert state["players"]["seat-1"]["bioframe"] == bioframe - 1  # its ATK 2 - 1 from the halo


def test_psychosis_a_roll_above_the_psychotic_level_leaves_it_alone():
    state, result, _, _, _ = psychotic_courier(5)
    assert [e["faces"] for e in result["events"] if e["kind"] == "psychosis"] == [[5]]
    assert state["battle"]["attacks"] == []


def test_a_psychotic_attacker_can_be_blocked_by_its_controller():
    state, _, courier, guard, bioframe = psychotic_courier(1, guard=True)
    state, _ = do(state, "seat-1", "attack", attacks=[])  # the ghost could attack seat-2, but stays home
    assert (state["flow"]["substage"], state["flow"]["awaiting"]) == ("block", ["seat-1"])
    state, result = do(state, "seat-1", "block", blocks=[{"blocker": guard, "attacker": courier}])
    assert state["players"]["seat-1"]["bioframe"] == bioframe  # blocked: nothing reaches the bioframe
    damage = {e["instance"]: e["amount"] for e in result["events"] if e["kind"] == "damage"}
    assert damage == {guard: 1, courier: 1}  # 1 ATK each way; the courier's DEF 2 survives 1, the ghost's 4 too


def test_a_running_psychotic_character_is_not_rolled_for():
    state = to_substage(through_setup(fresh()), "deploy")
    courier = place_character(state, "seat-1", "gutter-courier", running=True)
    courier["gear"] = {"head": {"id": "c90", "card": "leech-halo", "owner": "seat-2", "commits": 0}}
    state, result = do(state, "seat-1", "pass", ScriptedStream())  # no die is rolled
    assert not [e for e in result["events"] if e["kind"] == "psychosis"]
