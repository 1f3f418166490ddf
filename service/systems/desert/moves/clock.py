"""The table's clock."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.desert import SYSTEM
from service.systems.desert.rules.clock import advance
from service.systems.desert.state import fresh
from service.systems.desert.wire.clock import DesertAdvanceTimeInput, DesertTime


def advance_time(state: dict, params: DesertAdvanceTimeInput, stream: Stream, actor: Actor) -> tuple[dict, DesertTime]:
    """Step to the next time of day (or on to the named one); past midnight rolls over into a new day."""
    state = fresh(state)
    state["day"], state["timeOfDay"] = advance(state["day"], state["timeOfDay"], params.to)
    return state, DesertTime(day=state["day"], time_of_day=state["timeOfDay"])


SYSTEM.mechanic(
    "advance-time",
    "Move the table's clock to the next time of day",
    "Daytime, evening, past midnight; after past midnight a new day begins.",
    session=advance_time,
)
