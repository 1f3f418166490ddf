"""Drawing several cards at once is drawing them one by one: `draw_many` against `draw_main` called
`count` times, over every small deck (looked-at top, who knows it, pile, bottom) and every count up
to its size, on the same seeded streams."""

from __future__ import annotations

from itertools import product

import pytest

from service.dice.stream import Stream
from service.systems.neuroscape.rules.piles import deck_size, draw_main, draw_many
from service.systems.neuroscape.state import Deck

TOPS = ((), ("t1",), ("t1", "t2", "t3"))
KNOWN = ({}, {"seat-1": 1}, {"seat-1": 3, "seat-2": 2})
PILES = ({}, {"a": 1}, {"a": 2, "b": 1}, {"a": 3, "b": 2, "c": 4}, {"e": 1, "a": 1, "d": 2, "b": 1, "c": 1})
BOTTOMS = ((), ("m",), ("m", "n"))


def _one_by_one(deck: Deck, count: int, stream: Stream) -> tuple[list[str], Deck]:
    drawn = []
    for _ in range(count):
        card_id, deck = draw_main(deck, stream)
        drawn.append(card_id)
    return drawn, deck


@pytest.mark.parametrize("top, known, pile, bottom", list(product(TOPS, KNOWN, PILES, BOTTOMS)))
def test_drawing_at_once_is_drawing_one_by_one(top, known, pile, bottom) -> None:
    known = {seat: n for seat, n in known.items() if n <= len(top)}
    deck = Deck(pile=pile, bottom=bottom, top=top, known=known)
    for count, nonce in product(range(deck_size(deck) + 1), range(3)):
        at_once, walked = Stream(seed="many", scope="test", nonce=nonce), Stream(seed="many", scope="test", nonce=nonce)
        drawn, rest = draw_many(deck, count, at_once)
        assert (drawn, rest) == _one_by_one(deck, count, walked)
        assert rest.__pydantic_fields_set__ == _one_by_one(deck, count, Stream(seed="many", scope="test", nonce=nonce))[1].__pydantic_fields_set__
        assert at_once.roll(1000) == walked.roll(1000), "the same dice were rolled"
        assert deck == Deck(pile=pile, bottom=bottom, top=top, known=known), "the deck drawn from is left as it was"


def test_drawing_more_than_the_deck_holds_is_refused_as_one_by_one() -> None:
    deck = Deck(pile={"a": 1}, bottom=("m",), top=("t1",))
    with pytest.raises(IndexError):
        _one_by_one(deck, 4, Stream(seed="over", scope="test", nonce=0))
    with pytest.raises(IndexError):
        draw_many(deck, 4, Stream(seed="over", scope="test", nonce=0))
