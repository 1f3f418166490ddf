"""Cards with as many copies share one copies distribution in a draw's odds: every one of them is the
distribution `_copies` makes for that card alone, under the card's own name. Checked over small decks
(looked-at top, who knows it, pile, bottom) for each count drawn, and over small RAM piles."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from service.dice import memo
from service.systems.neuroscape.rules.odds import _copies, draw_odds, ram_draw_odds
from service.systems.neuroscape.state import Deck

TOPS = ((), ("a",), ("c", "a"))
KNOWN = ({}, {"seat-1": 1}, {"seat-1": 2, "seat-2": 1})
PILES = ({}, {"a": 2}, {"a": 2, "b": 2, "c": 1}, {"a": 3, "b": 3, "c": 3, "d": 1, "e": 3})
BOTTOMS = ((), ("b",), ("d", "b"))


@pytest.fixture(autouse=True)
def _cold():
    memo.set_enabled(False)  # every answer made afresh
    yield
    memo.set_enabled(True)


@pytest.mark.parametrize("top, known, pile, bottom", list(product(TOPS, KNOWN, PILES, BOTTOMS)))
def test_each_card_copies_as_counted_alone(top, known, pile, bottom) -> None:
    known = {seat: n for seat, n in known.items() if n <= len(top)}
    deck = Deck(pile=pile, bottom=bottom, top=top, known=known)
    size = len(top) + sum(pile.values()) + len(bottom)
    for count in range(size + 1):
        odds = draw_odds(deck, "seat-1", count)
        seen = list(top[: known.get("seat-1", 0)])
        unseen = Counter(top[len(seen):]) + Counter(pile)
        middle = sum(unseen.values())
        first = seen[:count]
        from_middle = min(count - len(first), middle)
        last = list(bottom[: count - len(first) - from_middle])
        fixed = Counter(first + last)
        copies = [d for d in odds.distributions if d.name.startswith("copies:")]
        names = sorted(set(seen) | set(unseen) | set(last))
        assert [d.name for d in copies] == [f"copies:{card}" for card in names], "every card that may be drawn, in order"
        for d in copies:
            card = d.name.removeprefix("copies:")
            assert d == _copies(d.name, unseen[card], middle, from_middle, fixed[card])


@pytest.mark.parametrize("pile", [{"x": 1}, {"x": 2, "y": 2}, {"x": 3, "y": 1, "z": 3, "w": 3}, {"x": 2, "y": 2, "z": 2}])
def test_each_ram_card_copies_as_counted_alone(pile) -> None:
    size = sum(pile.values())
    for count in range(size + 1):
        found = ram_draw_odds(pile, count)
        assert [d.name for d in found] == [f"ramCopies:{card}" for card in sorted(pile)]
        for d in found:
            card = d.name.removeprefix("ramCopies:")
            assert d == _copies(d.name, pile[card], size, count, 0)
