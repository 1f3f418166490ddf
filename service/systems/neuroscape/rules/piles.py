"""Decks without an order: a random draw at the moment of drawing instead of a shuffle up front.

A deck is kept as an unordered pile (card id -> copies) with an ordered `bottom` under it (the
cards a mulligan puts back, in the order they went). Drawing takes a uniformly random card of
the pile with one stream die, then the bottom in order once the pile is empty. That is the
same distribution as drawing from the top of a fairly shuffled deck, and it means no deck order
exists before a card is drawn, so none can leak: the only secret a draw makes is the drawn
card, and the die that picked it is audited like every other.
"""

from __future__ import annotations

from service.dice.stream import Stream


def pile_size(pile: dict[str, int]) -> int:
    return sum(pile.values())


def deck_size(deck: dict) -> int:
    return pile_size(deck["pile"]) + len(deck["bottom"])


def take_random(pile: dict[str, int], stream: Stream) -> str:
    """Remove and return one uniformly random card of a non-empty pile (card ids in sorted order)."""
    pick = stream.roll(pile_size(pile))
    for card_id in sorted(pile):
        pick -= pile[card_id]
        if pick <= 0:
            if pile[card_id] == 1:
                del pile[card_id]
            else:
                pile[card_id] -= 1
            return card_id
    raise ValueError("take_random needs a non-empty pile")


def draw_main(deck: dict, stream: Stream) -> str:
    """The next card of a main deck: random from the pile, else the top of the bottom."""
    if deck["pile"]:
        return take_random(deck["pile"], stream)
    return deck["bottom"].pop(0)


def put_bottom(deck: dict, card_ids: list[str]) -> None:
    """Put cards under the deck; the last one named ends up lowest."""
    deck["bottom"].extend(card_ids)
