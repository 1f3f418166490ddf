"""Wire models of the table's clock."""

from __future__ import annotations

from pydantic import Field

from service.model import Model


class EclipseClock(Model):
    day: int
    minute: int = Field(description="Minute of the day, 0 (00:00) to 1439 (23:59).")
    time: str = Field(description="The same as text, e.g. `day 3, 14:05`.")
    week: int = Field(description="Day ÷ 7: weeks start on day 0, 7, 14…")
    arc: int
    resets: list[str] = Field(description="What the change of day, week or arc renewed.")


class EclipseAdvanceTime(Model):
    minutes: int = Field(0, ge=0, le=10080)
    hours: int = Field(0, ge=0, le=8760)
    days: int = Field(0, ge=0, le=365)
    weeks: int = Field(0, ge=0, le=52)
    new_arc: bool = Field(False, description="A new story arc begins: Major favors are available again.")
