"""Wire models of the running combat's turns: the next turn, delaying, finishing, ending it."""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.eclipse.wire.common import CharacterId


class EclipseNextTurn(Model):
    expected_turn: int | None = Field(None, ge=0, description="Refuse if the turn already moved on (two clients pressing at once).")


class EclipseDelayInSession(Model):
    character: str = CharacterId
    count: int = Field(ge=-20, le=100, description="The later Initiative count to act at; it stays the character's count.")


class EclipseFinishActions(Model):
    character: str = CharacterId


class EclipseEndCombat(Model):
    note: str = Field("", max_length=200)


class EclipseEndCombatResult(Model):
    ended: bool
    turns: int
