"""Wire models of approaches: rolled or picked, and kept on the character in a session."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model
from service.systems.desert.rules.approaches import ApproachName
from service.systems.desert.wire.fields import Ident, Label
from service.systems.desert.wire.sheets import DesertApproach


ApproachPick = Literal["roll", "sponsorbaby", "rental", "walk-in", "sun", "esper", "agitator"]


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
