"""Wire models of moving a character to another section or district."""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.desert.wire.encounters import DesertEncounterResult
from service.systems.desert.wire.fields import Ident
from service.systems.desert.wire.refs import DesertLocation
from service.systems.desert.wire.screen import DesertScreen


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
