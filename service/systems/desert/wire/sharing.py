"""Wire models of sharing a memory log: consents and access."""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.desert.wire.fields import Ident, Label
from service.systems.desert.wire.memory_logs import Access


class DesertConsentInput(Model):
    memory_log: str = Field(min_length=1, max_length=20)
    character: Ident | None = Field(default=None, description="Who consents; defaults to your seat's held character.")


class DesertAccessInput(Model):
    memory_log: str = Field(min_length=1, max_length=20)
    access: Access
    audience: list[Label] = Field(default_factory=list, max_length=50)
