"""What the attack and damage odds read per damage value (`soaked_by`) equals what the roll's harm makes of it,
for every value over a spread of targets, armor kinds and harm already taken."""

from __future__ import annotations

from itertools import product

from service.systems.eclipse.moves.attacks import harm_done, soaked_by
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
