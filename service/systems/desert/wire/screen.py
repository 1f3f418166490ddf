"""Wire models of the player screen."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from service.model import Model
from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.wire.fields import CategoryName, DistrictType


class ScreenSource(Model):
    district_type: DistrictType | None = Field(default=None, description="A district of this type (1-6).")
    checkboxes: list[CategoryName] | None = Field(
        default=None, max_length=30, description="Or a building section: one entry per checked box."
    )
    bypassed: list[CategoryName] = Field(
        default_factory=list, max_length=30, description="One entry per blue control token replaced by a red bypass token."
    )

    @model_validator(mode="after")
    def _one_source(self) -> ScreenSource:
        if (self.district_type is None) == (self.checkboxes is None):
            raise refuse(
                errors.SCREEN_SOURCE, "give either districtType or a section's checkboxes (an empty list is allowed)"
            )
        return self


class DesertPlayerScreenInput(ScreenSource):
    pass


class DesertScreenSlot(Model):
    category: CategoryName
    requirement: str = Field(description="What a statement in this category discloses.")
    blue: int = Field(description="Blue control tokens still on the category.")
    red: int = Field(description="Red bypass tokens that replaced blue ones.")
    free: bool = Field(description="No control token at all: an orange free token.")
    statement_required: bool


class DesertScreen(Model):
    source: Literal["district", "section"]
    categories: list[DesertScreenSlot]
    required_statements: list[CategoryName] = Field(description="Categories the held character must make a statement in.")


class DesertScreenAtTable(Model):
    character: str
    location_key: str
    control: int
    identity: str
    screen: DesertScreen
    missing_statements: list[CategoryName]
    volunteered: list[CategoryName] = Field(description="Free categories the character said something in (orange tokens).")
