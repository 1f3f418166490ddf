"""Initiative odds against the roll itself, face by face.

Each count's ways equal a walk of `roll_initiative` for that character alone. Who acts first equals every
combination of initiative dice played through `roll_initiative`: where the dice leave no tie, the character
it puts first; where they leave characters tied on count and REF, each of them by the chance its listing
rank wins the roll-offs (`roll_off_chance`, checked against the Eclipse numbers in test_odds_initiative).
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest

from service.dice.memo import set_enabled
from service.dice.walk import replay, walk
from service.systems.eclipse.rules.initiative import INITIATIVE_DIE, ROLL_OFF_ROUNDS, Combatant, roll_initiative
from service.systems.eclipse.rules.odds_initiative import count_ways, initiative_odds, roll_off_chance

TIES = ("ref-then-roll-off", "simultaneous")


@pytest.mark.parametrize("ties", TIES)
def test_each_count_equals_a_walk_of_the_roll(ties: str) -> None:
    for initiative, ref in product(range(-3, 16), (0, 10, 25)):
        c = Combatant("a", initiative, ref)
        walked = walk(lambda stream, c=c: roll_initiative(stream, [c], ties=ties)[0].count)
        assert {t: Fraction(n, INITIATIVE_DIE) for t, n in count_ways(c).items()} == walked


def _first_by_every_roll(combatants: list[Combatant]) -> dict[str, Fraction]:
    rank = {c.key: i for i, c in enumerate(combatants)}
    first: dict[str, Fraction] = {c.key: Fraction(0) for c in combatants}
    every = Fraction(1, INITIATIVE_DIE ** len(combatants))
    for faces in product(range(1, INITIATIVE_DIE + 1), repeat=len(combatants)):
        slots = roll_initiative(replay(faces), combatants, ties="ref-then-roll-off")
        lead = slots[0]
        tied = sorted((s.key for s in slots if (s.count, s.ref) == (lead.count, lead.ref)), key=rank.__getitem__)
        for listed, key in enumerate(tied):
            first[key] += every * roll_off_chance(len(tied), listed, ROLL_OFF_ROUNDS)
    return first


def _cases() -> list[list[Combatant]]:
    rng = random.Random(17)
    cases = [
        [Combatant("0", 7, 20), Combatant("1", 5, 15)],
        [Combatant("0", 6, 20), Combatant("1", 6, 20)],
        [Combatant("0", 5, 10), Combatant("1", 5, 10), Combatant("2", 5, 10)],
        [Combatant("0", 4, 10), Combatant("1", 6, 20), Combatant("2", 7, 20), Combatant("3", 3, 10)],
    ]
    for _ in range(24):
        size = rng.randint(1, 4)
        cases.append([Combatant(str(n), rng.randint(0, 8), rng.choice((10, 15, 20))) for n in range(size)])
    return cases


@pytest.mark.parametrize("combatants", _cases())
def test_who_acts_first_equals_every_roll(combatants: list[Combatant]) -> None:
    set_enabled(False)
    try:
        odds = initiative_odds(combatants, [c.key for c in combatants], "ref-then-roll-off")
    finally:
        set_enabled(True)
    assert dict(odds["first"].chances) == _first_by_every_roll(combatants)
