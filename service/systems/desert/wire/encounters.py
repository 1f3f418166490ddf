"""Wire models of random encounters."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from service.model import Model
from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.rules.clock import TimeOfDay
from service.systems.desert.wire.fields import DistrictType
from service.systems.desert.wire.sheets import DesertEncounterEntry


class DesertEncounterInput(Model):
    district_type: DistrictType | None = Field(default=None, description="A district's daily roll.")
    table: list[DesertEncounterEntry] | None = Field(
        default=None, min_length=6, max_length=6, description="Or a building's d6 encounter table."
    )
    time_of_day: TimeOfDay = Field(default="daytime", description="Now, for a building table.")

    @model_validator(mode="after")
    def _one_source(self) -> DesertEncounterInput:
        if (self.district_type is None) == (self.table is None):
            raise refuse(errors.SCREEN_SOURCE, "give either districtType or a building's encounter table")
        return self


class DesertEncounterResult(Model):
    kind: Literal["district", "building"]
    face: int
    happened: bool
    encounter: str | None
    time_of_day: TimeOfDay | None = Field(description="The rolled entry's time of day (buildings).")
    time_fits: bool | None


class DesertEncounterAtTable(DesertEncounterResult):
    character: str
    location_key: str
    day: int
    now: TimeOfDay
