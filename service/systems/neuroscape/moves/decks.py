"""The stateless deck and pool mechanics: `validate-deck`, `check-setup` and `card-pool` (a read); none draws."""

from __future__ import annotations

from service.registry import Actor
from service.systems.neuroscape import SYSTEM
from service.systems.neuroscape.rules.deck_building import violations
from service.systems.neuroscape.rules.pool import build_pool, pool_state
from service.systems.neuroscape.rules.starter import STARTER_DECKS, STARTER_POOL
from service.systems.neuroscape.setup import check
from service.systems.neuroscape.wire.cards import NeuroscapeDeckViolation
from service.systems.neuroscape.wire.decks import (
    NeuroscapeCardPool,
    NeuroscapeCardPoolInput,
    NeuroscapeDeckCheck,
    NeuroscapeSetupCheck,
    NeuroscapeSetupCheckInput,
    NeuroscapeStarterDeck,
    NeuroscapeValidateDeckInput,
)


def validate_deck(params: NeuroscapeValidateDeckInput) -> NeuroscapeDeckCheck:
    pool = build_pool(params.cards, params.include_starter_pool)
    found = violations(params.deck, pool, params.rules)
    return NeuroscapeDeckCheck(
        legal=not found,
        main_deck_size=sum(e.count for e in params.deck.main),
        ram_deck_size=sum(e.count for e in params.deck.ram),
        violations=found,
    )


def check_setup(params: NeuroscapeSetupCheckInput) -> NeuroscapeSetupCheck:
    pool_state(params.cards, params.include_starter_pool)  # refuses a malformed pool as creation would
    table = None
    if params.session_seats is not None:  # numbered as session creation numbers them
        table = [Actor(f"seat-{n}", s.name or "", s.role) for n, s in enumerate(params.session_seats, start=1)]
    seats, _, _, found = check(params, table)
    return NeuroscapeSetupCheck(legal=not found, seats=seats, violations=[NeuroscapeDeckViolation.model_validate(v) for v in found])


def card_pool(params: NeuroscapeCardPoolInput) -> NeuroscapeCardPool:
    cards = [card for card in STARTER_POOL.values() if params.type in ("all", card.type)]
    decks = [NeuroscapeStarterDeck(name=name, deck=deck) for name, deck in STARTER_DECKS.items()]
    return NeuroscapeCardPool(cards=cards, starter_decks=decks)


SYSTEM.mechanic(
    "validate-deck",
    "Check a deck list against the deck-building rules",
    "Lists every violation at once: main deck size (default 40-60 non-RAM cards), copies per card "
    "(default 4), legendary cards (default 4 in all), RAM deck size (default exactly 25) and special RAM "
    "(default 4). The limits come from `rules`; the pool is the starter pool unless you send `cards`.",
    stateless=validate_deck,
)
SYSTEM.mechanic(
    "check-setup",
    "Check a whole match setup (players, decks, card pool, rules) without starting a match",
    "Takes the `setup` of `POST /v1/sessions` for a Neuroscape match and lists every "
    "deck-building violation of every player, so a lobby can check a match before creating it. With "
    "`sessionSeats` (the session's `seats`) it places the players as creation will, and refuses a player "
    "seated at a missing or non-player seat as creation does.",
    stateless=check_setup,
)
SYSTEM.mechanic(
    "card-pool",
    "List the built-in starter cards and starter decks",
    "The original cards a match uses when its setup sends no `cards`, and the starter decks "
    "(`gridrunners`, `bastion-choir`, `razor-tide`, `quiet-lattice`, `chrome-psalm`) a player may name as `starterDeck`.",
    stateless=card_pool,
    read=True,
)
