"""The table's clock: daytime, evening, past midnight, and then a new day."""

from __future__ import annotations

from typing import Literal

TimeOfDay = Literal["daytime", "evening", "past-midnight"]
TIMES_OF_DAY: tuple[TimeOfDay, ...] = ("daytime", "evening", "past-midnight")


def advance(day: int, now: TimeOfDay, to: TimeOfDay | None) -> tuple[int, TimeOfDay]:
    """Step to the next time of day (or on to `to`); past midnight rolls over into a new day."""
    index = TIMES_OF_DAY.index(now)
    target = to or TIMES_OF_DAY[(index + 1) % len(TIMES_OF_DAY)]
    steps = (TIMES_OF_DAY.index(target) - index) % len(TIMES_OF_DAY) or len(TIMES_OF_DAY)
    for _ in range(steps):
        index = (index + 1) % len(TIMES_OF_DAY)
        if index == 0:
            day += 1
    return day, TIMES_OF_DAY[index]
