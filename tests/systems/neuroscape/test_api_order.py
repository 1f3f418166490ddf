"""The order of operations over the API: an activated boost answered by a sign swap from the other
seat, over REST and over GraphQL, each seat with its own token, against every store."""

from __future__ import annotations

import pytest

from support.api import Api
from tests.systems.neuroscape.test_api import new_table, start

FLASHER = {
    "id": "test-flasher", "name": "Test Flasher", "type": "character", "cost": 0, "attack": 2, "defense": 2,
    "abilities": [
        {"name": "Flash", "kind": "activated", "swift": True, "effects": [{"kind": "modify-stats", "attack": 2, "on": "self"}]},
        {"name": "Flip", "kind": "activated", "swift": True, "target": "order-item", "effects": [{"kind": "invert-sign"}]},
    ],
}
DECK = {"mainframe": "halcyon-lattice", "main": [{"card": "test-flasher", "count": 10}], "ram": [{"card": "core-ram", "count": 10}]}
SETUP = {"cards": [FLASHER], "rules": {"mainDeckMin": 10, "ramDeckSize": 10, "maxCopies": 10, "swiftChecks": "settle"},
         "players": [{"deck": DECK}, {"deck": DECK}]}


def mine(state: dict, seat: str) -> dict:
    return next(p for p in state["players"] if p["seat"] == seat)


@pytest.mark.parametrize("graphql", [False, True], ids=["rest", "graphql"])
def test_a_boost_answered_by_a_sign_swap_over_the_api(api: Api, graphql: bool):
    table = new_table(api, SETUP, graphql=graphql)
    first, second = start(table)
    table.act(first, "draw", {"main": 1})
    table.act(first, "deploy", {"card": "test-flasher"})
    flow = table.act(first, "pass")["result"]["flow"]
    while flow["awaiting"] != [second] or flow["substage"] != "draw":  # battle and secondary: nothing to do
        flow = table.act(flow["awaiting"][0], "attack" if flow["substage"] == "attack" else "pass",
                         {"attacks": []} if flow["substage"] == "attack" else {})["result"]["flow"]
    table.act(second, "draw", {"main": 2, "ram": 0})
    table.act(second, "deploy", {"card": "test-flasher"})
    theirs = mine(table.view(second)["state"], second)["characters"][0]["id"]
    ours = mine(table.view(first)["state"], first)["characters"][0]["id"]

    answer = table.act(second, "activate", {"character": theirs, "ability": 0})
    assert answer["result"]["flow"]["awaiting"] == [first]
    state = table.view(first)["state"]
    assert state["order"]["priority"] == first and [i["card"] for i in state["order"]["items"]] == ["test-flasher"]
    menu = state["you"]["legalActions"]
    assert {"action": "activate", "character": ours, "ability": 1, "targets": ["o1"]} in menu and {"action": "pass"} in menu
    assert table.view(second)["state"]["you"]["legalActions"] == [{"action": "concede"}]

    status, refused = table.send(second, "pass", {})
    assert status == 409 and refused["code"] == "neuroscape/out-of-turn"
    table.act(first, "activate", {"character": ours, "ability": 1, "target": "o1"})
    done = table.act(second, "pass")
    kinds = [e["kind"] for e in done["result"]["events"]]
    assert kinds == ["passed", "resolved", "resolved", "stats-changed"]
    state = table.view(second)["state"]
    assert state["order"] is None and state["flow"]["awaiting"] == [second]
    assert state["effects"] == [{"kind": "modify-stats", "source": theirs, "until": "end-of-turn", "target": theirs,
                                 "attack": -2, "defense": 0}]
    log = table.log(first)
    assert [e["action"] for e in log[-3:]] == ["neuroscape/activate", "neuroscape/activate", "neuroscape/pass"]


def test_a_submitted_card_the_engine_cannot_resolve_is_refused_at_creation_naming_card_and_field(api: Api):
    broken = {**FLASHER, "id": "test-broken",
              "abilities": [{"name": "Oops", "kind": "triggered", "trigger": "attacks", "effects": [{"kind": "destroy"}]}]}
    body = {"system": "neuroscape", "seats": [{"name": "ana"}, {"name": "bo"}], "setup": {**SETUP, "cards": [FLASHER, broken]}}
    response = api.post("/v1/sessions", body)
    assert response.status_code == 422
    messages = " ".join(e["msg"] for e in response.json()["errors"])
    assert "card 'test-broken'" in messages and "abilities[0].effects[0].on" in messages
    unknown = {**FLASHER, "id": "test-unknown", "abilities": [{"name": "X", "kind": "activated", "effects": [{"kind": "teleport"}]}]}
    response = api.post("/v1/sessions", {**body, "setup": {**SETUP, "cards": [FLASHER, unknown]}})
    assert response.status_code == 422
    assert any(e["loc"][-3:] == ["abilities", 0, "effects"] or "effects" in e["loc"] for e in response.json()["errors"])
