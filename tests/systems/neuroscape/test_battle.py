"""Battle: attackers become running; the defender assigns blockers (several per attacker, ordered
by the attacker's player); blitz damage first, then the rest, each wave simultaneous; unblocked
attackers and overrun hit the bioframe; destroyed characters go to the recycle bin."""

from __future__ import annotations

import copy

import pytest

from service.errors import RuleViolation
from tests.systems.neuroscape.helpers import new_instance
from support.dice import ScriptedStream
from tests.systems.neuroscape.helpers import do, fresh, place_character, through_setup, to_substage


def battle(mine: list[str], theirs: list[str], setup: dict | None = None) -> tuple[dict, list[str], list[str]]:
    state = through_setup(fresh(setup))
    a = [place_character(state, "seat-1", c)["id"] for c in mine]
    d = [place_character(state, "seat-2", c)["id"] for c in theirs]
    return to_substage(state, "attack"), a, d


def attack_and_block(state, attacks, blocks):
    state, _ = do(state, "seat-1", "attack", attacks=[{"attacker": a} for a in attacks])
    if state["flow"]["substage"] == "block":
        state, _ = do(state, "seat-2", "block", blocks=[{"blocker": b, "attacker": a} for b, a in blocks])
    return state


def test_attackers_become_running_and_unblocked_ones_hit_the_bioframe():
    state, (courier, saint), _ = battle(["gutter-courier", "lantern-saint"], [])
    state, result = do(state, "seat-1", "attack", attacks=[{"attacker": courier}, {"attacker": saint}])
    assert state["players"]["seat-2"]["bioframe"] == 20 - 2 - 3
    assert all(c["running"] for c in state["players"]["seat-1"]["characters"])
    assert [e["amount"] for e in result["events"] if e["kind"] == "bioframe-damage"] == [2, 3]


def test_a_running_character_cannot_attack():
    state, (courier,), _ = battle(["gutter-courier"], [])
    state["players"]["seat-1"]["characters"][0]["running"] = True
    state["players"]["seat-1"]["characters"].append(new_instance(state, "static-moth", "seat-1") | {
        "running": False, "damage": 0, "gear": {}, "enteredTurn": 0, "commits": 0})
    with pytest.raises(RuleViolation) as refused:
        do(state, "seat-1", "attack", attacks=[{"attacker": courier}])
    assert refused.value.code == "neuroscape/running"


def test_attacking_with_another_players_character_is_refused():
    state, _, (ghost,) = battle(["gutter-courier"], ["ash-tram-ghost"])
    with pytest.raises(RuleViolation) as refused:
        do(state, "seat-1", "attack", attacks=[{"attacker": ghost}])
    assert refused.value.code == "neuroscape/not-your-card"


def test_blocking_with_another_players_character_is_refused_and_changes_nothing():
    state, (courier, moth), (ghost,) = battle(["gutter-courier", "static-moth"], ["ash-tram-ghost"])
    state, _ = do(state, "seat-1", "attack", attacks=[{"attacker": courier}])
    assert (state["flow"]["substage"], state["flow"]["awaiting"]) == ("block", ["seat-2"])
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as refused:
        do(state, "seat-2", "block", blocks=[{"blocker": moth, "attacker": courier}])
    assert refused.value.code == "neuroscape/not-your-card" and refused.value.status == 422
    assert "seat-1's character" in refused.value.detail
    assert state == before


def test_blocking_a_character_that_is_not_attacking_is_refused():
    state, (courier, moth), (ghost,) = battle(["gutter-courier", "static-moth"], ["ash-tram-ghost"])
    state, _ = do(state, "seat-1", "attack", attacks=[{"attacker": courier}])
    with pytest.raises(RuleViolation) as refused:
        do(state, "seat-2", "block", blocks=[{"blocker": ghost, "attacker": moth}])
    assert refused.value.code == "neuroscape/not-attacking"


def test_a_blocked_attacker_and_blocker_trade_damage_simultaneously():
    # Lantern Saint 3/2 blocked by Chrome Ferryman 2/3: both deal at once, both are destroyed.
    state, (saint,), (ferry,) = battle(["lantern-saint"], ["chrome-ferryman"])
    state = attack_and_block(state, [saint], [(ferry, saint)])
    assert state["players"]["seat-1"]["characters"] == [] and state["players"]["seat-2"]["characters"] == []
    assert state["players"]["seat-1"]["recycleBin"] == ["lantern-saint"]
    assert state["players"]["seat-2"]["recycleBin"] == ["chrome-ferryman"]
    assert state["players"]["seat-2"]["bioframe"] == 20


def test_blitz_damage_lands_first():
    # Velvet Breaker 4/3 blitz blocked by Lantern Saint 3/2: the saint is destroyed before striking back.
    state, (breaker,), (saint,) = battle(["velvet-breaker"], ["lantern-saint"])
    state = attack_and_block(state, [breaker], [(saint, breaker)])
    survivors = state["players"]["seat-1"]["characters"]
    assert [c["id"] for c in survivors] == [breaker] and survivors[0]["damage"] == 0
    assert state["players"]["seat-2"]["characters"] == []


def test_excess_damage_overruns_to_the_bioframe():
    # Velvet Breaker (4 ATK) blocked by Gutter Courier (DEF 1): 1 to destroy it, 3 overrun.
    state, (breaker,), (courier,) = battle(["velvet-breaker"], ["gutter-courier"])
    state = attack_and_block(state, [breaker], [(courier, breaker)])
    assert state["players"]["seat-2"]["bioframe"] == 17


def test_several_blockers_take_damage_in_the_attackers_order():
    # Quiet Hydra 6/6 blocked by Rust Oracle (DEF 5) and Static Moth (DEF 2).
    state, (hydra,), (oracle, moth) = battle(["quiet-hydra"], ["rust-oracle", "static-moth"])
    state = attack_and_block(state, [hydra], [(oracle, hydra), (moth, hydra)])
    assert (state["flow"]["substage"], state["flow"]["awaiting"]) == ("order-blockers", ["seat-1"])
    with pytest.raises(RuleViolation) as partial:
        do(state, "seat-1", "order-blockers", orders=[{"attacker": hydra, "blockers": [moth]}])
    assert partial.value.code == "neuroscape/bad-order"
    state, result = do(state, "seat-1", "order-blockers", orders=[{"attacker": hydra, "blockers": [moth, oracle]}])
    # Moth first: 2 destroys it, the remaining 4 do not destroy the oracle (DEF 5) and nothing overruns.
    assert [c["id"] for c in state["players"]["seat-2"]["characters"]] == [oracle]
    assert state["players"]["seat-2"]["bioframe"] == 20
    hydra_after = state["players"]["seat-1"]["characters"][0]
    assert hydra_after["damage"] == 3  # 1 from the moth (blitz) and 2 from the oracle; it clears in the final stage


def test_damage_stays_until_the_final_stage():
    state, (courier,), (oracle,) = battle(["gutter-courier"], ["rust-oracle"])
    state = attack_and_block(state, [courier], [(oracle, courier)])
    assert state["flow"]["substage"] == "deploy" and state["flow"]["stage"] == "secondary"
    assert state["players"]["seat-2"]["characters"][0]["damage"] == 2
    state, _ = do(state, "seat-1", "pass")
    assert state["players"]["seat-2"]["characters"][0]["damage"] == 0


def test_running_characters_do_not_block_unless_the_rules_say_so():
    state, (courier,), (oracle,) = battle(["gutter-courier"], ["rust-oracle"])
    state["players"]["seat-2"]["characters"][0]["running"] = True
    state, _ = do(state, "seat-1", "attack", attacks=[{"attacker": courier}])
    assert state["players"]["seat-2"]["bioframe"] == 18  # nobody could block: the block substage was skipped
    setup = {"players": [{"starterDeck": "gridrunners"}, {"starterDeck": "bastion-choir"}], "rules": {"runningCharactersMayBlock": True, "swiftChecks": "settle"}}
    state, (courier,), (oracle,) = battle(["gutter-courier"], ["rust-oracle"], setup)
    state["players"]["seat-2"]["characters"][0]["running"] = True
    state, _ = do(state, "seat-1", "attack", attacks=[{"attacker": courier}])
    assert state["flow"]["substage"] == "block"


def test_a_destroyed_characters_committed_ram_is_released():
    state = through_setup(fresh())
    saint = place_character(state, "seat-1", "lantern-saint", commits=2)
    for _ in range(2):
        ram = new_instance(state, "core-ram", "seat-1")
        state["players"]["seat-1"]["ram"].append(ram | {"status": "committed", "for": saint["id"]})
    ferry = place_character(state, "seat-2", "chrome-ferryman")
    state = to_substage(state, "attack")
    state = attack_and_block(state, [saint["id"]], [(ferry["id"], saint["id"])])
    assert [r["status"] for r in state["players"]["seat-1"]["ram"]] == ["spent", "spent"]


def test_a_psychotic_character_may_attack_its_controller():
    # Static Moth (DEF 2) wearing Leech Halo (psychosis 4): psychotic level 2; a d20 of 1-2 turns it.
    state = through_setup(fresh())
    moth = place_character(state, "seat-1", "static-moth")
    halo = new_instance(state, "leech-halo", "seat-2")
    moth["gear"]["head"] = halo | {"commits": 0}
    guard = place_character(state, "seat-1", "ash-tram-ghost")
    state = to_substage(state, "deploy")
    state, result = do(state, "seat-1", "pass", ScriptedStream(2))
    assert [(e["kind"], e.get("faces")) for e in result["events"] if e["kind"] == "psychosis"] == [("psychosis", [2])]
    assert state["battle"]["attacks"] == [{"attacker": moth["id"], "target": "seat-1", "blockers": [], "psychotic": True}]
    assert state["flow"]["substage"] == "attack"
    state, _ = do(state, "seat-1", "attack", attacks=[])
    assert (state["flow"]["substage"], state["flow"]["awaiting"]) == ("block", ["seat-1"])
    state, _ = do(state, "seat-1", "block", blocks=[])
    assert state["players"]["seat-1"]["bioframe"] == 23 - 0  # Moth's ATK 1 - 1 from the halo = 0
    assert guard["id"]


def test_a_sane_roll_leaves_the_psychotic_character_alone():
    state = through_setup(fresh())
    moth = place_character(state, "seat-1", "static-moth")
    moth["gear"]["head"] = new_instance(state, "leech-halo", "seat-2") | {"commits": 0}
    state = to_substage(state, "deploy")
    state, _ = do(state, "seat-1", "pass", ScriptedStream(3))
    assert state["battle"]["attacks"] == [] and state["flow"]["substage"] == "attack"
