"""Chrome: implants in body slots, drawing on one capacity pool.

An installed implant is an `NcbImplantView`: the implant as installed, with its cooldown
(`cooldown_left` of its owner's turns, or `spent_until` a rest). Installing past the free slots or
the pool is refused; passive bonuses count while installed; an active implant, once used, waits out
its cooldown (rounds of its owner's turns, or a rest).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from service.dice.memo import ByIdentity
from service.systems.ncb.errors import (
    CHROME_CAPACITY,
    CHROME_COOLING_DOWN,
    CHROME_DUPLICATE,
    CHROME_PASSIVE,
    CHROME_SLOTS_FULL,
    UNKNOWN_CHROME,
    refuse,
)
from service.systems.ncb.wire.sheet import NcbChromeBonuses, NcbChromeTotals, NcbImplant, NcbImplantView

Installed = tuple[NcbImplantView, ...]
Refresh = Literal["combat-end", "short-rest", "long-rest"]
_CLEARED: dict[Refresh, tuple[str, ...]] = {
    "combat-end": (),
    "short-rest": ("short-rest",),
    "long-rest": ("short-rest", "long-rest"),
}


def usage(implants: Sequence[NcbImplantView]) -> tuple[int, int]:
    """(body slots used, capacity used)."""
    return sum(i.slots for i in implants), sum(i.capacity for i in implants)


def install(implants: Sequence[NcbImplantView], implant: NcbImplant, *, slots: int, capacity: int) -> Installed:
    name = implant.name
    if any(i.name.casefold() == name.casefold() for i in implants):
        raise refuse(CHROME_DUPLICATE, f"{name!r} is already installed")
    used_slots, used_capacity = usage(implants)
    if used_slots + implant.slots > slots:
        raise refuse(
            CHROME_SLOTS_FULL,
            f"{name!r} needs {implant.slots} body slot(s); {used_slots} of {slots} are taken",
            slotsUsed=used_slots,
            slots=slots,
        )
    if used_capacity + implant.capacity > capacity:
        raise refuse(
            CHROME_CAPACITY,
            f"{name!r} draws {implant.capacity} capacity; {used_capacity} of {capacity} is already drawn",
            capacityUsed=used_capacity,
            capacity=capacity,
        )
    return (*implants, NcbImplantView(**dict(implant), cooldown_left=0, spent_until=None))


def _find(implants: Sequence[NcbImplantView], name: str) -> int:
    for index, implant in enumerate(implants):
        if implant.name.casefold() == name.casefold():
            return index
    raise refuse(UNKNOWN_CHROME, f"no implant named {name!r} is installed")


def uninstall(implants: Sequence[NcbImplantView], name: str) -> tuple[Installed, NcbImplantView]:
    index = _find(implants, name)
    return (*implants[:index], *implants[index + 1 :]), implants[index]


def totals(implants: Sequence[NcbImplantView]) -> NcbChromeTotals:
    """Sum of every installed implant's passive bonuses (no chrome at all: the one zero total), read
    several times per attack: kept for the most recent sheets' chrome by the identity of its tuple (a
    tuple of frozen implants never changes; a sheet that changes gets a new one)."""
    if not implants:
        return _NO_CHROME
    kept = isinstance(implants, tuple)  # only a tuple is sure never to change
    found = _TOTALS.find(implants) if kept else None
    if found is None:
        passives = [i.passive for i in implants]
        found = NcbChromeTotals(**{f: sum(getattr(p, f) for p in passives) for f in NcbChromeBonuses.model_fields})
        if kept:
            _TOTALS.keep(implants, found)
    return found


_NO_CHROME = NcbChromeTotals(**{f: 0 for f in NcbChromeBonuses.model_fields})
_TOTALS: ByIdentity[NcbChromeTotals] = ByIdentity(256)


def activate(implants: Sequence[NcbImplantView], name: str) -> tuple[Installed, NcbImplantView]:
    index = _find(implants, name)
    implant = implants[index]
    active = implant.active
    if active is None:
        raise refuse(CHROME_PASSIVE, f"{implant.name!r} is passive: its bonuses already apply")
    if implant.cooldown_left > 0 or implant.spent_until is not None:
        rest = (implant.spent_until or "").replace("-", " ")
        wait = f"{implant.cooldown_left} more turn(s)" if implant.cooldown_left else f"the next {rest}"
        raise refuse(CHROME_COOLING_DOWN, f"{implant.name!r} is cooling down: ready after {wait}")
    if active.unit == "rounds":
        used = implant.model_copy(update={"cooldown_left": active.amount})
    else:
        used = implant.model_copy(update={"spent_until": active.unit})
    return (*implants[:index], used, *implants[index + 1 :]), used


def tick(implants: Sequence[NcbImplantView]) -> Installed:
    """At the start of the owner's turn every round-counted cooldown runs one down."""
    return tuple(
        i.model_copy(update={"cooldown_left": i.cooldown_left - 1}) if i.cooldown_left > 0 else i for i in implants
    )


def refresh(implants: Sequence[NcbImplantView], when: Refresh) -> Installed:
    """Time passing: a fight's end clears round cooldowns, rests also the ones waiting for them."""
    cleared = _CLEARED[when]
    return tuple(
        i.model_copy(update={"cooldown_left": 0, "spent_until": None if i.spent_until in cleared else i.spent_until})
        for i in implants
    )
