"""Wire models of an ongoing pool bonus."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model
from service.systems.eclipse.wire.common import Aptitude, CharacterId, EclipsePools


class EclipsePoolOngoingInSession(Model):
    character: str = CharacterId
    pool: Literal["insight", "moxie", "vigor"]
    aptitude: Aptitude
    points: Literal[1, 2] = Field(description="1 point: +5, 2 points: +10 to skill tests linked to the aptitude.")


class EclipseOngoingResult(Model):
    character: str
    pool: str
    aptitude: str
    bonus: int
    pools: EclipsePools
