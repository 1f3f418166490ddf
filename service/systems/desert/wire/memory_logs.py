"""Wire models of memory logs: the stateless check, keeping one, and the memory log itself."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model
from service.systems.desert.wire.fields import Ident, Label
from service.systems.desert.wire.security_logs import DesertLogEntry


Access = Literal["private", "limited", "public"]


class DesertMemoryCheckInput(Model):
    owner: Label
    access: Access
    audience: list[Label] = Field(default_factory=list, max_length=50, description="Who may see a limited log.")
    featuring: list[Label] = Field(default_factory=list, max_length=50, description="Everyone else in the log.")
    consents: list[Label] = Field(default_factory=list, max_length=50, description="Whose consent is recorded.")


class DesertMemoryVerdict(Model):
    access: Access
    audience: list[str]
    featuring: list[str]
    consents: list[str]


class DesertKeepMemoryLogInput(Model):
    security_log: str = Field(min_length=1, max_length=20, description="A compiled security log (one drawn for).")
    access: Access = "private"
    audience: list[Label] = Field(default_factory=list, max_length=50)
    featuring: list[Ident] = Field(
        default_factory=list, max_length=50, description="Characters in the log besides those its entries name."
    )
    consents: list[Ident] = Field(default_factory=list, max_length=50, description="Consents given in writing now.")


class DesertMemoryLog(Model):
    id: str
    owner: str
    security_log: str
    location_key: str
    access: Access
    audience: list[str]
    featuring: list[str]
    consents: list[str]
    entries: list[DesertLogEntry]
