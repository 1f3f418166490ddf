"""Wire models of ending an intrusion."""

from __future__ import annotations

from pydantic import Field

from service.model import Model


class EclipseEndIntrusion(Model):
    intrusion: str = Field(min_length=1, max_length=20)


class EclipseEndIntrusionResult(Model):
    intrusion: str
    ended: bool
