"""What a request names: a character, or a location (a district, or a building and section)."""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.wire.fields import Ident


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
