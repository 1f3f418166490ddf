"""The session setup, and the first state of a table."""

from __future__ import annotations

from pydantic import Field, model_validator

from service.model import Model
from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.options import DesertRules
from service.systems.desert.rules.clock import TimeOfDay
from service.systems.desert.state import DesertState, new_character
from service.systems.desert.wire.sheets import DesertBuildingSheet, DesertCharacter, DesertDistrict, check_section_numbers


class DesertSetup(Model):
    rules: DesertRules = Field(default_factory=DesertRules)
    buildings: list[DesertBuildingSheet] = Field(default_factory=list, max_length=50)
    districts: list[DesertDistrict] = Field(default_factory=list, max_length=50)
    characters: list[DesertCharacter] = Field(default_factory=list, max_length=100)
    day: int = Field(default=1, ge=1, le=100_000)
    time_of_day: TimeOfDay = "daytime"

    @model_validator(mode="after")
    def _ids_unique(self) -> DesertSetup:
        for building in self.buildings:
            check_section_numbers(building)
        for kind, items in (("building", self.buildings), ("district", self.districts), ("character", self.characters)):
            ids = [item.id for item in items]
            repeated = sorted({i for i in ids if ids.count(i) > 1})
            if repeated:
                raise refuse(errors.DUPLICATE_ID, f"two {kind}s share the id {repeated[0]!r}")
        return self


def first_state(setup: DesertSetup | None) -> DesertState:
    setup = setup or DesertSetup()
    return DesertState(
        rules=setup.rules,
        day=setup.day,
        time_of_day=setup.time_of_day,
        characters={c.id: new_character(c) for c in setup.characters},
        buildings={b.id: b for b in setup.buildings},
        districts={d.id: d for d in setup.districts},
    )
