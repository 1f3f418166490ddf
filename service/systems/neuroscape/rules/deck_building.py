"""Deck building: the checks a deck must pass before a match (the deck list is in `wire.cards`).

`violations` returns every broken rule at once, so a player fixes a deck in one round trip
instead of discovering the problems one 422 at a time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from service.systems.neuroscape.options import NeuroscapeRules
from service.systems.neuroscape.wire.cards import NeuroscapeCard, NeuroscapeDeckEntry, NeuroscapeDeckList, NeuroscapeDeckViolation


def _totals(entries: list[NeuroscapeDeckEntry]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for entry in entries:
        counts[entry.card] += entry.count
    return counts


def violations(deck: NeuroscapeDeckList, pool: Mapping[str, NeuroscapeCard], rules: NeuroscapeRules) -> list[NeuroscapeDeckViolation]:
    """Every deck-building rule the list breaks, in a stable order; empty when the deck is legal."""
    found: list[NeuroscapeDeckViolation] = []

    def add(rule: str, message: str, card: str | None = None) -> None:
        found.append(NeuroscapeDeckViolation(rule=rule, message=message, card=card))

    mainframe = pool.get(deck.mainframe)
    if mainframe is None:
        add("unknown-card", f"mainframe {deck.mainframe!r} is not in the card pool", deck.mainframe)
    elif mainframe.type != "mainframe":
        add("mainframe-type", f"{mainframe.name!r} is a {mainframe.type}, not a mainframe", deck.mainframe)

    main = _totals(deck.main)
    size = sum(main.values())
    if not rules.main_deck_min <= size <= rules.main_deck_max:
        add("main-deck-size", f"the main deck holds {size} cards; it needs {rules.main_deck_min}-{rules.main_deck_max}")
    legendary = 0
    for card_id, count in sorted(main.items()):
        card = pool.get(card_id)
        if card is None:
            add("unknown-card", f"main deck card {card_id!r} is not in the card pool", card_id)
            continue
        if card.type == "ram":
            add("ram-in-main-deck", f"{card.name!r} is RAM; RAM belongs in the RAM deck", card_id)
        elif card.type == "mainframe":
            add("mainframe-in-main-deck", f"{card.name!r} is a mainframe; name it as the deck's mainframe", card_id)
        if count > rules.max_copies:
            add("max-copies", f"{count} copies of {card.name!r}; at most {rules.max_copies}", card_id)
        if card.legendary:
            legendary += count
    if legendary > rules.max_legendary:
        add("max-legendary", f"{legendary} legendary cards in the main deck; at most {rules.max_legendary}")

    ram = _totals(deck.ram)
    ram_size = sum(ram.values())
    if ram_size != rules.ram_deck_size:
        add("ram-deck-size", f"the RAM deck holds {ram_size} cards; it needs exactly {rules.ram_deck_size}")
    special = 0
    for card_id, count in sorted(ram.items()):
        card = pool.get(card_id)
        if card is None:
            add("unknown-card", f"RAM deck card {card_id!r} is not in the card pool", card_id)
        elif card.type != "ram":
            add("non-ram-in-ram-deck", f"{card.name!r} is a {card.type}; only RAM goes in the RAM deck", card_id)
        elif card.special:
            special += count
    if special > rules.max_special_ram:
        add("max-special-ram", f"{special} special RAM cards; at most {rules.max_special_ram}")
    return found


def main_pile(deck: NeuroscapeDeckList) -> dict[str, int]:
    """The main deck as an unordered pile: card id -> copies (see `piles`)."""
    return dict(sorted(_totals(deck.main).items()))


def ram_pile(deck: NeuroscapeDeckList) -> dict[str, int]:
    return dict(sorted(_totals(deck.ram).items()))
