"""Wire models of consequence cards."""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.desert.wire.fields import Ident, Label, Text


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
