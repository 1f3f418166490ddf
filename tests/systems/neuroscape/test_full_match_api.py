"""A complete match between two preconstructed decks, over REST and again over GraphQL, each seat
with its own token: razor-tide (aggression, abilities to activate) against quiet-lattice (control,
counters on the order). Each seat plays from its own view's legal actions only. Until a counter
has taken an item off the order, neither attacks: the aggressor activates its characters'
abilities, the control seat keeps RAM back and answers each one with a counter when it holds one.
Then both play to win. The log, as each seat reads it, shows the ability, the response on the
order and the counter, and the match ends with a winner."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from support.api import Api, pin_entropy
from tests.systems.neuroscape.matchplay import Table, plain_strategy
from tests.systems.neuroscape.test_api import new_table

SETUP = {"players": [{"starterDeck": "razor-tide"}, {"starterDeck": "quiet-lattice"}]}
COUNTERING = {"counter"}


def effects_of(state: dict, entry: dict) -> set[str]:
    """The effect kinds of the ability a menu entry of `activate` or `play-script` would play."""
    if entry["action"] == "activate":
        card = next(c["card"] for p in state["players"] for c in p["characters"] if c["id"] == entry["character"])
        ability = state["cards"][card]["abilities"][entry["ability"]]
    else:
        ability = state["cards"][entry["card"]]["abilities"][0]
    return {effect["kind"] for effect in ability["effects"]}


def available_ram(state: dict, seat: str) -> int:
    me = next(p for p in state["players"] if p["seat"] == seat)
    return sum(ram["status"] == "available" for ram in me["ram"])


@dataclass
class Steered:
    """Both seats' strategy until a counter has happened; then `plain_strategy`, which plays to win."""

    countered: bool = False

    def __call__(self, state: dict) -> tuple[str, dict]:
        if self.countered:
            return plain_strategy(state)
        seat = state["you"]["seat"]
        menu = state["you"]["legalActions"]
        if {e["action"] for e in menu} & {"arrange-top", "order-triggers"}:  # a choice comes first
            return plain_strategy(state)
        swift = [e for e in menu if e["action"] in ("activate", "play-script")]
        if state["order"] is not None:  # priority on the order: answer an opponent's item with a counter
            theirs = [i["id"] for i in state["order"]["items"] if i["seat"] != seat]
            for entry in swift:
                targets = [t for t in entry["targets"] if t in theirs]
                if COUNTERING & effects_of(state, entry) and targets:
                    return entry["action"], {**_chosen(entry), "target": targets[-1]}
            return "pass", {}
        substage = state["flow"]["substage"]
        mine = state["flow"]["active"] == seat
        if substage == "attack" and mine:
            return "attack", {"attacks": []}
        if substage == "deploy" and mine:
            keep = 2  # enough for a counter on the other seat's turn
            for entry in menu:
                if entry["action"] == "deploy" and state["cards"][entry["card"]]["type"] == "character":
                    if state["cards"][entry["card"]].get("cost", 0) <= available_ram(state, seat) - keep:
                        return "deploy", {"card": entry["card"], **entry["targets"][0]}
            for entry in swift:  # an ability of ours that is no answer to anything
                if entry["action"] == "activate" and not effects_of(state, entry) & {"counter", "invert-sign"}:
                    target = next((t for t in entry["targets"] if t is not None), None)
                    return "activate", {**_chosen(entry), **({"target": target} if target else {})}
            return "pass", {}
        if substage in ("block", "force-quit", "swift-check", "order-blockers", "deploy"):
            return "pass", {}
        return plain_strategy(state)


def _chosen(entry: dict) -> dict:
    return {"character": entry["character"], "ability": entry["ability"]} if entry["action"] == "activate" else {"card": entry["card"]}


def play_steered(table: Table, limit: int = 3000) -> dict:
    strategy = Steered()
    flow = table.view("seat-1")["state"]["flow"]
    for _ in range(limit):
        if flow["stage"] == "over":
            return table.view("seat-1")
        seat = flow["awaiting"][0]
        action, body = strategy(table.view(seat)["state"])
        result = table.act(seat, action, body)["result"]
        strategy.countered = strategy.countered or any(e["kind"] == "countered" for e in result["events"])
        flow = result["flow"]
    raise AssertionError(f"no winner after {limit} actions")


@pytest.mark.parametrize("graphql", [False, True], ids=["rest", "graphql"])
def test_a_complete_match_between_two_preconstructed_decks_with_an_ability_a_response_and_a_counter(
    memory_api: Api, monkeypatch: pytest.MonkeyPatch, graphql: bool
):
    pin_entropy(monkeypatch)  # the same session id, hence the same seed, every run
    table = new_table(memory_api, SETUP, graphql=graphql, client_seed="full-match")
    final = play_steered(table)["state"]
    winner = final["outcome"]["winner"]
    assert final["flow"]["stage"] == "over" and winner in ("seat-1", "seat-2")
    assert next(p for p in final["players"] if p["seat"] != winner)["eliminated"] is not None

    for reader in ("seat-1", "seat-2"):
        log = table.log(reader)
        assert len(log) == len(table.answers) and [e["seq"] for e in log] == list(range(len(log)))
        events = [(entry, event) for entry in log for event in entry["result"]["events"]]
        pushed = [(entry, event) for entry, event in events if event["kind"] == "on-the-order"]
        abilities = [(entry, event) for entry, event in pushed if entry["action"] == "neuroscape/activate"]
        assert abilities, "no character's ability was activated"
        # A response: an item put on an order already open, by another seat than the one whose item is below it.
        open_order: list[str] = []
        responses = 0
        for _, event in events:
            if event["kind"] == "on-the-order":
                responses += bool(open_order) and open_order[-1] != event["seat"]
                open_order.append(event["seat"])
            elif event["kind"] in ("resolved", "countered", "fizzled"):
                open_order = []
        assert responses, "nobody answered on the order"
        countered = [event for _, event in events if event["kind"] == "countered"]
        assert countered, "no item was countered"
        named = {entry["input"].get("target") for entry, _ in pushed}  # what the answers on the order named
        assert all(event["item"] in named for event in countered)
        assert log[-1]["result"]["flow"]["winner"] == winner
