"""Wire models of the draws: building and district reactions, and personal reactions."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model
from service.systems.desert.rules.tokens import Side, TokenColor
from service.systems.desert.wire.fields import AtMostSix, CategoryName, Control, Ident, Label
from service.systems.desert.wire.screen import DesertScreen, ScreenSource
from service.systems.desert.wire.sheets import DesertApproach, DesertReactionSet


Conduct = Literal["in-role", "overdoing", "broke-character"]


# -- building reactions ----------------------------------------------------------------------


class DesertBuildingReactionInput(ScreenSource):
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
