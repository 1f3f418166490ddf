"""Wire models of the table itself: characters, places, moves, security and memory logs, time."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model
from service.systems.desert.fields import CategoryName, Ident, Label, Text
from service.systems.desert.models import DesertEncounterResult, DesertLocation, DesertScreen
from service.systems.desert.sheets import DesertBuildingSheet, DesertCharacter, DesertDistrict, TimeOfDay

Access = Literal["private", "limited", "public"]


# -- characters and places -------------------------------------------------------------------


class DesertHoldInput(Model):
    character: Ident = Field(description="An unheld character; the one your seat held becomes unheld.")


class DesertHeld(Model):
    seat: str
    character: str
    released: str | None = Field(description="The character your seat held before, now unheld.")


class DesertAddCharacterInput(Model):
    character: DesertCharacter
    hold: bool = Field(default=False, description="Your seat holds the new character at once.")


class DesertCharacterAdded(Model):
    character: DesertCharacter
    held_by: str | None


class DesertAddBuildingInput(Model):
    building: DesertBuildingSheet


class DesertAddDistrictInput(Model):
    district: DesertDistrict


class DesertPlaceAdded(Model):
    kind: Literal["building", "district"]
    id: str
    control: int
    identity: str
    screens: list[DesertScreen] = Field(description="The player screen of each section (or of the district).")


# -- moving ----------------------------------------------------------------------------------


class DesertMoveInput(Model):
    character: Ident | None = Field(default=None, description="Defaults to your seat's held character.")
    to: DesertLocation
    roll_encounter: bool = Field(
        default=True,
        description=(
            "Default true: entering a new building section rolls its encounter table (until an encounter took "
            "place in the building), and entering a district makes its daily roll if not made today."
        ),
    )


class DesertMoved(Model):
    character: str
    came_from: DesertLocation | None
    to: DesertLocation
    location_key: str
    security_log: str
    screen: DesertScreen
    encounter: DesertEncounterResult | None


# -- security logs ---------------------------------------------------------------------------


class DesertLogEntry(Model):
    id: str
    kind: Literal["statement", "bypass"]
    category: CategoryName
    text: str = Field(description="The statement, or how the security system was got past.")
    featuring: list[str] = Field(description="Other characters who show up in this entry.")
    by: str
    struck: bool
    struck_by: str | None
    edited_by: str | None
    original_text: str | None


class DesertStatementInput(Model):
    character: Ident | None = Field(default=None, description="Defaults to your seat's held character.")
    category: CategoryName
    text: Text = Field(description="What the character discloses ('nothing' is an answer).")
    featuring: list[Ident] = Field(default_factory=list, max_length=20, description="Other characters in the statement.")


class DesertBypassInput(Model):
    character: Ident | None = Field(default=None, description="Defaults to your seat's held character.")
    category: CategoryName
    how: Text = Field(description="How the character disables, tricks or gets past the system.")


class DesertHackInput(Model):
    hacker: Ident = Field(description="A character marked as hacker (held by your seat, or unheld).")
    security_log: str = Field(min_length=1, max_length=20)
    entry: str = Field(min_length=1, max_length=20)
    action: Literal["strike", "rewrite"] = Field(description="Strike: blue becomes red. Rewrite: blue stays.")
    text: Text | None = Field(default=None, description="The new text, for a rewrite.")


class DesertLogChange(Model):
    character: str
    security_log: str
    location_key: str
    entry: DesertLogEntry
    screen: DesertScreen


# -- memory logs -----------------------------------------------------------------------------


class DesertMemoryCheckInput(Model):
    owner: Label
    access: Access
    audience: list[Label] = Field(default_factory=list, max_length=50, description="Who may see a limited log.")
    featuring: list[Label] = Field(default_factory=list, max_length=50, description="Everyone else in the log.")
    consents: list[Label] = Field(default_factory=list, max_length=50, description="Whose consent is recorded.")


class DesertMemoryVerdict(Model):
    access: Access
    audience: list[str]
    featuring: list[str]
    consents: list[str]


class DesertKeepMemoryLogInput(Model):
    security_log: str = Field(min_length=1, max_length=20, description="A compiled security log (one drawn for).")
    access: Access = "private"
    audience: list[Label] = Field(default_factory=list, max_length=50)
    featuring: list[Ident] = Field(
        default_factory=list, max_length=50, description="Characters in the log besides those its entries name."
    )
    consents: list[Ident] = Field(default_factory=list, max_length=50, description="Consents given in writing now.")


class DesertConsentInput(Model):
    memory_log: str = Field(min_length=1, max_length=20)
    character: Ident | None = Field(default=None, description="Who consents; defaults to your seat's held character.")


class DesertAccessInput(Model):
    memory_log: str = Field(min_length=1, max_length=20)
    access: Access
    audience: list[Label] = Field(default_factory=list, max_length=50)


class DesertMemoryLog(Model):
    id: str
    owner: str
    security_log: str
    location_key: str
    access: Access
    audience: list[str]
    featuring: list[str]
    consents: list[str]
    entries: list[DesertLogEntry]


# -- consequences and time -------------------------------------------------------------------


class DesertConsequenceInput(Model):
    character: Ident = Field(description="The held character the consequence is in respect of.")
    text: Text
    when: Label = Field(description="Roughly when it lands ('tonight', 'in a week').")


class DesertSettleInput(Model):
    consequence: str = Field(min_length=1, max_length=20)


class DesertConsequence(Model):
    id: str
    character: str
    text: str
    when: str
    settled: bool
    day: int


class DesertAdvanceTimeInput(Model):
    to: TimeOfDay | None = Field(default=None, description="The next time of day by default; past midnight is followed by the next day.")


class DesertTime(Model):
    day: int
    time_of_day: TimeOfDay
