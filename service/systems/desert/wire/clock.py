"""Wire models of the table's clock."""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.desert.rules.clock import TimeOfDay


class DesertAdvanceTimeInput(Model):
    to: TimeOfDay | None = Field(default=None, description="The next time of day by default; past midnight is followed by the next day.")


class DesertTime(Model):
    day: int
    time_of_day: TimeOfDay
