"""A new match: check every deck, then lay out each player's zones and wait for opening hands.

Nothing random happens here (a session is created without a dice stream): decks start as
unordered piles, and each player draws its own opening hand with its own first action, so a
draw's audit only ever shows the drawing seat its own cards.
"""

from __future__ import annotations

from collections.abc import Mapping

from service.systems.neuroscape import errors as E
from service.systems.neuroscape.cards import NeuroscapeCard
from service.systems.neuroscape.decks import NeuroscapeDeckList, main_pile, ram_pile, violations
from service.systems.neuroscape.flow import STEPS
from service.systems.neuroscape.models import NeuroscapeSetup
from service.systems.neuroscape.options import NeuroscapeRules
from service.systems.neuroscape.pool import build_pool, pool_state
from service.systems.neuroscape.starter import STARTER_DECKS
from service.systems.neuroscape.zones import SLOT_NAMES


def check(setup: NeuroscapeSetup) -> tuple[list[str], list[NeuroscapeDeckList], Mapping[str, NeuroscapeCard], list[dict]]:
    """Seats, decks and pool of a match setup, and every deck-building violation (each with its seat)."""
    pool = build_pool(setup.cards, setup.include_starter_pool)
    seats = [entry.seat or f"seat-{index}" for index, entry in enumerate(setup.players, start=1)]
    if len(set(seats)) != len(seats):
        raise E.violation(E.BAD_PLAYERS, f"each player needs a seat of its own; got {', '.join(seats)}", status=422)
    decks = [STARTER_DECKS[e.starter_deck] if e.starter_deck else e.deck for e in setup.players]
    found = []
    for seat, deck in zip(seats, decks, strict=True):
        assert deck is not None  # the setup model requires one of the two
        found += [{**v.model_dump(mode="json", by_alias=True, exclude_none=True), "seat": seat} for v in violations(deck, pool, setup.rules)]
    return seats, [d for d in decks if d is not None], pool, found


def initial_state(setup: NeuroscapeSetup) -> dict:
    rules = setup.rules
    pool_spec = pool_state(setup.cards, setup.include_starter_pool)
    seats, decks, pool, found = check(setup)
    if found:
        summary = "; ".join(f"{v['seat']}: {v['message']}" for v in found)
        raise E.violation(E.ILLEGAL_DECK, f"{len(found)} deck-building violation(s): {summary}", status=422, violations=found)
    first = STEPS[0]
    return {
        "rules": rules.model_dump(mode="json", by_alias=True),
        "pool": pool_spec,
        "order": seats,
        "players": {seat: _new_player(deck, pool, rules) for seat, deck in zip(seats, decks, strict=True)},
        "deckLists": {seat: deck.model_dump(mode="json", by_alias=True) for seat, deck in zip(seats, decks, strict=True)},
        "drawAudits": {seat: [] for seat in seats},
        "environment": None,
        "battle": {"attacks": []},
        "effects": [],
        "rollOff": None,
        "outcome": None,
        "nextInstance": 1,
        "flow": {"stage": first.stage, "substage": first.substage, "step": 0, "turn": 0, "active": None, "awaiting": list(seats)},
    }


def _new_player(deck: NeuroscapeDeckList, pool: Mapping[str, NeuroscapeCard], rules: NeuroscapeRules) -> dict:
    mainframe = pool[deck.mainframe]
    return {
        "mainframe": {"card": mainframe.id},
        "bioframe": rules.starting_bioframe + mainframe.bioframe_bonus,
        "mainframeHealth": rules.starting_mainframe + mainframe.mainframe_bonus,
        "slots": {name: None for name in SLOT_NAMES},
        "characters": [],
        "ram": [],
        "hand": [],
        "deck": {"pile": main_pile(deck), "bottom": []},
        "ramDeck": ram_pile(deck),
        "recycleBin": [],
        "openingDrawn": False,
        "mulliganed": False,
        "eliminated": None,
    }
