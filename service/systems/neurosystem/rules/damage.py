"""Damage categories, the defend and attack tables, and how damage lands.

Severity is a number: 0 no damage, 1 lightly injured … 5 dying, 6 dead, 7 destroyed. Organic
and mechanical names are the same severities under other words. A player character holds
each category at most once (as negative states); an NC carries one escalating damage track.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

ORGANIC = ("lightly-injured", "badly-injured", "wounded", "severely-wounded", "dying", "dead", "destroyed")
MECHANICAL = ("lightly-damaged", "badly-damaged", "wrecked", "severely-wrecked", "shutting-down", "shut-down", "destroyed")
NONE, DYING, DEAD, DESTROYED = 0, 5, 6, 7

_SEVERITY = {name: level for names in (ORGANIC, MECHANICAL) for level, name in enumerate(names, start=1)}

# (highest STK total of the row, categories added to the incoming damage); above the last: -3.
DEFEND_TABLE: tuple[tuple[int, int], ...] = ((3, 4), (6, 3), (9, 2), (12, 1), (15, 0), (18, -1), (21, -2))
DEFEND_BEST = -3
# (highest STK total of the row, severity dealt); above the last: destroyed.
ATTACK_TABLE: tuple[tuple[int, int], ...] = ((8, 0), (14, 1), (20, 2), (26, 3), (32, 4), (38, 5), (44, 6))

Movement = Literal["none", "escalated", "jumped", "capped"]


def state_key(name: str) -> str:
    """How a negative state is compared: case, spaces and underscores do not matter."""
    return "-".join(name.lower().replace("_", " ").split())


def severity(name: str) -> int | None:
    """`"wounded"` → 3, `"Wrecked"` → 3; None for anything that is not a damage category."""
    return _SEVERITY.get(state_key(name))


def is_mechanical(name: str) -> bool:
    key = state_key(name)
    return key in MECHANICAL and key != "destroyed"


def label(level: int, *, mechanical: bool) -> str | None:
    """The category's name for this kind of target; None for no damage."""
    if level <= NONE:
        return None
    return (MECHANICAL if mechanical else ORGANIC)[min(level, DESTROYED) - 1]


def held_levels(states: Iterable[str]) -> set[int]:
    return {level for state in states if (level := severity(state)) is not None}


def defence_shift(total: int) -> int:
    """Categories an STK defence adds to (positive) or takes from (negative) incoming damage."""
    for highest, shift in DEFEND_TABLE:
        if total <= highest:
            return shift
    return DEFEND_BEST


def attack_severity(total: int) -> int:
    """What an attacking STK total does to its target before any reduction."""
    for highest, level in ATTACK_TABLE:
        if total <= highest:
            return level
    return DESTROYED


def defended(incoming: int, total: int) -> tuple[int, int]:
    """(shift, damage after the check): the check can never push damage past destroyed.

    The cap comes before mitigation, range and protection, which act on the damage the
    check let through.
    """
    shift = defence_shift(total)
    return shift, max(NONE, min(DESTROYED, incoming + shift))


def reduced(level: int, reduction: int) -> int:
    """Reductions lower damage row by row; below the lightest category there is no damage."""
    return max(NONE, level - reduction)


def suffered(held: set[int], level: int) -> int | None:
    """The category a character actually gains: the one hit, or the next worse one not held.

    None when no damage lands, or when every category from there to destroyed is held.
    """
    if level <= NONE:
        return None
    for candidate in range(level, DESTROYED + 1):
        if candidate not in held:
            return candidate
    return None


def escalate(current: int, hit: int) -> tuple[int, Movement]:
    """An NC's damage track: a hit no worse than the track moves it one worse; a worse hit jumps to it.

    An uninjured result changes nothing; nothing goes past destroyed.
    """
    if hit <= NONE:
        return current, "none"
    if hit > current:
        return hit, "jumped"
    if current >= DESTROYED:
        return DESTROYED, "capped"
    return current + 1, "escalated"
