"""Decks without an order: a random draw at the moment of drawing instead of a shuffle up front.

A deck is kept as an unordered pile (card id -> copies) with an ordered `bottom` under it (the
cards a mulligan puts back, in the order they went). Drawing takes a uniformly random card of
the pile with one stream die, then the bottom in order once the pile is empty. That is the
same distribution as drawing from the top of a fairly shuffled deck, and it means no deck order
exists before a card is drawn, so none can leak: the only secret a draw makes is the drawn
card, and the die that picked it is audited like every other.

A look at the top of a deck fixes that many cards on `top`, in order, drawn the same way; the
deck records who knows how many of them (`known`: seat -> count from the top). Drawing the top
card keeps the rest known; a seat knows nothing of a top it has not looked at, its own included.
"""

from __future__ import annotations

from collections.abc import Mapping

from service.dice.stream import Stream
from service.systems.neuroscape.state import Deck


def pile_size(pile: Mapping[str, int]) -> int:
    return sum(pile.values())


def deck_size(deck: Deck) -> int:
    return len(deck.top) + pile_size(deck.pile) + len(deck.bottom)


def take_random(pile: dict[str, int], stream: Stream) -> str:
    """Remove and return one uniformly random card of a non-empty pile (card ids in sorted order).

    The pile is the caller's own dict (a copy of the state's): it loses the card taken.
    """
    return _take(pile, sorted(pile), pile_size(pile), stream)


def _take(pile: dict[str, int], card_ids: list[str], size: int, stream: Stream) -> str:
    """`take_random` with the pile's card ids in sorted order and its size at hand: `card_ids` loses a
    card id whose last copy is taken, so that several draws from one pile sort and count it once."""
    pick = stream.roll(size)
    for i, card_id in enumerate(card_ids):
        pick -= pile[card_id]
        if pick <= 0:
            if pile[card_id] == 1:
                del pile[card_id]
                del card_ids[i]
            else:
                pile[card_id] -= 1
            return card_id
    raise ValueError("take_random needs a non-empty pile")


def draw_from(pile: Mapping[str, int], stream: Stream) -> tuple[str, dict[str, int]]:
    """One random card of a pile, and the pile without it."""
    rest = dict(pile)
    return take_random(rest, stream), rest


def draw_main(deck: Deck, stream: Stream) -> tuple[str, Deck]:
    """The next card of a main deck (a card looked at on top, else random from the pile, else the
    top of the bottom), and the deck without it."""
    if deck.top:
        return deck.top[0], drop_top(deck, 1)
    if deck.pile:
        card_id, pile = draw_from(deck.pile, stream)
        return card_id, deck.model_copy(update={"pile": pile})
    return deck.bottom[0], deck.model_copy(update={"bottom": deck.bottom[1:]})


def draw_many(deck: Deck, count: int, stream: Stream) -> tuple[list[str], Deck]:
    """`count` cards drawn as `draw_main` draws them one after another (the cards looked at on top, then
    random from the pile with one die each, then the bottom in order), and the deck without them: the
    same cards, dice and deck, with the pile and the deck copied once for them all."""
    if not count:
        return [], deck
    from_top = min(count, len(deck.top))
    drawn = list(deck.top[:from_top])
    update: dict[str, object] = {}
    if from_top:
        update = {"top": deck.top[from_top:], "known": _shifted(deck.known, from_top)}
    rest = count - from_top
    if rest and deck.pile:
        pile = dict(deck.pile)
        card_ids, size = sorted(pile), pile_size(pile)
        while rest and pile:
            drawn.append(_take(pile, card_ids, size, stream))
            rest -= 1
            size -= 1
        update["pile"] = pile
    if rest:
        if rest > len(deck.bottom):
            raise IndexError("more cards drawn than the deck holds")
        drawn.extend(deck.bottom[:rest])
        update["bottom"] = deck.bottom[rest:]
    return drawn, deck.model_copy(update=update)


def look_at_top(deck: Deck, count: int, stream: Stream) -> tuple[list[str], Deck]:
    """The top `count` cards, fixed now (random from the pile once the looked-at ones run out), and the deck
    that keeps them on top in that order."""
    drawn, rest = draw_many(deck, min(count, deck_size(deck)), stream)
    # The cards already on top come first, so whoever knew them still does.
    return drawn, rest.model_copy(update={"top": tuple(drawn) + rest.top, "known": deck.known})


def put_bottom(deck: Deck, card_ids: list[str]) -> Deck:
    """Put cards under the deck; the last one named ends up lowest."""
    return deck.model_copy(update={"bottom": (*deck.bottom, *card_ids)})


def _shifted(known: dict[str, int], count: int) -> dict[str, int]:
    return {seat: n - count for seat, n in known.items() if n > count}


def drop_top(deck: Deck, count: int) -> Deck:
    """The deck without its top `count` fixed cards; who knew the cards under them still knows them."""
    return deck.model_copy(update={"top": deck.top[count:], "known": _shifted(deck.known, count)})


def know_top(deck: Deck, seat: str, count: int) -> Deck:
    """The seat has now seen the top `count` cards."""
    if count <= deck.known.get(seat, 0):
        return deck
    return deck.model_copy(update={"known": {**deck.known, seat: count}})


def arrange_top(deck: Deck, seat: str, order: list[int]) -> Deck:
    """The top `len(order)` cards put back with `order[i]` (a position before) at position i; `seat`
    knows them all, any other seat only those above the first card that moved."""
    count = len(order)
    top = tuple(deck.top[i] for i in order) + deck.top[count:]
    still = next((i for i, j in enumerate(order) if i != j), count)
    known = {other: min(n, still) for other, n in deck.known.items() if other != seat and min(n, still)}
    known[seat] = max(deck.known.get(seat, 0), count)
    return deck.model_copy(update={"top": top, "known": known})


def known_top(deck: Deck, seat: str | None) -> list[str]:
    """The top cards `seat` knows, in order."""
    return list(deck.top[: deck.known.get(seat, 0)]) if seat is not None else []
