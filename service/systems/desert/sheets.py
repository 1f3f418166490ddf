"""What the table submits: building sheets, districts, characters and the session setup.

The sheets themselves come from chapters this service does not model (building and
character creation), so they arrive as data and are only checked for the shape the play
rules rely on: categories that exist, control values 0-6, three plus three reactions and
a six-entry encounter table.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from service.model import Model
from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.fields import CategoryName, Control, DistrictType, Ident, Label, Text

TimeOfDay = Literal["daytime", "evening", "past-midnight"]
TIMES_OF_DAY: tuple[str, ...] = ("daytime", "evening", "past-midnight")

ApproachName = Literal["sponsorbaby", "rental", "walk-in", "sun", "esper", "agitator"]


class DesertRules(Model):
    """Table options for what the play text leaves open."""

    require_statements: bool = Field(
        default=True,
        description=(
            "Default true (configurable): a building or district reaction draw is refused while a category "
            "that still holds a blue control token has no statement in the character's security log."
        ),
    )
    only_holder_acts: bool = Field(
        default=True,
        description=(
            "Default true (configurable): statements, bypasses, moves, approaches and memory-log choices for a "
            "held character come only from the seat holding it; unheld characters may be played by any seat."
        ),
    )
    personal_control_count: Literal["at-least", "exactly"] = Field(
        default="at-least",
        description=(
            "Default `at-least` (configurable): at control N a personal draw needs at least N tokens of the "
            "controlled type; `exactly` demands precisely N (for N > 0)."
        ),
    )
    max_security_logs: int = Field(
        default=100,
        ge=10,
        le=300,
        description=(
            "Default 100 (configurable, 10-300): how many security logs the session keeps; beyond it the oldest "
            "ones that are neither current nor kept as memory logs are dropped (the action log keeps them all)."
        ),
    )


class DesertReactionSet(Model):
    """Three positive and three negative reactions, in escalation order."""

    positive: list[Text] = Field(min_length=3, max_length=3, description="Reactions 1-3.")
    negative: list[Text] = Field(min_length=3, max_length=3, description="Reactions 4-6.")


class DesertSection(Model):
    number: int = Field(ge=1, le=99, description="The section's number on the building sheet.")
    name: str = Field(default="", max_length=60)
    checkboxes: list[CategoryName] = Field(
        default_factory=list,
        max_length=30,
        description="One entry per checked box; a category may repeat (several blue control tokens).",
    )


class DesertEncounterEntry(Model):
    encounter: Text
    time_of_day: TimeOfDay = Field(description="When this encounter can take place.")


class DesertBuildingSheet(Model):
    id: Ident
    name: str = Field(default="", max_length=80)
    control: Control = Field(description="Control value 0-6.")
    identity: Label = Field(description="The building identity, the usual controlled type of personal draws.")
    sections: list[DesertSection] = Field(min_length=1, max_length=30)
    reactions: DesertReactionSet
    encounters: list[DesertEncounterEntry] = Field(
        min_length=6, max_length=6, description="The d6 encounter table: entry k is face k."
    )


def check_section_numbers(sheet: DesertBuildingSheet) -> None:
    """Section numbers are unique within a building.

    Not a model validator: a session handler calls it after the seat token was checked, so
    a request without a token is a 401 whatever its body holds.
    """
    numbers = [section.number for section in sheet.sections]
    repeated = sorted({n for n in numbers if numbers.count(n) > 1})
    if repeated:
        raise refuse(
            errors.DUPLICATE_ID,
            f"building {sheet.id!r} numbers more than one section {repeated[0]}; section numbers are unique",
        )


class DesertDistrict(Model):
    id: Ident
    name: str = Field(default="", max_length=80)
    type: DistrictType = Field(description="District type 1-6: how many categories hold a blue control token.")
    control: Control = Field(description="Control value 0-6.")
    identity: Label
    reactions: DesertReactionSet


class DesertApproach(Model):
    """Why a character is here, and what it needs for its automatic personal-draw token."""

    approach: ApproachName
    brand: Label | None = Field(default=None, description="Sponsorbaby: the promoted brand.")
    role_attitude: Label | None = Field(default=None, description="Rental: the attitude of the role played.")
    contact_type: Label | None = Field(default=None, description="Rental: the contact type of the role played.")
    meeting: Label | None = Field(default=None, description="Rental: the person the role is played for.")


class DesertCharacter(Model):
    id: Ident
    name: str = Field(min_length=1, max_length=80)
    hacker: bool = Field(default=False, description="A hacker may edit security logs.")
    approach: DesertApproach | None = None


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
