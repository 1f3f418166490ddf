"""Walking every path of draws: exact chances from the rule that rolls."""

from __future__ import annotations

from fractions import Fraction

import pytest

from service.dice.odds import OddsTooCostly
from service.dice.stream import Stream
from service.dice.walk import marginal, ordered, replay, walk


def test_the_higher_of_two_d20s_is_11_or_more_three_times_in_four() -> None:
    # Fails only when both are 10 or less: (10/20)^2 = 1/4.
    assert walk(lambda s: max(s.roll(20), s.roll(20)) >= 11) == {True: Fraction(3, 4), False: Fraction(1, 4)}


def test_3d6_reaches_11_exactly_half_the_time() -> None:
    assert walk(lambda s: sum(s.roll_many(3, 6)) >= 11)[True] == Fraction(1, 2)


def test_a_rule_that_rolls_again_only_sometimes_is_walked_as_it_rolls() -> None:
    # A d6 that rolls a second d6 on a 6 (once): totals 1..5 at 1/6 each, 7..12 at 1/36 each.
    def once_exploding(s: Stream) -> int:
        first = s.roll(6)
        return first + s.roll(6) if first == 6 else first

    chances = walk(once_exploding)
    assert chances == {**{n: Fraction(1, 6) for n in range(1, 6)}, **{n: Fraction(1, 36) for n in range(7, 13)}}


def test_a_walk_past_its_paths_limit_is_too_costly() -> None:
    with pytest.raises(OddsTooCostly) as raised:
        walk(lambda s: sum(s.roll_many(5, 10)), max_paths=1000)
    assert raised.value.maximum == 1000


def test_a_replay_gives_its_faces_then_ones_and_notes_each_die() -> None:
    stream = replay((4, 20))
    assert [stream.roll(6), stream.roll(20), stream.roll(8)] == [4, 20, 1]
    assert stream.sides == [6, 20, 8]


def test_marginal_and_ordered_keep_the_game_order() -> None:
    joint = {("hit", 3): Fraction(1, 4), ("hit", 5): Fraction(1, 4), ("miss", 0): Fraction(1, 2)}
    assert marginal(joint, lambda o: o[0]) == {"hit": Fraction(1, 2), "miss": Fraction(1, 2)}
    assert list(ordered({"hit": Fraction(1)}, ("miss", "hit"))) == ["miss", "hit"]


def test_a_long_unlikely_chain_is_walked_last_so_a_budget_stops_before_it() -> None:
    # Three d6 that each roll again on a 6, refusing past 8 sixes in a row (as a roll budget would).
    # Walked shorter prefixes first, the 500 paths run out among the common rolls long before any path
    # of 8 sixes (a chance of 6^-10 or less); walked depth first, the first dive would reach it.
    def exploding(s: Stream) -> int:
        total = 0
        for _ in range(3):
            sixes = 0
            while (face := s.roll(6)) == 6:
                sixes += 1
                if sixes > 8:
                    raise ValueError("past the budget")
            total += 6 * sixes + face
        return total

    with pytest.raises(OddsTooCostly):
        walk(exploding, max_paths=500)
