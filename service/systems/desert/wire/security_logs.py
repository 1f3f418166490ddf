"""Wire models of the security log: statements, bypasses and hacks."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model
from service.systems.desert.wire.fields import CategoryName, Ident, Text
from service.systems.desert.wire.screen import DesertScreen


class DesertLogEntry(Model):
    id: str
    kind: Literal["statement", "bypass"]
    category: CategoryName
    text: str = Field(description="The statement, or how the security system was got past.")
    featuring: list[str] = Field(description="Other characters who show up in this entry.")
    by: str
    struck: bool
    struck_by: str | None
    edited_by: str | None
    original_text: str | None


class DesertStatementInput(Model):
    character: Ident | None = Field(default=None, description="Defaults to your seat's held character.")
    category: CategoryName
    text: Text = Field(description="What the character discloses ('nothing' is an answer).")
    featuring: list[Ident] = Field(default_factory=list, max_length=20, description="Other characters in the statement.")


class DesertBypassInput(Model):
    character: Ident | None = Field(default=None, description="Defaults to your seat's held character.")
    category: CategoryName
    how: Text = Field(description="How the character disables, tricks or gets past the system.")


class DesertHackInput(Model):
    hacker: Ident = Field(description="A character marked as hacker (held by your seat, or unheld).")
    security_log: str = Field(min_length=1, max_length=20)
    entry: str = Field(min_length=1, max_length=20)
    action: Literal["strike", "rewrite"] = Field(description="Strike: blue becomes red. Rewrite: blue stays.")
    text: Text | None = Field(default=None, description="The new text, for a rewrite.")


class DesertLogChange(Model):
    character: str
    security_log: str
    location_key: str
    entry: DesertLogEntry
    screen: DesertScreen
