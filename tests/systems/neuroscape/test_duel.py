"""A duel: pay the cost and run the character, a swift check through the order, then both characters
deal their ATK to each other at the same moment."""

from __future__ import annotations

from service.systems.neuroscape.state import find_character
from tests.systems.neuroscape.helpers import do, fresh, give_ram, place_character, through_setup, to_substage, typed


def _table(defender: str) -> tuple[dict, str, str]:
    """Seat-1 at its primary deploy with Marrow Duchess (5/4; duel for 2 RAM: +1 ATK to itself, then
    the duel); seat-2 with `defender` in play."""
    state = to_substage(through_setup(fresh()), "deploy")
    duchess = place_character(state, "seat-1", "marrow-duchess")["id"]
    other = place_character(state, "seat-2", defender)["id"]
    give_ram(state, "seat-1", 4)
    return state, duchess, other


def _in_play(state: dict, instance: str) -> dict | None:
    found = find_character(typed(state), instance)
    return None if found is None else found[1].model_dump(by_alias=True)


def test_a_duel_runs_the_character_and_waits_for_the_swift_check() -> None:
    state, duchess, saint = _table("lantern-saint")
    state, _ = do(state, "seat-1", "activate", character=duchess, ability=0, target=saint)
    assert _in_play(state, duchess)["running"]  # running is part of the cost, paid when played
    assert state["operations"]["priority"] == "seat-2"  # the other player may answer first
    assert _in_play(state, saint)["damage"] == 0


def test_both_deal_their_attack_to_each_other() -> None:
    state, duchess, saint = _table("lantern-saint")  # Lantern Saint: 3/2
    state, _ = do(state, "seat-1", "activate", character=duchess, ability=0, target=saint)
    state, result = do(state, "seat-2", "pass")
    assert {"kind": "duel", "seat": "seat-1", "instance": duchess, "target": saint} in result["events"]
    assert _in_play(state, saint) is None  # 6 (5 + the ability's +1) against DEF 2: destroyed
    assert _in_play(state, duchess)["damage"] == 3  # the saint's 3 ATK, short of DEF 4


def test_the_hits_are_simultaneous_a_destroyed_target_still_strikes_back() -> None:
    state, duchess, hydra = _table("quiet-hydra")  # Quiet Hydra: 6/6
    state, _ = do(state, "seat-1", "activate", character=duchess, ability=0, target=hydra)
    state, result = do(state, "seat-2", "pass")
    destroyed = [e["instance"] for e in result["events"] if e["kind"] == "destroyed"]
    assert destroyed == [hydra, duchess]  # 6 against DEF 6, and the hydra's 6 against DEF 4
