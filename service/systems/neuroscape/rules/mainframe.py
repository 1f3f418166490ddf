"""The mainframe's three slots (top, left, right) where protocols, viruses and trojans sit.

A full mainframe takes no more slot cards until one leaves. Protocols go on their player's own
mainframe, viruses and trojans on an opponent's; trojans lie face-down.
"""

from __future__ import annotations

from service.systems.neuroscape import errors as E
from service.systems.neuroscape.rules.zones import SLOT_NAMES, player


def free_slots(state: dict, seat: str) -> list[str]:
    slots = player(state, seat)["slots"]
    return [name for name in SLOT_NAMES if slots[name] is None]


def place(state: dict, seat: str, slot: str | None, entry: dict) -> str:
    """Put `entry` in the named slot of `seat`'s mainframe, or in its first free slot."""
    slots = player(state, seat)["slots"]
    if slot is None:
        free = free_slots(state, seat)
        if not free:
            raise E.refuse(E.MAINFRAME_FULL, f"all three slots of {seat}'s mainframe are filled; a slot must clear first")
        slot = free[0]
    elif slots[slot] is not None:
        if not free_slots(state, seat):
            raise E.refuse(E.MAINFRAME_FULL, f"all three slots of {seat}'s mainframe are filled; a slot must clear first")
        raise E.refuse(E.SLOT_OCCUPIED, f"the {slot} slot of {seat}'s mainframe is taken; free: {', '.join(free_slots(state, seat))}")
    slots[slot] = entry
    return slot
