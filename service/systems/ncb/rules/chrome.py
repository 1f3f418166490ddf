"""Chrome: implants in body slots, drawing on one capacity pool.

Implants are kept in their wire form (camelCase dicts, as the session stores them):
`{"name", "slots", "capacity", "passive": {bonus: n}, "active": {"unit", "amount"} | None,
"cooldownLeft": rounds, "spentUntil": None | "short-rest" | "long-rest"}`. Installing past
the free slots or the pool is refused; passive bonuses count while installed; an active
implant, once used, waits out its cooldown (rounds of its owner's turns, or a rest).
"""

from __future__ import annotations

from typing import Literal

from service.systems.ncb.errors import (
    CHROME_CAPACITY,
    CHROME_COOLING_DOWN,
    CHROME_DUPLICATE,
    CHROME_PASSIVE,
    CHROME_SLOTS_FULL,
    UNKNOWN_CHROME,
    refuse,
)

BONUSES = (
    "armorClass",
    "damageReduction",
    "initiative",
    "speed",
    "programDc",
    "strength",
    "dexterity",
    "constitution",
    "intelligence",
    "wisdom",
    "charisma",
)
Refresh = Literal["combat-end", "short-rest", "long-rest"]


def usage(implants: list[dict]) -> tuple[int, int]:
    """(body slots used, capacity used)."""
    return sum(i["slots"] for i in implants), sum(i["capacity"] for i in implants)


def install(implants: list[dict], implant: dict, *, slots: int, capacity: int) -> list[dict]:
    name = implant["name"]
    if any(i["name"].casefold() == name.casefold() for i in implants):
        raise refuse(CHROME_DUPLICATE, f"{name!r} is already installed")
    used_slots, used_capacity = usage(implants)
    if used_slots + implant["slots"] > slots:
        raise refuse(
            CHROME_SLOTS_FULL,
            f"{name!r} needs {implant['slots']} body slot(s); {used_slots} of {slots} are taken",
            slotsUsed=used_slots,
            slots=slots,
        )
    if used_capacity + implant["capacity"] > capacity:
        raise refuse(
            CHROME_CAPACITY,
            f"{name!r} draws {implant['capacity']} capacity; {used_capacity} of {capacity} is already drawn",
            capacityUsed=used_capacity,
            capacity=capacity,
        )
    return [*implants, {**implant, "cooldownLeft": 0, "spentUntil": None}]


def _find(implants: list[dict], name: str) -> int:
    for index, implant in enumerate(implants):
        if implant["name"].casefold() == name.casefold():
            return index
    raise refuse(UNKNOWN_CHROME, f"no implant named {name!r} is installed")


def uninstall(implants: list[dict], name: str) -> tuple[list[dict], dict]:
    index = _find(implants, name)
    return implants[:index] + implants[index + 1 :], implants[index]


def totals(implants: list[dict]) -> dict[str, int]:
    """Sum of every installed implant's passive bonuses."""
    out = dict.fromkeys(BONUSES, 0)
    for implant in implants:
        for key, value in (implant.get("passive") or {}).items():
            out[key] += value
    return out


def activate(implants: list[dict], name: str) -> tuple[list[dict], dict]:
    index = _find(implants, name)
    implant = implants[index]
    active = implant.get("active")
    if active is None:
        raise refuse(CHROME_PASSIVE, f"{implant['name']!r} is passive: its bonuses already apply")
    if implant["cooldownLeft"] > 0 or implant["spentUntil"] is not None:
        rest = (implant["spentUntil"] or "").replace("-", " ")
        wait = f"{implant['cooldownLeft']} more turn(s)" if implant["cooldownLeft"] else f"the next {rest}"
        raise refuse(CHROME_COOLING_DOWN, f"{implant['name']!r} is cooling down: ready after {wait}")
    if active["unit"] == "rounds":
        used = {**implant, "cooldownLeft": active["amount"]}
    else:
        used = {**implant, "spentUntil": active["unit"]}
    return implants[:index] + [used] + implants[index + 1 :], used


def tick(implants: list[dict]) -> list[dict]:
    """At the start of the owner's turn every round-counted cooldown runs one down."""
    return [{**i, "cooldownLeft": i["cooldownLeft"] - 1} if i["cooldownLeft"] > 0 else i for i in implants]


def refresh(implants: list[dict], when: Refresh) -> list[dict]:
    """Time passing: a fight's end clears round cooldowns, rests also the ones waiting for them."""
    cleared = {"combat-end": (), "short-rest": ("short-rest",), "long-rest": ("short-rest", "long-rest")}[when]
    return [
        {**i, "cooldownLeft": 0, "spentUntil": None if i["spentUntil"] in cleared else i["spentUntil"]}
        for i in implants
    ]
