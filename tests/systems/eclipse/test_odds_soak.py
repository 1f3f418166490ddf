"""What the attack and damage odds read per damage value (`soaked_by`) equals what the roll's harm makes of it,
for every value over a spread of targets, armor kinds and harm already taken."""

from __future__ import annotations

from collections import Counter
from itertools import product

from service.systems.eclipse.moves.attacks import harm_done, soaked_by
from service.systems.eclipse.rules.combat import Soak, soaked
from service.systems.eclipse.wire.attacks import EclipseTargetStats


def test_the_odds_read_each_value_as_the_harm_does() -> None:
    for kinetic, energy, threshold, damage, wounds in product((0, 4, 11), (0, 7), (3, 7, 10), (0, 20, 52), (0, 2)):
        target = EclipseTargetStats.model_validate(
            {"armorKinetic": kinetic, "armorEnergy": energy, "woundThreshold": threshold, "durability": 35, "deathRating": 53, "damage": damage, "wounds": wounds}
        )
        for kind in ("kinetic", "energy", "none"):
            read = soaked_by(kind, target)
            for value in range(0, 90):
                h = harm_done(value, kind, target)
                assert read(value) == (h.taken, h.wounds, h.condition), (kind, value, target)


def test_a_tally_of_many_values_counts_what_soaked_reads_of_each() -> None:
    """`Soak.tally` (what the odds count) against `soaked` value by value (what the roll's harm reads), over
    armor above, at and below the values, thresholds of 1 and more, and harm already past each condition."""
    for armor, threshold, before in product((0, 3, 6, 40), (1, 4, 7), (0, 20, 34, 35, 52, 53, 60)):
        read = Soak(armor, threshold, 35, 53, before)
        ways = {value: 1 + value % 5 for value in range(0, 70)}  # uneven ways, so a count sent astray shows
        taken: Counter[int] = Counter()
        wounds: Counter[int] = Counter()
        states: Counter[str] = Counter()
        for value, n in ways.items():
            through, made, state = soaked(value, armor, threshold, 35, 53, before)
            taken[through] += n
            wounds[made] += n
            states[state] += n
        assert read.tally(ways) == (dict(taken), dict(wounds), dict(states)), (armor, threshold, before)
    # The conditions it names are the ones that happen, each once.
    assert Soak(0, 10, 35, 53, 0).tally({0: 1, 35: 2, 53: 3}) == ({0: 1, 35: 2, 53: 3}, {0: 1, 3: 2, 5: 3}, {"active": 1, "incapacitated": 2, "dead": 3})
    assert Soak(9, 10, 35, 53, 0).tally({4: 6}) == ({0: 6}, {0: 6}, {"active": 6})
