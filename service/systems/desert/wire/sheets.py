"""What the table submits: building sheets, districts and characters.

The sheets themselves come from chapters this service does not model (building and
character creation), so they arrive as data and are only checked for the shape the play
rules rely on: categories that exist, control values 0-6, three plus three reactions and
a six-entry encounter table.
"""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.rules.approaches import ApproachName
from service.systems.desert.rules.clock import TimeOfDay
from service.systems.desert.wire.fields import CategoryName, Control, DistrictType, Ident, Label, Text


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
