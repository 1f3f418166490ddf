"""The table's clock."""

from __future__ import annotations

from service.registry import Actor
from service.systems.desert import SYSTEM
from service.systems.desert.rules.clock import advance
from service.systems.desert.state import DesertState
from service.systems.desert.wire.clock import DesertAdvanceTimeInput, DesertTime


def advance_time(state: DesertState, params: DesertAdvanceTimeInput, actor: Actor) -> tuple[DesertState, DesertTime]:
    """Step to the next time of day (or on to the named one); past midnight rolls over into a new day."""
    day, now = advance(state.day, state.time_of_day, params.to)
    return state.model_copy(update={"day": day, "time_of_day": now}), DesertTime(day=day, time_of_day=now)


SYSTEM.mechanic(
    "advance-time",
    "Move the table's clock to the next time of day",
    "Daytime, evening, past midnight; after past midnight a new day begins.",
    session=advance_time,
)
