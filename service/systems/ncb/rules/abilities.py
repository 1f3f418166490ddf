"""Ability scores, their modifiers, proficiency by level and when subclasses open.

>>> modifier(15), modifier(8), modifier(22)
(2, -1, 6)
>>> proficiency_bonus(1), proficiency_bonus(5), proficiency_bonus(17)
(2, 3, 6)
"""

from __future__ import annotations

from typing import Literal

Ability = Literal["strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"]
ABILITIES: tuple[Ability, ...] = ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")

MIN_LEVEL, MAX_LEVEL = 1, 20
SUBCLASS_LEVEL = 3


def modifier(score: int) -> int:
    """(score - 10) / 2 rounded down. Past 20 the same formula gives the text's "+1 per two points"."""
    return (score - 10) // 2


def proficiency_bonus(level: int) -> int:
    """5e's table: +2 at levels 1-4, +3 at 5-8, +4 at 9-12, +5 at 13-16, +6 at 17-20."""
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise ValueError(f"levels run {MIN_LEVEL}-{MAX_LEVEL}, got {level}")
    return 2 + (level - 1) // 4


def subclass_available(level: int) -> bool:
    return level >= SUBCLASS_LEVEL


def modifiers(scores: dict[str, int]) -> dict[str, int]:
    return {name: modifier(scores[name]) for name in ABILITIES}
