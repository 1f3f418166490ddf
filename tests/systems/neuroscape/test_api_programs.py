"""Trojan activation and drugs over the API, REST and GraphQL, each seat with its own token."""

from __future__ import annotations

import pytest

from support.api import Api
from tests.systems.neuroscape.test_api import new_table, start

SPARK = {"id": "test-spark", "name": "Test Spark", "type": "program", "subtype": "trojan", "cost": 2,
         "abilities": [{"name": "Arc", "kind": "activated", "swift": True,
                        "effects": [{"kind": "damage", "amount": 2, "to": "mainframe", "on": "opponents"}]}]}
TONIC = {"id": "test-tonic", "name": "Test Tonic", "type": "program", "subtype": "drug", "cost": 0,
         "abilities": [{"name": "Rush", "kind": "activated", "target": "character",
                        "effects": [{"kind": "modify-stats", "attack": 1, "defense": 1}]}]}
DRONE = {"id": "test-drone", "name": "Test Drone", "type": "character", "cost": 0, "attack": 1, "defense": 1,
         "gear": [{"slot": "left-arm", "level": 1}]}
CORD = {"id": "test-cord", "name": "Test Cord", "type": "cyberware", "cost": 0, "slot": "left-arm", "level": 1,
        "tether": True, "defenseBonus": 1}


def match(api: Api, other: str, graphql: bool):
    """Eight-card opening hands from ten cards, five of each kind: at least three of each in every hand."""
    deck = {"mainframe": "halcyon-lattice", "main": [{"card": other, "count": 5}, {"card": "test-drone", "count": 5}],
            "ram": [{"card": "core-ram", "count": 10}]}
    rules = {"mainDeckMin": 10, "ramDeckSize": 10, "maxCopies": 10, "openingHand": 8, "trojanCost": 0}
    table = new_table(api, {"cards": [SPARK, TONIC, DRONE, CORD], "rules": rules, "players": [{"deck": deck}, {"deck": deck}]},
                      graphql=graphql)
    return table, *start(table)


def mine(state: dict, seat: str) -> dict:
    return next(p for p in state["players"] if p["seat"] == seat)


@pytest.mark.parametrize("graphql", [False, True], ids=["rest", "graphql"])
def test_a_trojan_placed_on_its_owners_turn_is_activated_on_the_opponents_turn(api: Api, graphql: bool):
    table, first, second = match(api, "test-spark", graphql)
    table.act(first, "draw", {"main": 1})
    table.act(second, "pass")  # first's maintenance swift check
    placed = table.act(first, "deploy", {"card": "test-spark"})
    trojan = placed["result"]["private"]["instance"]
    status, refused = table.send(first, "activate-trojan", {"instance": trojan})
    assert (status, refused["code"]) == (409, "neuroscape/trojan-too-soon")
    flow = table.act(first, "pass")["result"]["flow"]
    while (flow["stage"], flow["substage"], flow["awaiting"]) != ("maintenance", "swift-check", [first]):
        seat = flow["awaiting"][0]
        if flow["substage"] == "draw":
            body, action = {"main": 2}, "draw"
        else:
            body, action = ({"attacks": []}, "attack") if flow["substage"] == "attack" else ({}, "pass")
        flow = table.act(seat, action, body)["result"]["flow"]
    assert flow["active"] == second
    menu = table.view(first)["state"]["you"]["legalActions"]
    assert {"action": "activate-trojan", "instance": trojan, "ability": 0, "targets": [None]} in menu
    health = mine(table.view(second)["state"], second)["mainframeHealth"]

    answer = table.act(first, "activate-trojan", {"instance": trojan, "ability": 0})
    kinds = [e["kind"] for e in answer["result"]["events"]]
    assert kinds == ["trojan-revealed", "on-the-order"] and answer["result"]["flow"]["awaiting"] == [second]
    done = table.act(second, "pass")
    assert [e["kind"] for e in done["result"]["events"]][:3] == ["passed", "resolved", "mainframe-damage"]
    state = table.view(second)["state"]
    assert mine(state, second)["mainframeHealth"] == health - 2
    assert mine(state, first)["recycleBin"] == ["test-spark"] and all(s is None for s in mine(state, second)["slots"].values())
    assert state["flow"]["awaiting"] == [first]  # back in the swift check


@pytest.mark.parametrize("graphql", [False, True], ids=["rest", "graphql"])
def test_a_drug_is_played_on_a_character_and_its_ability_goes_on_the_order(api: Api, graphql: bool):
    table, first, second = match(api, "test-tonic", graphql)
    table.act(first, "draw", {"main": 1})
    table.act(second, "pass")  # first's maintenance swift check
    drone = table.act(first, "deploy", {"card": "test-drone"})["result"]["events"][0]["instance"]
    status, refused = table.send(first, "deploy", {"card": "test-tonic", "character": drone})
    assert (status, refused["code"]) == (422, "neuroscape/not-deployable") and "play-drug" in refused["detail"]
    assert {"action": "play-drug", "card": "test-tonic", "characters": [drone]} in table.view(first)["state"]["you"]["legalActions"]
    played = table.act(first, "play-drug", {"card": "test-tonic", "character": drone})
    assert [e["kind"] for e in played["result"]["events"]] == ["played", "on-the-order"]
    table.act(second, "pass")
    state = table.view(first)["state"]
    assert state["effects"] == [{"kind": "modify-stats", "source": None, "until": "end-of-turn", "target": drone,
                                 "attack": 1, "defense": 1}]
    assert mine(state, first)["recycleBin"] == ["test-tonic"]


@pytest.mark.parametrize("graphql", [False, True], ids=["rest", "graphql"])
def test_a_tether_is_deployed_on_two_characters(api: Api, graphql: bool):
    table, first, second = match(api, "test-cord", graphql)
    table.act(first, "draw", {"main": 1})
    table.act(second, "pass")
    drones = [table.act(first, "deploy", {"card": "test-drone"})["result"]["events"][0]["instance"] for _ in range(2)]
    menu = table.view(first)["state"]["you"]["legalActions"]
    assert {"action": "deploy", "card": "test-cord", "targets": [{"character": drones[0], "tetherTo": drones[1]}]} in menu
    status, refused = table.send(first, "deploy", {"card": "test-cord", "character": drones[0]})
    assert (status, refused["code"]) == (422, "neuroscape/wrong-target")
    answer = table.act(first, "deploy", {"card": "test-cord", "character": drones[0], "tetherTo": drones[1]})
    assert [(e["kind"], e["target"]) for e in answer["result"]["events"]] == [("deployed", drones[0]), ("tethered", drones[1])]
    holder, other = mine(table.view(second)["state"], first)["characters"]
    cord = answer["result"]["events"][0]["instance"]
    assert holder["gear"]["left-arm"]["id"] == other["tethers"]["left-arm"]["id"] == cord
    assert holder["gear"]["left-arm"]["tetherTo"] == drones[1] and other["tethers"]["left-arm"]["tetherTo"] == drones[0]
