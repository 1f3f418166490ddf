"""The mainframe's three slots (top, left, right) where protocols, viruses and trojans sit.

A full mainframe takes no more slot cards until one leaves. Protocols go on their player's own
mainframe, viruses and trojans on an opponent's; trojans lie face-down.
"""

from __future__ import annotations

from service.systems.neuroscape import errors as E
from service.systems.neuroscape.state import SLOT_NAMES, NeuroscapeState, SlotCard, SlotName, player, update_player


def free_slots(state: NeuroscapeState, seat: str) -> list[SlotName]:
    slots = player(state, seat).slots
    return [name for name in SLOT_NAMES if slots[name] is None]


def slot_for(state: NeuroscapeState, seat: str, slot: SlotName | None) -> SlotName:
    """The slot of `seat`'s mainframe a card goes in: the one named, or the first free one."""
    free = free_slots(state, seat)
    if slot is None:
        if not free:
            raise E.refuse(E.MAINFRAME_FULL, f"all three slots of {seat}'s mainframe are filled; a slot must clear first")
        return free[0]
    if player(state, seat).slots[slot] is not None:
        if not free:
            raise E.refuse(E.MAINFRAME_FULL, f"all three slots of {seat}'s mainframe are filled; a slot must clear first")
        raise E.refuse(E.SLOT_OCCUPIED, f"the {slot} slot of {seat}'s mainframe is taken; free: {', '.join(free)}")
    return slot


def place(state: NeuroscapeState, seat: str, slot: SlotName, entry: SlotCard) -> NeuroscapeState:
    """`entry` in the (free) slot of `seat`'s mainframe."""
    return update_player(state, seat, slots={**player(state, seat).slots, slot: entry})
