"""The table's clock: moving it, and what the days, weeks and arcs it crosses renew."""

from __future__ import annotations

from service.registry import Actor
from service.systems.eclipse import SYSTEM, errors
from service.systems.eclipse.moves.common import pass_time
from service.systems.eclipse.rules.clock import DAYS_PER_WEEK, MINUTES_PER_DAY, MINUTES_PER_HOUR
from service.systems.eclipse.state import EclipseState, gm_only
from service.systems.eclipse.wire.clock import EclipseAdvanceTime, EclipseClock


def advance_time(state: EclipseState, params: EclipseAdvanceTime, actor: Actor) -> tuple[EclipseState, EclipseClock]:
    gm_only(actor, "move the clock")
    minutes = params.minutes + MINUTES_PER_HOUR * params.hours + MINUTES_PER_DAY * (params.days + DAYS_PER_WEEK * params.weeks)
    if minutes == 0 and not params.new_arc:
        raise errors.refuse(errors.TIME_STEP, "advance by some `minutes`, `hours`, `days`, `weeks`, or start a `newArc`")
    return pass_time(state, minutes, new_arc=params.new_arc)


SYSTEM.mechanic(
    "advance-time",
    "Move the table's clock (GM): minutes, hours, days, weeks, a new story arc",
    "The clock counts days and the minute of the day; advance it by minutes, hours, days or weeks (summed). "
    "Crossing midnight starts a new day, ending 24-hour pool effects; recharges renew 24 hours after they started; "
    "reaching day 7, 14… starts a new week, renewing Minor and Moderate favors; a new story arc renews Major favors.",
    session=advance_time,
)
