"""Wire models of the draws: player screen, building and personal reactions, approaches, encounters."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from service.model import Model
from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.fields import AtMostSix, CategoryName, Control, DistrictType, Ident, Label
from service.systems.desert.sheets import ApproachName, DesertApproach, DesertEncounterEntry, DesertReactionSet, TimeOfDay

TokenColor = Literal["blue", "red", "orange", "blank"]
ApproachPick = Literal["roll", "sponsorbaby", "rental", "walk-in", "sun", "esper", "agitator"]
Side = Literal["positive", "negative"]
Conduct = Literal["in-role", "overdoing", "broke-character"]


class DesertLocation(Model):
    """A district, or a building and one of its sections."""

    district: Ident | None = None
    building: Ident | None = None
    section: int | None = Field(default=None, ge=1, le=99)

    def as_state(self) -> dict:
        """The location in state form; checked here, in the handler, so a missing seat token is still a 401."""
        in_building = self.building is not None and self.section is not None
        if (self.district is not None) == in_building or (self.building is None) != (self.section is None):
            raise refuse(
                errors.LOCATION_SHAPE, "name either a district, or a building together with a section number"
            )
        if self.district is not None:
            return {"district": self.district}
        return {"building": self.building, "section": self.section}


class DesertCharacterRef(Model):
    character: Ident | None = Field(default=None, description="The character; defaults to your seat's held character.")


# -- player screen ---------------------------------------------------------------------------


class _ScreenSource(Model):
    district_type: DistrictType | None = Field(default=None, description="A district of this type (1-6).")
    checkboxes: list[CategoryName] | None = Field(
        default=None, max_length=30, description="Or a building section: one entry per checked box."
    )
    bypassed: list[CategoryName] = Field(
        default_factory=list, max_length=30, description="One entry per blue control token replaced by a red bypass token."
    )

    @model_validator(mode="after")
    def _one_source(self) -> _ScreenSource:
        if (self.district_type is None) == (self.checkboxes is None):
            raise refuse(
                errors.SCREEN_SOURCE, "give either districtType or a section's checkboxes (an empty list is allowed)"
            )
        return self


class DesertPlayerScreenInput(_ScreenSource):
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


# -- building reactions ----------------------------------------------------------------------


class DesertBuildingReactionInput(_ScreenSource):
    volunteered: list[CategoryName] = Field(
        default_factory=list, max_length=6, description="Free categories the character said something in."
    )
    control: Control = Field(description="The building's or district's control value before the draw.")
    blues_before: int = Field(
        default=0, ge=0, le=99, description="Blue tokens already drawn for this character here (escalation)."
    )
    on_blue: Side | None = Field(default=None, description="The table's side if a blue comes up; omit to leave it open.")
    reactions: DesertReactionSet | None = Field(default=None, description="The location's reactions, to name the one used.")


class DesertBuildingReactionAtTableInput(Model):
    character: Ident | None = Field(default=None, description="The held character; defaults to your seat's.")
    on_blue: Side | None = Field(
        default=None,
        description="The side the table picks if a blue comes up; omit it to choose later with choose-reaction.",
    )


class DesertReaction(Model):
    token: Literal["blue", "orange"]
    side: Side | None = Field(description="Positive or negative; empty while the table has not chosen.")
    step: int = Field(description="1-3 within the side; blue reactions escalate 1 → 2 → 3.")
    number: int | None = Field(description="The reaction's number on the sheet: 1-3 positive, 4-6 negative.")
    face: int | None = Field(description="The d6 that picked an orange token's reaction.")
    text: str | None
    pending: bool = Field(description="A blue came up and the table still has to choose the side.")


class DesertBuildingDraw(Model):
    screen: DesertScreen
    bag: list[TokenColor] = Field(description="The six tokens, in screen order.")
    draw_index: int = Field(description="Index of the drawn token in `bag` (one die with six faces, minus one).")
    drawn: TokenColor
    control_before: int
    control_after: int
    reaction: DesertReaction | None = Field(description="Empty when a red or blank token came up.")


class DesertBuildingDrawAtTable(DesertBuildingDraw):
    character: str
    location_key: str
    security_log: str
    draws_here: int = Field(description="Building reactions drawn for this character during this visit.")
    blues_here: int


class DesertChooseReactionInput(Model):
    character: Ident | None = None
    side: Side


class DesertReactionChosen(Model):
    character: str
    location_key: str
    reaction: DesertReaction


# -- personal reactions ----------------------------------------------------------------------


class DesertToken(Model):
    label: Label = Field(description="What the token stands for: an attitude, a brand, a behaviour.")
    kind: Literal["identity", "attitude", "brand", "behaviour"] = "attitude"


SixTokens = AtMostSix[DesertToken]
CountRule = Literal["at-least", "exactly"]


class DesertPersonalReactionInput(Model):
    tokens: SixTokens = Field(description="Exactly six tokens (or none at control 6).")
    control: Control
    controlled_type: Label = Field(description="The type the control value demands, normally the location identity.")
    approach: DesertApproach | None = Field(default=None, description="The held character's approach, for its automatic token.")
    with_meeting: bool = Field(default=False, description="Rental: this draw is with the person the role is played for.")
    conduct: Conduct = Field(default="in-role", description="Overdoing adds 'obsessive', breaking character adds 'pleading'.")
    count_rule: CountRule = Field(
        default="at-least", description="Default `at-least`: N tokens of the controlled type at control N; or `exactly`."
    )


class DesertPersonalReactionAtTableInput(Model):
    character: Ident | None = Field(default=None, description="The held character; defaults to your seat's.")
    tokens: SixTokens = Field(description="Exactly six tokens (or none at control 6).")
    controlled_type: Label | None = Field(default=None, description="Defaults to the location's identity.")
    with_person: Label | None = Field(default=None, description="Who reacts (a character id or a name).")
    conduct: Conduct = "in-role"
    apply_identity_change: bool = Field(
        default=True, description="Default true: a goal token coming up changes the location's identity at once."
    )


class DesertIdentityChange(Model):
    before: str
    after: str
    applied: bool


class DesertPersonalDraw(Model):
    bag: list[DesertToken]
    control: int
    controlled_type: str
    controlled_count: int
    automatic_tokens: list[str] = Field(description="Labels the approach demanded in the bag.")
    drew: bool = Field(description="False at control 6: the outcome is the controlled type.")
    draw_index: int | None
    drawn: DesertToken
    identity_change: DesertIdentityChange | None


class DesertPersonalDrawAtTable(DesertPersonalDraw):
    character: str
    location_key: str
    with_person: str | None


# -- approaches and encounters ---------------------------------------------------------------


class DesertApproachPick(Model):
    pick: ApproachPick = Field(description="`roll` rolls a d6 for the approach; or name the one you pick.")


class DesertApproachChoice(DesertApproachPick):
    character: Ident | None = None
    brand: Label | None = None
    role_attitude: Label | None = None
    contact_type: Label | None = None
    meeting: Label | None = None


class DesertApproachResult(Model):
    face: int | None = Field(description="The d6, when rolled.")
    number: int
    approach: ApproachName
    what_you_do: str
    automatic_token: str | None


class DesertApproachAtTable(DesertApproachResult):
    character: str
    details: DesertApproach


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
