"""What a request names: a character, or a location (a district, or a building and section)."""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.state import DistrictAt, Location, SectionAt
from service.systems.desert.wire.fields import Ident


class DesertLocation(Model):
    """A district, or a building and one of its sections."""

    district: Ident | None = None
    building: Ident | None = None
    section: int | None = Field(default=None, ge=1, le=99)

    def as_state(self) -> Location:
        """The location in state form; checked here, in the handler, so a missing seat token is still a 401."""
        if self.district is not None and self.building is None and self.section is None:
            return DistrictAt(district=self.district)
        if self.district is None and self.building is not None and self.section is not None:
            return SectionAt(building=self.building, section=self.section)
        raise refuse(errors.LOCATION_SHAPE, "name either a district, or a building together with a section number")

    @classmethod
    def of(cls, location: Location) -> DesertLocation:
        if isinstance(location, DistrictAt):
            return cls(district=location.district)
        return cls(building=location.building, section=location.section)


class DesertCharacterRef(Model):
    character: Ident | None = Field(default=None, description="The character; defaults to your seat's held character.")
