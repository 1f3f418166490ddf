"""Cool shit and bad shit: what a check's stat dice say, whatever its outcome.

The Rule of Cool reads the Style die alone: each die size has a threshold from which cool
shit happens (a d4 never gets there). Bad shit reads every stat die, Style, Training and
Knowledge, never Luck: any of them at or below the number of negative states carried.
Both can happen on the same check; neither cancels the other.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from service.systems.neurosystem.rules.ratings import parse_rating


class Die(Protocol):
    """A die of a check as its model or as just rolled: what the Rule of Cool and bad shit read."""

    @property
    def id(self) -> str: ...
    @property
    def stat(self) -> str: ...
    @property
    def rating(self) -> str: ...
    @property
    def face(self) -> int: ...


# Lowest Style face that is cool, per die size; None: that size is never cool.
COOL_FROM: dict[int, int | None] = {4: None, 6: 6, 8: 7, 10: 8, 12: 9}

_STAT_DICE = ("style", "training", "knowledge")


def is_cool(sides: int, face: int) -> bool:
    threshold = COOL_FROM[sides]
    return threshold is not None and face >= threshold


def is_bad(face: int, negative_states: int) -> bool:
    """A stat die showing the count of negative states carried or less (never with none carried)."""
    return face <= negative_states


def style_is_cool(dice: Iterable[Die]) -> bool:
    return any(die.stat == "style" and is_cool(parse_rating(die.rating), die.face) for die in dice)


def bad_dice(dice: Iterable[Die], negative_states: int) -> list[str]:
    """Ids of the stat dice at or below the count of negative states (none when it is 0)."""
    return [die.id for die in dice if die.stat in _STAT_DICE and is_bad(die.face, negative_states)]
