"""500 matches between seeded random players of the three preconstructed decks, every move taken
from `legal_actions` (a refused one fails the match), the players weighing swift actions more and
keeping RAM back to answer with (`autoplay.EVERYTHING`), checking after every action that:

- every seat still owns every card it sat down with (`zones.card_count`), and RAM is consistent
  (committed to a card only while it is in play and no more than it commits; see `census`);
- health moves only by what events say (battle damage, effects, health paid);
- the same move from a seat the match is not waiting for is refused as out of turn, an action of
  another stage (or, with the order of operations open, any action but a swift one or a pass) is
  refused as out of stage, and a refusal leaves the state exactly as it was;
- another seat's view of the match and of the action's log entry holds no card hidden from it
  (another hand, a face-down trojan, a deck's contents).

Each half of the run (250 matches) plays every mechanic of the system but those no match can take
(`NEVER_IN_A_MATCH`), and brings about every happening of the game (`HAPPENINGS`: each kind of card
deployed, swift abilities and duels, answers on the order, counters, sign swaps, crashes, ...) but
those it is not held to (`NOT_REQUIRED`), each named with its reason.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

import orjson
import pytest

from service.dice.stream import Stream
from service.errors import RuleViolation
from service.registry import Actor
from service.systems.neuroscape import SYSTEM
from service.systems.neuroscape.rules.actions import ON_THE_ORDER, act
from service.systems.neuroscape.rules.autoplay import ACTION_MODELS, EVERYTHING, play_match
from service.systems.neuroscape.rules.flow import STEPS
from service.systems.neuroscape.rules.order import ability_of
from service.systems.neuroscape.rules.piles import known_top
from service.systems.neuroscape.rules.pool import pool_of
from service.systems.neuroscape.rules.starter import STARTER_DECKS, STARTER_POOL
from service.systems.neuroscape.rules.zones import card_count, card_of
from service.systems.neuroscape.state import InPlay, NeuroscapeState, find_character, living
from service.systems.neuroscape.view import view, view_entry
from service.systems.neuroscape.wire.actions import NeuroscapeActionBase
from service.systems.neuroscape.wire.cards import NeuroscapeCard

_NO_DICE = Stream(seed="never-rolled", scope="test", nonce=0)  # a refused action rolls nothing
PER_HALF = 250  # 500 matches in all, in two halves that may run at once
DECKS = ["razor-tide", "quiet-lattice", "chrome-psalm"]  # the three preconstructed decks
# Events of an action that put a card out of some seat's sight, or let one seat see more.
MOVES_HIDDEN = frozenset({"deployed-face-down", "looked-at-top", "returned-to-hand", "discarded"})
_STRING = re.compile(rb'"([^"]*)"')
OUT_OF_TURN, WRONG_STAGE, MULLIGAN_USED = "neuroscape/out-of-turn", "neuroscape/wrong-stage", "neuroscape/mulligan-used"

# Mechanics of the system a match cannot take, each with its reason; every other one must occur.
NEVER_IN_A_MATCH = {
    "validate-deck": "checks a deck list on its own, outside any session",
    "check-setup": "checks a match's setup before a session is made",
    "card-pool": "lists the built-in card pool, outside any session",
}
# What the game does, as the random matches see it happen (see `happenings`).
HAPPENINGS = {
    "deploy:character", "deploy:cyberware", "deploy:malicious-cyberware", "deploy:protocol", "deploy:virus",
    "deploy:trojan", "deploy:exe", "deploy:script", "deploy:environment", "deploy:tether",
    "activate:swift", "activate:not-swift", "activate:duel", "response-on-the-order", "swift-on-another-turn",
    "swift-in-a-swift-check", "counter", "sign-swap", "fizzled", "destroyed", "psychosis", "triggered",
    "looked-at-top", "returned-to-hand", "replaced-environment", "blocked", "ordered-blockers", "conceded",
    "won:last-standing", "crashed", "mic-drop",
}
# Happenings a half of the run is not held to, each with its reason (`test_what_is_not_required_says_why`
# checks the reasons that are facts about the decks).
NOT_REQUIRED = {
    "returned-to-hand": "no card of the three decks returns a card to a hand",
    "replaced-environment": "of the three decks two hold a single environment card each, so it takes both in one "
                            "match and played, a few times in 500 matches; test_mainframe.py plays it",
    "fizzled": "it takes a response that puts the target of an item below it out of play, or two counters on one "
               "item, which random players seldom line up; test_order.py plays a target that left play",
    "mic-drop": "the decks' one win condition (a single copy in quiet-lattice) is reached too rarely by random "
                "players to count on; test_winning.py plays it",
}


def setup_for(index: int) -> dict:
    """Two of the three decks (each pair, either way round), under both kinds of swift checks (so
    the default does not matter), running characters blocking or not; one match in ten of 3 or 4
    players with other options."""
    one, other = DECKS[index % 3], DECKS[(index + 1 + index // 3 % 2) % 3]
    two = [{"starterDeck": one}, {"starterDeck": other}]
    if index % 10 == 9:
        players = [{"starterDeck": DECKS[i % len(DECKS)]} for i in range(3 + index // 10 % 2)]
        swift = "always" if index // 20 % 2 else "settle"
        return {"players": players, "rules": {"legendaryScope": "table", "cyberwareCommitsRam": True, "swiftChecks": swift}}
    if index % 10 in (3, 7):
        return {"players": two, "rules": {"swiftChecks": "always", "runningCharactersMayBlock": index % 20 < 10}}
    return {"players": two, "rules": {"swiftChecks": "always" if index // 10 % 2 else "settle"}}


def happenings(before: NeuroscapeState, seat: str, name: str, params, after: NeuroscapeState, result: dict) -> Iterator[str]:
    """What one accepted action did, in the words of `HAPPENINGS`."""
    yield name
    if name == "deploy":
        card = card_of(before, params.card)
        yield "deploy:" + ("malicious-cyberware" if card.malicious else "tether" if card.tether else card.subtype or card.type)
    if name == "activate":
        found = find_character(before, params.character)
        assert found is not None
        chosen = card_of(before, found[1].card).abilities[params.ability]
        yield "activate:duel" if chosen.duel else "activate:swift" if chosen.swift else "activate:not-swift"
    if name in ON_THE_ORDER - {"pass"}:
        if before.operations is not None:
            yield "response-on-the-order"
        if before.flow.active != seat:
            yield "swift-on-another-turn"
        if before.flow.substage == "swift-check":
            yield "swift-in-a-swift-check"
    if name == "concede":
        yield "conceded"
    for event in result["events"]:
        kind = event["kind"]
        if kind == "resolved" and before.operations is not None:
            item = next(i for i in before.operations.items if i.id == event["item"])
            effects = {e.kind for e in ability_of(before, item).effects}
            yield from ("counter" for _ in effects & {"counter"})
            yield from ("sign-swap" for _ in effects & {"invert-sign"})
        elif kind in ("fizzled", "destroyed", "psychosis", "triggered", "looked-at-top", "returned-to-hand", "crashed"):
            yield kind
        elif kind == "replaced":
            yield "replaced-environment"
        elif kind == "blocks":
            yield "blocked"
    if name == "order-blockers" and params.orders:
        yield "ordered-blockers"
    if after.outcome is not None and before.outcome is None:
        yield "won:" + after.outcome.reason
        if after.outcome.reason == "mic-drop":
            yield "mic-drop"


class Invariants:
    def __init__(self, seen: Counter[str] | None = None, *, every_view: bool = False) -> None:
        self.counts: dict[str, int] | None = None
        self.actions = 0
        self.seen: Counter[str] = Counter() if seen is None else seen
        self.every_view = every_view

    def __call__(self, before: NeuroscapeState, seat: str, name: str, params, after: NeuroscapeState, result: dict) -> None:
        self.actions += 1
        if self.counts is None:
            self.counts = {s: card_count(before, s) for s in before.players}
        self.seen.update(happenings(before, seat, name, params, after, result))
        self._out_of_turn_is_refused(before, seat, name, params)
        owned = {s: card_count(after, s) for s in after.players}
        assert owned == self.counts, f"cards owned went from {self.counts} to {owned} after {name}"
        census(after)
        self._health_moves_only_by_damage(before, after, result)
        self._flow_is_consistent(after)
        self._nothing_hidden_shows(before, seat, name, params, after, result)

    def _out_of_turn_is_refused(self, before: NeuroscapeState, seat: str, name: str, params) -> None:
        print_before = fingerprint(before)
        if name != "concede":  # the same move from every seat the match does not wait for
            for other in living(before):
                if other not in before.flow.awaiting:
                    # A seat whose opening hand is settled hears the once-per-game rule, not the turn.
                    used = name == "mulligan" and before.players[other].mulliganed
                    refused(before, name, params, other, MULLIGAN_USED if used else OUT_OF_TURN)
        if before.outcome is None and before.flow.stage != "setup":  # a move of another stage, or off the order
            other_name, other_params = off_stage(before)
            refused(before, other_name, other_params, seat, WRONG_STAGE)
        assert fingerprint(before) == print_before, f"a refused action changed the match (after {name})"

    def _nothing_hidden_shows(self, before: NeuroscapeState, seat: str, name: str, params, after: NeuroscapeState,
                              result: dict) -> None:
        """One other seat (in turn, action by action) reads the action's log entry, and the match:
        after every action in one match in twenty-five, after an action that hid a card anew
        (face-down, looked at, returned to a hand, discarded) in the others."""
        others = [s for s in after.order if s != seat]
        viewer = others[self.actions % len(others)]
        actor = Actor(seat=viewer, name=viewer, role="player")
        entry = {"action": f"neuroscape/{name}", "seat": seat, "result": result,
                 "input": params.model_dump(mode="json", by_alias=True, exclude_none=True)}
        named = pool_ids(after).intersection(_STRING.findall(orjson.dumps(view_entry(entry, actor))))
        if named:  # most entries (passes) name no card at all
            # The entry may name what was public before the action (a card returned to its hand).
            leaked = sorted(named & hidden_from(after, viewer) - {c.encode() for c in public_cards(before, viewer)})
            assert not leaked, f"{viewer}'s log entry of {seat}'s {name} shows hidden cards {leaked}"
        if self.every_view or any(e["kind"] in MOVES_HIDDEN for e in result["events"]):
            leaked = sorted(hidden_from(after, viewer).intersection(_STRING.findall(orjson.dumps(view(after, actor)))))
            assert not leaked, f"{viewer}'s view after {seat}'s {name} shows hidden cards {leaked}"

    @staticmethod
    def _health_moves_only_by_damage(before: NeuroscapeState, after: NeuroscapeState, result: dict) -> None:
        # Battle damage, effects' damage and healing, and health paid as a cost: each says so in an event.
        def moved(seat: str, *kinds: str) -> int:
            return sum(e["amount"] for e in result["events"] if e["kind"] in kinds and e["seat"] == seat)

        for s in before.players:
            bioframe = moved(s, "bioframe-heal") - moved(s, "bioframe-damage", "bioframe-paid")
            assert after.players[s].bioframe == before.players[s].bioframe + bioframe
            mainframe = moved(s, "mainframe-heal") - moved(s, "mainframe-damage")
            assert after.players[s].mainframe_health == before.players[s].mainframe_health + mainframe

    @staticmethod
    def _flow_is_consistent(state: NeuroscapeState) -> None:
        flow = state.flow
        if state.outcome is not None:
            assert flow.stage == "over" and flow.awaiting == () and state.operations is None
            return
        step = STEPS[flow.step]
        assert (step.stage, step.substage) == (flow.stage, flow.substage)
        assert flow.awaiting and set(flow.awaiting) <= set(living(state))
        if state.choice is not None:  # a choice waits for its one seat, before anything else
            assert flow.awaiting == (state.choice.seat,)
        elif state.operations is not None:  # the order waits for the one seat with priority
            assert flow.awaiting == (state.operations.priority,) and state.operations.items
        if flow.stage != "setup":
            assert flow.active in living(state)
            assert flow.substage != "draw" or state.operations or state.choice or flow.awaiting == (flow.active,)


def refused(state: NeuroscapeState, name: str, params: NeuroscapeActionBase, seat: str, code: str) -> None:
    try:
        act(state, name, params, _NO_DICE, seat)
    except RuleViolation as refusal:
        assert refusal.code == code, (name, seat, refusal.code, refusal.detail)
    else:
        raise AssertionError(f"{seat} was allowed to {name} at {state.flow.stage}/{state.flow.substage}"
                             f" while the match waited for {list(state.flow.awaiting)}")


def off_stage(state: NeuroscapeState) -> tuple[str, NeuroscapeActionBase]:
    """An action the awaited seat may not take now: of another substage, or (with the order open) not swift."""
    substage = state.flow.substage
    if substage == "attack" and state.operations is None:
        return "block", ACTION_MODELS["block"].model_validate({"blocks": []})
    return "attack", ACTION_MODELS["attack"].model_validate({"attacks": []})


def fingerprint(state: NeuroscapeState) -> tuple:
    """Every mutable part of a state by identity: a rule that changed one in place would show."""
    parts: list[object] = [state.flow, state.operations, state.battle, state.effects, state.outcome, state.environment,
                           state.next_instance, state.used_abilities]
    for p in state.players.values():
        parts += [p, p.hand, p.ram, p.characters, p.deck, p.ram_deck, p.recycle_bin, *p.slots.values()]
    return tuple(map(id, parts)) + (len(state.players),)


_POOL_IDS: dict[int, frozenset[bytes]] = {}


def pool_ids(state: NeuroscapeState) -> frozenset[bytes]:
    """Every card id of the match's pool, as JSON strings' bytes (the pool is shared by every state of a match)."""
    pool = pool_of(state)
    if id(pool) not in _POOL_IDS:
        _POOL_IDS.clear()
        _POOL_IDS[id(pool)] = frozenset(card.encode() for card in pool)
    return _POOL_IDS[id(pool)]


def public_cards(state: NeuroscapeState, viewer: str) -> set[str]:
    """Cards the viewer may know of now: in play (face-down ones only its own), in a bin, on the
    order, the top cards of any deck it has looked at, and its own hand and deck list."""
    seen: set[str] = set()
    for p in state.players.values():
        seen.update(known_top(p.deck, viewer))
        seen.add(p.mainframe.card)
        seen.update(p.recycle_bin)
        seen.update(r.card for r in p.ram)
        for character in p.characters:
            seen.add(character.card)
            seen.update(g.card for g in character.gear.values())
        seen.update(e.card for e in p.slots.values() if e is not None and (not e.face_down or e.owner == viewer))
    if state.environment is not None:
        seen.add(state.environment.card)
    if state.operations is not None:
        seen.update(item.card for item in state.operations.items)
    mine = state.players[viewer]
    listed = state.deck_lists[viewer]
    seen.update(mine.hand, [listed.mainframe, *(e.card for e in (*listed.main, *listed.ram))])
    return seen


def hidden_from(state: NeuroscapeState, viewer: str) -> set[bytes]:
    """Cards the viewer may not know of now (as JSON strings' bytes): in another hand, face-down on
    another's behalf, in any deck, and not among `public_cards`."""
    secret: set[str] = set()
    for s, p in state.players.items():
        secret.update(e.card for e in p.slots.values() if e is not None and e.face_down and e.owner != viewer)
        secret.update(p.deck.pile, p.deck.bottom, p.deck.top, p.ram_deck)
        if s != viewer:
            secret.update(p.hand)
    return {card.encode() for card in secret - public_cards(state, viewer)}


def census(state: NeuroscapeState) -> None:
    """RAM as cards and effects move it: RAM committed to a card names a card in play and no more
    of it than the card commits; RAM an effect committed names no card (so the committed RAM need
    not equal what the cards in play commit: released RAM leaves them uncovered until a stability
    check); RAM that is not committed names no card; no count is negative."""
    commits: dict[str, int] = {}

    def count(instance: InPlay) -> None:
        assert instance.commits >= 0
        commits[instance.id] = instance.commits

    for p in state.players.values():
        for character in p.characters:
            count(character)
            assert character.damage >= 0
            for gear in character.gear.values():
                count(gear)
        for entry in p.slots.values():
            if entry is not None:
                count(entry)
    if state.environment is not None:
        count(state.environment)
    held: Counter[str] = Counter()
    for s, p in state.players.items():
        for ram in p.ram:
            assert ram.owner == s and ram.status in ("available", "spent", "committed")
            assert ram.status == "committed" or ram.for_ is None, f"{ram.status} RAM names {ram.for_}"
            if ram.for_ is not None:
                assert ram.for_ in commits, f"RAM committed to {ram.for_}, which is not in play"
                held[ram.for_] += 1
    assert all(n <= commits[card] for card, n in held.items()), "more RAM committed to a card than it commits"


@pytest.mark.parametrize("half", [0, 1], ids=["first-half", "second-half"])
def test_random_legal_matches_finish_without_breaking_an_invariant_and_play_everything(half):
    outcomes = []
    seen: Counter[str] = Counter()
    for index in range(half * PER_HALF, (half + 1) * PER_HALF):
        check = Invariants(seen, every_view=index % 25 == 0)
        # One match in ten has players quick to concede, so that concessions are played too.
        concede = 60 if index % 10 == 4 else 5000
        final, count = play_match(f"random-{index}", setup_for(index), observe=check, concede_one_in=concede,
                                  style=EVERYTHING)
        assert count == check.actions > 0
        outcome = final.outcome
        assert outcome is not None
        alive = living(final)
        if outcome.reason == "last-standing":
            assert alive == [outcome.winner]
        elif outcome.reason == "no-one-standing":  # the last players out of health at once
            assert alive == [] and outcome.winner is None
        else:
            assert outcome.reason == "mic-drop" and outcome.winner in alive
        outcomes.append(outcome.reason)
    missing = sorted((set(SYSTEM.mechanics) - NEVER_IN_A_MATCH.keys() | HAPPENINGS - NOT_REQUIRED.keys()) - seen.keys())
    assert not missing, f"never played or never happened in half {half}: {missing} (seen: {dict(seen)})"


def deck_cards(name: str) -> list[NeuroscapeCard]:
    return [STARTER_POOL[entry.card] for entry in STARTER_DECKS[name].main for _ in range(entry.count)]


def test_what_is_not_required_says_why():
    assert NEVER_IN_A_MATCH.keys() <= set(SYSTEM.mechanics)
    assert all(SYSTEM.mechanics[name].apply is None for name in NEVER_IN_A_MATCH)
    assert NOT_REQUIRED.keys() <= HAPPENINGS
    cards = [card for deck in DECKS for card in deck_cards(deck)]
    if "returned-to-hand" in NOT_REQUIRED:
        assert not any(e.kind == "return-to-hand" for card in cards for a in card.abilities for e in a.effects)
    if "replaced-environment" in NOT_REQUIRED:
        assert all(sum(card.subtype == "environment" for card in deck_cards(deck)) <= 1 for deck in DECKS)
