"""Decks are unordered piles: each draw is one audited die over what is left; the bottom comes last."""

from __future__ import annotations

from collections import Counter

from service.dice.stream import Stream
from service.systems.neuroscape.rules.piles import deck_size, draw_main, put_bottom, take_random
from service.systems.neuroscape.state import Deck
from support.dice import ScriptedStream


def test_a_draw_is_one_die_over_the_cards_left_in_card_id_order():
    pile = {"b-card": 2, "a-card": 1, "c-card": 3}
    stream = ScriptedStream(1, 2, 4)
    assert take_random(pile, stream) == "a-card"  # face 1 of 6: a-card (1), b-card (2-3), c-card (4-6)
    assert take_random(pile, stream) == "b-card"  # face 2 of 5: b-card (1-2), c-card (3-5)
    assert take_random(pile, stream) == "c-card"  # face 4 of 4: b-card (1), c-card (2-4)
    assert [d.sides for d in stream.draws] == [6, 5, 4]
    assert pile == {"b-card": 1, "c-card": 2}


def test_drawing_a_whole_deck_yields_every_card_once():
    deck = Deck(pile={"x": 4, "y": 4, "z": 32}, bottom=())
    stream = Stream(seed="whole", scope="test", nonce=0)
    drawn = []
    for _ in range(40):
        card, deck = draw_main(deck, stream)
        drawn.append(card)
    assert Counter(drawn) == {"x": 4, "y": 4, "z": 32}
    assert deck_size(deck) == 0


def test_cards_put_on_the_bottom_come_after_the_pile_in_order():
    deck = put_bottom(Deck(pile={"x": 2}, bottom=()), ["m", "n"])
    stream = Stream(seed="bottom", scope="test", nonce=0)
    drawn = []
    for _ in range(4):
        card, deck = draw_main(deck, stream)
        drawn.append(card)
    assert drawn[2:] == ["m", "n"] and deck_size(deck) == 0


def test_same_seed_same_draws():
    first = [take_random({"a": 5, "b": 5}, Stream(seed="s", scope="test", nonce=n)) for n in range(20)]
    again = [take_random({"a": 5, "b": 5}, Stream(seed="s", scope="test", nonce=n)) for n in range(20)]
    assert first == again and set(first) == {"a", "b"}


def test_draws_are_close_to_uniform():
    counts = Counter(take_random({"a": 1, "b": 1, "c": 2}, Stream(seed="u", scope="test", nonce=n)) for n in range(4000))
    assert 850 < counts["a"] < 1150 and 850 < counts["b"] < 1150 and 1850 < counts["c"] < 2150
