"""Ordering simultaneous triggers over the API: the match waits for their owner alone, the state and the
legal actions say so, and a refused order changes nothing (not the version, the state or the log)."""

from __future__ import annotations

import pytest
from support.api import Api, pin_entropy

from tests.systems.neuroscape.matchplay import Table, plain_strategy
from tests.systems.neuroscape.test_triggers import CARDS, LOCK, RELAY

# Ana's main deck is three of each card-effect character (cost 0): her opening five hold two of each at least.
SETUP = {
    "cards": CARDS,
    "rules": {"mainDeckMin": 6},
    "players": [{"deck": {"mainframe": "halcyon-lattice", "main": [{"card": RELAY, "count": 3}, {"card": LOCK, "count": 3}],
                          "ram": [{"card": "core-ram", "count": 25}]}},
                {"starterDeck": "bastion-choir"}],
}


def test_a_seat_orders_its_simultaneous_triggers_and_a_refused_order_changes_nothing(api: Api, monkeypatch: pytest.MonkeyPatch):
    pin_entropy(monkeypatch)  # the same session id, hence the same seed and the same match, every run
    created = api.create_session("neuroscape", [{"name": "ana"}, {"name": "bo"}, {"name": "gm", "role": "gm"}], setup=SETUP)
    table = Table(api, created["session"]["id"], {s["id"]: s["name"] for s in created["seats"] if s["role"] == "player"})
    for _ in range(80):  # ana deploys her characters; at her next card-effect substage they all go off
        state = table.view("seat-1")["state"]
        if state["choice"] is not None:
            break
        seat = state["flow"]["awaiting"][0]
        table.act(seat, *plain_strategy(table.view(seat)["state"]))
    assert (state["choice"]["kind"], state["choice"]["seat"], state["flow"]["substage"]) == ("order-triggers", "seat-1", "card-effect")
    pending = state["choice"]["triggers"]
    assert len(pending) >= 2 and [t["id"] for t in state["triggers"]] == pending
    assert {t["card"] for t in state["triggers"]} == {RELAY, LOCK}
    assert state["you"]["legalActions"] == [{"action": "order-triggers", "triggers": pending}, {"action": "concede"}]

    sid = table.session
    before = api.get(f"/v1/sessions/{sid}", token=api.tokens["gm"]).json()
    log = api.get(f"/v1/sessions/{sid}/log", token=api.tokens["gm"], params={"limit": 200}).json()["entries"]
    for seat, body, status, code in (
        ("seat-1", {"order": pending[:1]}, 422, "neuroscape/bad-trigger-order"),
        ("seat-1", {"order": [pending[0], *pending[:-1]]}, 422, "neuroscape/bad-trigger-order"),
        ("seat-1", {"order": ["t99", *pending[1:]]}, 422, "neuroscape/bad-trigger-order"),
        ("seat-2", {"order": pending}, 409, "neuroscape/out-of-turn"),
        ("seat-1", {"order": ["x1"]}, 422, None),  # not a trigger id at all: the input is refused
    ):
        got, answer = table.send(seat, "order-triggers", body)
        assert got == status and (code is None or answer["code"] == code), answer
    got, answer = table.send("seat-1", "pass", {})
    assert (got, answer["code"]) == (409, "neuroscape/wrong-stage")
    after = api.get(f"/v1/sessions/{sid}", token=api.tokens["gm"]).json()
    assert (after["version"], after["state"]) == (before["version"], before["state"])
    assert api.get(f"/v1/sessions/{sid}/log", token=api.tokens["gm"], params={"limit": 200}).json()["entries"] == log

    answer = table.act("seat-1", "order-triggers", {"order": pending[::-1]})
    fired = [e["instance"] for e in answer["result"]["events"] if e["kind"] == "triggered"]
    by_id = {t["id"]: t["instance"] for t in state["triggers"]}
    assert fired == [by_id[i] for i in pending[::-1]]
    assert table.view("seat-1")["state"]["choice"] is None
