"""Random legal matches with cards that commit and release RAM, force stability checks, grant extra turns,
look at (and reorder) the tops of decks and trigger in the card-effect substage: every move the menu
offers is accepted (`play_match` fails on a refusal), the same move from a seat the match is not waiting
for is refused, cards are conserved, RAM committed to a card names a card in play, and while a choice
waits the match waits for its seat alone. Each new mechanic and event happens across the run."""

from __future__ import annotations

from collections import Counter

from service.dice.stream import Stream
from service.errors import RuleViolation
from service.systems.neuroscape.rules.actions import act
from service.systems.neuroscape.rules.autoplay import play_match
from service.systems.neuroscape.rules.starter import STARTER_DECKS
from service.systems.neuroscape.rules.zones import card_count
from service.systems.neuroscape.state import (
    NeuroscapeState,
    characters,
    living,
    slot_cards,
)


def _script(card_id: str, cost: int, target: str | None, *effects: dict) -> dict:
    return {"id": card_id, "name": card_id.replace("-", " ").title(), "type": "program", "subtype": "script", "cost": cost,
            "abilities": [{"name": "Go", "kind": "activated", "swift": True, "target": target, "effects": list(effects)}]}


def _character(card_id: str, trigger: str, effect: dict) -> dict:
    return {"id": card_id, "name": card_id.replace("-", " ").title(), "type": "character", "cost": 1, "attack": 1,
            "defense": 3, "abilities": [{"name": "Pulse", "kind": "triggered", "trigger": trigger, "effects": [effect]}]}


CARDS = [
    _script("fx-sift", 0, None, {"kind": "look-at-top", "count": 3, "on": "opponents", "then": "reorder"}),
    _script("fx-peek", 1, "player", {"kind": "look-at-top", "count": 2, "on": "target", "then": "reorder"},
            {"kind": "draw", "count": 1}),
    _script("fx-purge", 1, "opponent", {"kind": "release-ram", "amount": 2, "on": "target"}),
    _script("fx-lockdown", 1, "opponent", {"kind": "commit-ram", "amount": 1, "on": "you"}, {"kind": "stability-check", "on": "target"}),
    _script("fx-encore", 3, None, {"kind": "extra-turn"}),
    _character("fx-relay", "card-effect", {"kind": "change-ram", "amount": 1}),
    _character("fx-lock", "card-effect", {"kind": "commit-ram", "amount": 1}),
    _character("fx-beacon", "end-of-turn", {"kind": "damage", "amount": 1, "to": "mainframe", "on": "opponents"}),
]
COUNTS = {"fx-sift": 4, "fx-peek": 2, "fx-purge": 3, "fx-lockdown": 3, "fx-encore": 1, "fx-relay": 3, "fx-lock": 2, "fx-beacon": 2}
BASE = STARTER_DECKS["gridrunners"].model_dump(mode="json", by_alias=True)
DECK = {**BASE, "main": [*BASE["main"], *({"card": c, "count": n} for c, n in COUNTS.items())]}
MATCHES = 30
_NO_DICE = Stream(seed="never-rolled", scope="test", nonce=0)


def _setup(index: int) -> dict:
    players = [{"deck": DECK}, {"deck": DECK}, *([{"deck": DECK}] if index % 5 == 4 else [])]
    return {"cards": CARDS, "players": players, "rules": {"triggerOrder": "printed" if index % 7 == 6 else "ask"}}


class Check:
    def __init__(self, seen: Counter[str]) -> None:
        self.counts: dict[str, int] | None = None  # this match's cards per seat
        self.seen = seen

    def __call__(self, before: NeuroscapeState, seat: str, name: str, params, after: NeuroscapeState, result: dict) -> None:
        self.seen[name] += 1
        self.seen.update(e["kind"] for e in result["events"])
        self.seen.update("card-effect" for e in result["events"] if e["kind"] == "triggered" and e["reason"] == "card-effect")
        if self.counts is None:
            self.counts = {s: card_count(before, s) for s in before.players}
        assert {s: card_count(after, s) for s in after.players} == self.counts, name
        in_play = {c.id for _, c in characters(after)} | {e.id for _, _, e in slot_cards(after)}
        in_play |= {g.id for _, c in characters(after) for g in c.gear.values()}
        in_play |= {after.environment.id} if after.environment else set()
        for p in after.players.values():
            for ram in p.ram:
                assert ram.for_ is None or (ram.status == "committed" and ram.for_ in in_play), ram
        if after.outcome is None:
            assert after.flow.awaiting and set(after.flow.awaiting) <= set(living(after))
            if after.choice is not None:
                assert after.flow.awaiting == (after.choice.seat,)
        if name != "concede":
            for other in living(before):
                if other not in before.flow.awaiting:
                    try:
                        act(before, name, params, _NO_DICE, other)
                    except RuleViolation as refused:
                        assert refused.code in ("neuroscape/out-of-turn", "neuroscape/mulligan-used"), refused.detail
                    else:
                        raise AssertionError(f"{other} was allowed to {name} out of turn")


def test_random_matches_with_the_new_effects_keep_to_the_menu_and_the_invariants():
    seen: Counter[str] = Counter()
    for index in range(MATCHES):
        final, count = play_match(f"effects-{index}", _setup(index), observe=Check(seen))
        assert final.outcome is not None and count > 0
    for kind in ("arrange-top", "order-triggers", "looked-at-top", "arranged-top", "ram-released", "ram-committed",
                 "unstable", "crashed", "survived", "extra-turn", "extra-turn-taken", "triggers-ordered", "card-effect"):
        assert seen[kind], (kind, seen)
