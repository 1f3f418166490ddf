"""The table's clock, in minutes: what a timeframe is in minutes, how advancing time rolls the
day and week counters, and how many recharges fall within the last 24 hours.

Time is kept as a day number and the minute of that day (00:00–23:59), so "day 2, 23:50 plus
20 minutes" is day 3, 00:10. Weeks are seven days from day 0. Months and years, which only
task timeframes use, count as 30 and 365 days.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from service.model import Model

MINUTES_PER_HOUR = 60
MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR
DAYS_PER_WEEK = 7
RECHARGE_WINDOW = MINUTES_PER_DAY  # the rules count recharges per 24-hour period

UNIT_MINUTES: Mapping[str, float] = {
    "action-turns": 0.05,  # an action turn is about 3 seconds
    "minutes": 1,
    "hours": MINUTES_PER_HOUR,
    "days": MINUTES_PER_DAY,
    "weeks": DAYS_PER_WEEK * MINUTES_PER_DAY,
    "months": 30 * MINUTES_PER_DAY,
    "years": 365 * MINUTES_PER_DAY,
}


def to_minutes(amount: float, unit: str) -> float:
    """`to_minutes(2, "hours") == 120`; `to_minutes(4, "action-turns") == 0.2`."""
    return round(amount * UNIT_MINUTES[unit], 4)


class Clock(Model):
    """The table's clock: the day, the minute of that day, the week and the story arc."""

    day: int = 0
    minute: int = 0  # of the day, 0 (00:00) to 1439 (23:59)
    week: int = 0
    arc: int = 0


class RechargeStart(Model):
    """A recharge, and when on the table's clock it started (minutes)."""

    kind: Literal["short", "long"]
    at: int


def now(clock: Clock) -> int:
    """Minutes since the table's day 0, 00:00."""
    return clock.day * MINUTES_PER_DAY + clock.minute


def label(minutes: int) -> str:
    """`label(1510) == "day 1, 01:10"`."""
    day, minute = divmod(minutes, MINUTES_PER_DAY)
    return f"day {day}, {minute // MINUTES_PER_HOUR:02d}:{minute % MINUTES_PER_HOUR:02d}"


@dataclass(frozen=True, slots=True)
class Advance:
    day: int
    minute: int
    week: int
    days_passed: int  # day boundaries crossed
    weeks_passed: int  # week boundaries crossed


def advance(clock: Clock, minutes: int) -> Advance:
    """The clock `minutes` later, and how many day and week boundaries that crossed."""
    later = now(clock) + minutes
    day, minute = divmod(later, MINUTES_PER_DAY)
    week = day // DAYS_PER_WEEK
    return Advance(day, minute, week, day - clock.day, week - clock.day // DAYS_PER_WEEK)


def recent(log: Sequence[RechargeStart], at: int) -> tuple[RechargeStart, ...]:
    """The recharges started within the 24 hours up to `at`."""
    return tuple(entry for entry in log if at - RECHARGE_WINDOW < entry.at <= at)


def counts(log: Sequence[RechargeStart], at: int) -> dict[str, int]:
    kept = recent(log, at)
    return {kind: sum(1 for e in kept if e.kind == kind) for kind in ("short", "long")}


def next_allowed(log: Sequence[RechargeStart], kind: str, limit: int, at: int) -> int | None:
    """When another recharge of this kind fits the 24-hour limit again (None if it already does)."""
    times = sorted(e.at for e in recent(log, at) if e.kind == kind)
    if len(times) < limit:
        return None
    return times[len(times) - limit] + RECHARGE_WINDOW if limit else None
