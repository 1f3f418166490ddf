"""Reading a rule over many inputs in order, once per stretch of inputs it treats alike.

Several odds read a rule over an ordered range: a damage total after another, a natural after
another. Where the rule's reading never comes back to a value once it has left it (each value fills
one unbroken stretch of the range: damage dealt only grows with the total, a d20's pass or fail
turns over once), two equal readings at the ends of a stretch mean the whole stretch reads the
same. `runs` then reads a stretch's two ends and, where they differ, finds the boundary by halving:
a handful of calls of the rule instead of one per input. Inputs a rule reads by a rule of their own
(a d20's 1 and 20) can be set aside, each read once, and the range between them halved. The odds
that use it are tested against reading every input one by one, over broad ranges, so a rule that
stops reading so is caught.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TypeVar

from service.systems.ncb.rules.damage import Vitals

_In = TypeVar("_In")
_Read = TypeVar("_Read")


def runs(
    keys: Sequence[_In], read: Callable[[_In], _Read], apart: Collection[_In] = ()
) -> list[tuple[int, int, _Read]]:
    """(first index, last index, reading) of each stretch of `keys` that `read` reads alike, in order.

    Each value `read` gives must fill one unbroken stretch of `keys` (in the order given) once the keys
    in `apart` are set aside: those are read on their own (a d20's 1 and 20), and the keys between
    them halved as one range."""
    out: list[tuple[int, int, _Read]] = []
    if not apart:
        if keys:
            _stretches(keys, 0, len(keys) - 1, read, out)
        return out
    start = 0
    for at, key in enumerate(keys):
        if key in apart:
            if at > start:
                _stretches(keys, start, at - 1, read, out)
            _joined(out, at, at, read(key))
            start = at + 1
    if start < len(keys):
        _stretches(keys, start, len(keys) - 1, read, out)
    return out


def _stretches(
    keys: Sequence[_In], start: int, last: int, read: Callable[[_In], _Read], out: list[tuple[int, int, _Read]]
) -> None:
    """The stretches of keys[start..last] added to `out`: ends read, a boundary between them found by halving."""
    end_reading = read(keys[last])
    reading = end_reading if start == last else read(keys[start])
    while reading != end_reading:
        # The stretch read as `reading` ends somewhere in [start, last): halve until it is found.
        low, high = start, last  # read(keys[low]) == reading, read(keys[high]) != reading
        high_reading = end_reading
        while high - low > 1:
            mid = (low + high) // 2
            found = read(keys[mid])
            if found == reading:
                low = mid
            else:
                high, high_reading = mid, found
        _joined(out, start, low, reading)
        start, reading = high, high_reading
    _joined(out, start, last, reading)


def _joined(out: list[tuple[int, int, _Read]], first: int, last: int, reading: _Read) -> None:
    """A stretch added to `out`, joined to the one before when that one reads the same."""
    if out and out[-1][1] == first - 1 and out[-1][2] == reading:
        out[-1] = (out[-1][0], last, reading)
    else:
        out.append((first, last, reading))


def one_by_one(keys: Sequence[_In], read: Callable[[_In], _Read]) -> list[tuple[int, int, _Read]]:
    """The same stretches found by reading every key: for a reading `runs` cannot assume."""
    out: list[tuple[int, int, _Read]] = []
    for at, key in enumerate(keys):
        found = read(key)
        if out and out[-1][2] == found:
            out[-1] = (out[-1][0], at, found)
        else:
            out.append((at, at, found))
    return out


def amounts_alike(target: Vitals) -> bool:
    """Whether `apply_damage` on `target` reads its (dealt less the amount, result) over one unbroken
    stretch of amounts each: so for every target whose condition is `up` exactly when it has HP. An `up`
    target at 0 HP, which no table holds, is annihilated by an Overkill hit below its maximum, flatlined
    by one at its maximum and annihilated again at double: it is read amount by amount."""
    return (target.condition == "up") == (target.hp > 0)
