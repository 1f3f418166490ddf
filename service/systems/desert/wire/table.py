"""Wire models of the table itself: held characters, new characters and places."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model
from service.systems.desert.wire.fields import Ident
from service.systems.desert.wire.screen import DesertScreen
from service.systems.desert.wire.sheets import DesertBuildingSheet, DesertCharacter, DesertDistrict


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
