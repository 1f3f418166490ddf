"""The three preconstructed decks: legal under the default deck-building rules (as `validate-deck`
says over REST too), each built for its own plan (checked from the cards it holds), playable from
a new match over REST to the first turn, and played to the end by seeded random players against
each other without breaking an invariant."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from service.systems.neuroscape.options import NeuroscapeRules
from service.systems.neuroscape.rules.autoplay import play_match
from service.systems.neuroscape.rules.deck_building import violations
from service.systems.neuroscape.rules.piles import deck_size, pile_size
from service.systems.neuroscape.rules.starter import STARTER_DECKS, STARTER_POOL
from service.systems.neuroscape.rules.zones import card_count, psychosis_level
from service.systems.neuroscape.state import InPlay, NeuroscapeState, living
from service.systems.neuroscape.wire.cards import NeuroscapeCard
from support.api import Api
from tests.systems.neuroscape.helpers import do, fresh, give_ram, place_character, through_setup, to_substage, typed
from tests.systems.neuroscape.test_api import new_table, start
from tests.systems.neuroscape.test_pool import fits, most_psychosis
from tests.systems.neuroscape.test_random_matches import Invariants

PRECON = ["razor-tide", "quiet-lattice", "chrome-psalm"]


def main_cards(name: str) -> list[NeuroscapeCard]:
    """The deck's main deck, one entry per copy."""
    return [STARTER_POOL[e.card] for e in STARTER_DECKS[name].main for _ in range(e.count)]


def kinds(cards: list[NeuroscapeCard]) -> Counter[str]:
    """Copies in the deck whose abilities use each effect kind."""
    return Counter(kind for card in cards for kind in {e.kind for a in card.abilities for e in a.effects})


@pytest.mark.parametrize("name", PRECON)
def test_each_preconstructed_deck_is_legal_under_the_default_rules(name):
    assert violations(STARTER_DECKS[name], STARTER_POOL, NeuroscapeRules()) == []


def test_the_aggression_deck_is_cheap_and_fast_and_takes_an_extra_turn():
    cards = main_cards("razor-tide")
    characters = [c for c in cards if c.type == "character"]
    assert len(characters) >= 30 and sum(c.cost <= 2 for c in characters) >= 20
    assert sum("blitz" in c.keywords for c in characters) >= 15
    used = kinds(cards)
    assert used["extra-turn"] >= 2 and used["damage"] >= 12 and used["refresh"] >= 2
    def mean_character_cost(name: str) -> float:
        bodies = [c for c in main_cards(name) if c.type == "character"]
        return sum(c.cost for c in bodies) / len(bodies)

    assert mean_character_cost("razor-tide") == min(map(mean_character_cost, PRECON))


def test_the_control_deck_answers_on_the_order_and_strips_ram():
    cards = main_cards("quiet-lattice")
    used = kinds(cards)
    for kind in ("counter", "invert-sign", "discard", "release-ram", "stability-check", "win-if"):
        assert used[kind] >= 1, kind
    assert used["counter"] + used["invert-sign"] >= 8
    assert used["release-ram"] >= 6 and used["stability-check"] >= 4
    subtypes = Counter(c.subtype for c in cards if c.type == "program")
    assert subtypes["trojan"] >= 4 and subtypes["virus"] >= 4
    characters = [c for c in cards if c.type == "character"]
    assert sum(c.defense or 0 for c in characters) / len(characters) >= 4  # blockers that hold


def test_the_cyberware_deck_fills_every_slot_and_drives_characters_psychotic():
    cards = main_cards("chrome-psalm")
    cyberware = [c for c in cards if c.type == "cyberware"]
    characters = [c for c in cards if c.type == "character"]
    assert len(cyberware) >= 20 and {c.slot for c in cyberware} == {"head", "left-arm", "right-arm", "legs"}
    assert {c.level for c in cyberware} == {1, 2, 3}
    assert sum(c.malicious for c in cyberware) >= 4 and sum(c.tether for c in cyberware) >= 2
    assert sum(c.subtype == "drug" for c in cards) >= 4
    assert all(any(fits(piece, body) for body in characters) for piece in cyberware if not piece.malicious)
    assert sum(len(c.gear) for c in characters) / len(characters) >= 2.5
    # The rules text: psychosis above base defense makes a character psychotic.
    assert sum(most_psychosis(c, cyberware) > (c.defense or 0) for c in characters) >= 10
    bonus = {name: STARTER_POOL[STARTER_DECKS[name].mainframe].bioframe_bonus for name in PRECON}
    assert bonus["chrome-psalm"] == max(bonus.values())  # room for its own psychotic attacks


def test_the_plans_differ():
    for one, other in itertools.combinations(PRECON, 2):
        assert STARTER_DECKS[one].mainframe != STARTER_DECKS[other].mainframe
        shared = set(e.card for e in STARTER_DECKS[one].main) & set(e.card for e in STARTER_DECKS[other].main)
        assert len(shared) <= 2, (one, other, shared)


def test_the_card_pool_read_lists_the_precons_and_validate_deck_finds_them_legal(api: Api):
    pool = api.get("/v1/neuroscape/card-pool", params={"type": "all"}).json()["result"]
    decks = {d["name"]: d["deck"] for d in pool["starterDecks"]}
    assert set(PRECON) <= set(decks)
    for name in PRECON:
        checked = api.post("/v1/neuroscape/validate-deck", {"deck": decks[name]}).json()["result"]
        size = sum(e.count for e in STARTER_DECKS[name].main)
        assert checked == {"legal": True, "mainDeckSize": size, "ramDeckSize": 25, "violations": []}, name


@pytest.mark.parametrize("graphql", [False, True], ids=["rest", "graphql"])
@pytest.mark.parametrize("name", PRECON)
def test_a_match_with_a_precon_deck_is_created_over_rest_and_reaches_the_first_turn(api: Api, name, graphql):
    """Created over REST, then read and played by each seat over REST or over GraphQL."""
    other = PRECON[(PRECON.index(name) + 1) % len(PRECON)]
    setup = {"players": [{"starterDeck": name}, {"starterDeck": other}]}
    table = new_table(api, setup, graphql=graphql, client_seed=f"precon-{name}")
    mine = table.view("seat-1")["state"]
    # The seat sees its deck's cards, each ability with its text written from the data.
    listed = {e.card for e in STARTER_DECKS[name].main + STARTER_DECKS[name].ram} | {STARTER_DECKS[name].mainframe}
    assert listed <= set(mine["cards"])
    for card_id in listed:
        texts = [a["text"] for a in mine["cards"][card_id].get("abilities", [])]
        assert texts == [a.text for a in STARTER_POOL[card_id].abilities]
    first, _ = start(table)
    flow = table.view(first)["state"]["flow"]
    assert (flow["turn"], flow["active"], flow["substage"], flow["awaiting"]) == (1, first, "draw", [first])
    drawn = table.act(first, "draw", {"main": 1, "ram": 0})
    assert drawn["result"]["flow"]["turn"] == 1
    assert len(table.view(first)["state"]["you"]["hand"]) == 6  # an opening hand of 5, and the first player's one draw


class PreconInvariants(Invariants):
    """The random matches' invariants, with RAM as effects move it: RAM committed by an effect is
    committed to no card, and released RAM leaves cards uncovered (their player unstable), so the
    committed RAM need not equal what the cards in play commit. What holds: RAM committed to a card
    names a card in play, never more of it than the card committed, and RAM that is not committed
    names no card."""

    def __call__(self, before: NeuroscapeState, seat: str, name: str, params, after: NeuroscapeState, result: dict) -> None:
        self.actions += 1
        if self.counts is None:
            self.counts = {s: card_count(before, s) for s in before.players}
        self._out_of_turn_is_refused(before, seat, name, params)
        owned, commits = census_of(after)
        assert owned == self.counts, f"cards owned went from {self.counts} to {owned} after {name}"
        held: Counter[str] = Counter()
        for p in after.players.values():
            for ram in p.ram:
                assert ram.status == "committed" or ram.for_ is None, f"{ram.status} RAM names {ram.for_}"
                if ram.for_ is not None:
                    assert ram.for_ in commits, f"RAM committed to {ram.for_}, which is not in play"
                    held[ram.for_] += 1
        assert all(held[i] <= commits[i] for i in held), f"more RAM committed to a card than it commits after {name}"
        self._health_moves_only_by_damage(before, after, result)
        self._flow_is_consistent(after)


def census_of(state: NeuroscapeState) -> tuple[dict[str, int], dict[str, int]]:
    """Cards each seat owns anywhere, and each card in play with the RAM it commits."""
    owned = {s: 1 + len(p.hand) + deck_size(p.deck) + pile_size(p.ram_deck) + len(p.recycle_bin) + len(p.ram)
             for s, p in state.players.items()}
    commits: dict[str, int] = {}
    instances: list[InPlay] = [*(e for p in state.players.values() for e in p.slots.values() if e is not None)]
    for p in state.players.values():
        for character in p.characters:
            instances += [character, *character.gear.values()]
    if state.environment is not None:
        instances.append(state.environment)
    for instance in instances:
        owned[instance.owner] += 1
        commits[instance.id] = instance.commits
    return owned, commits


PAIRS = list(itertools.product(PRECON, PRECON))


@pytest.mark.parametrize(("one", "other"), PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_seeded_random_matches_between_precon_decks_finish_without_breaking_an_invariant(one, other):
    played: Counter[str] = Counter()
    for index in range(3):
        check = PreconInvariants()

        def observe(before, seat, name, params, after, result, check=check):
            check(before, seat, name, params, after, result)
            played[name] += 1

        final, count = play_match(f"precon-{one}-{other}-{index}", {"players": [{"starterDeck": one}, {"starterDeck": other}]},
                                  observe=observe)
        assert final.outcome is not None and count == check.actions > 0
        assert living(final) == [final.outcome.winner] or final.outcome.reason == "mic-drop"
    assert played["deploy"] and played["attack"] and played["activate"]


def test_a_three_player_match_of_the_three_precon_decks_finishes():
    check = PreconInvariants()
    final, count = play_match("precon-three", {"players": [{"starterDeck": name} for name in PRECON]}, observe=check)
    assert final.outcome is not None and count == check.actions > 0


def test_the_cyberware_decks_pieces_deployed_make_its_own_and_an_opponents_character_psychotic():
    state = through_setup(fresh({"players": [{"starterDeck": "chrome-psalm"}, {"starterDeck": "quiet-lattice"}]}))
    augur = place_character(state, "seat-1", "chapel-augur")  # DEF 2, four gear slots
    confessor = place_character(state, "seat-2", "static-confessor")  # DEF 4, a level-2 head slot
    state = to_substage(state, "deploy")
    give_ram(state, "seat-1", 8)
    pieces = [("choir-lens", augur), ("saints-hook", augur), ("signal-spur", augur), ("thorn-crown", confessor)]
    state["players"]["seat-1"]["hand"] += [card for card, _ in pieces]
    for card, body in pieces:
        state, _ = do(state, "seat-1", "deploy", card=card, character=body["id"])
    match = typed(state)
    levels = {c.card: psychosis_level(c, match) for p in match.players.values() for c in p.characters}
    # Psychosis 2 + 1 + 1 = 4 over the Augur's DEF 2; the malicious crown's 5 over the Confessor's DEF 4.
    assert levels == {"chapel-augur": 2, "static-confessor": 1}
