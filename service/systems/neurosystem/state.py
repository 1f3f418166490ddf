"""The session state: one NeuroSystem table, its lookups and its `with_…` updates.

The table is frozen: an update returns a new table (`model_copy(update=...)`) and leaves the
old one as it was. The registry loads it from the session document before a session handler
runs and stores what the handler returns, camelCase, the same JSON as ever.
"""

from __future__ import annotations

import re

from pydantic import Field

from service.model import Model
from service.systems.neurosystem.errors import (
    CHECK_ALREADY_APPLIED,
    TABLE_FULL,
    UNKNOWN_CHARACTER,
    UNKNOWN_CHECK,
    UNKNOWN_NC,
    refuse,
)
from service.systems.neurosystem.options import NeurosystemRules
from service.systems.neurosystem.wire.records import NeurosystemCheckRecord
from service.systems.neurosystem.wire.shared import COUNTER_LIMIT, MAX_CHARACTERS, MAX_NCS, MAX_OPEN_CHECKS
from service.systems.neurosystem.wire.table import NeurosystemCharacter, NeurosystemNc

_CHECK_ID = re.compile(r"check-(\d{1,9})")


class NeurosystemOpenCheck(Model):
    id: str
    character: str
    check: NeurosystemCheckRecord


class NeurosystemTable(Model):
    """The whole session state."""

    scene: int = Field(default=1, ge=1, le=COUNTER_LIMIT)
    luck: int = Field(default=0, ge=0, le=100, description="The group's shared Luck pool.")
    rules: NeurosystemRules = Field(default_factory=NeurosystemRules)
    characters: list[NeurosystemCharacter] = Field(default_factory=list, max_length=MAX_CHARACTERS)
    ncs: list[NeurosystemNc] = Field(default_factory=list, max_length=MAX_NCS)
    open_checks: list[NeurosystemOpenCheck] = Field(default_factory=list, max_length=MAX_OPEN_CHECKS)
    checks_made: int = Field(default=0, ge=0, le=COUNTER_LIMIT, description="Checks made so far; ids are `check-N`.")

    # -- characters ----------------------------------------------------------------------------

    def character(self, character_id: str) -> NeurosystemCharacter:
        for candidate in self.characters:
            if candidate.id == character_id:
                return candidate
        known = ", ".join(c.id for c in self.characters) or "none yet"
        raise refuse(UNKNOWN_CHARACTER, f"no character {character_id!r} (characters: {known})")

    def with_character(self, updated: NeurosystemCharacter) -> NeurosystemTable:
        characters = [updated if c.id == updated.id else c for c in self.characters]
        return self.model_copy(update={"characters": characters})

    # -- NCs -----------------------------------------------------------------------------------

    def nc(self, nc_id: str) -> NeurosystemNc:
        for candidate in self.ncs:
            if candidate.id == nc_id:
                return candidate
        known = ", ".join(n.id for n in self.ncs) or "none yet"
        raise refuse(UNKNOWN_NC, f"no NC {nc_id!r} (NCs: {known})")

    def with_nc(self, updated: NeurosystemNc) -> NeurosystemTable:
        return self.model_copy(update={"ncs": [updated if n.id == updated.id else n for n in self.ncs]})

    # -- open checks ---------------------------------------------------------------------------

    def open_check(self, check_id: str) -> NeurosystemOpenCheck:
        """The open check with that id; a past one is a 409, one never made a 404."""
        for candidate in self.open_checks:
            if candidate.id == check_id:
                return candidate
        match = _CHECK_ID.fullmatch(check_id)
        if match and 1 <= int(match.group(1)) <= self.checks_made:
            raise refuse(
                CHECK_ALREADY_APPLIED,
                f"{check_id} was already applied (or closed by a scene end); it takes no more Luck, pushes or applies",
            )
        raise refuse(UNKNOWN_CHECK, f"no check {check_id!r} was made in this session")

    def opened(self, character_id: str, record: NeurosystemCheckRecord) -> tuple[NeurosystemTable, NeurosystemOpenCheck]:
        """The table with one more open check (`check-N`), and that check."""
        if len(self.open_checks) >= MAX_OPEN_CHECKS:
            raise refuse(TABLE_FULL, f"{MAX_OPEN_CHECKS} checks are open: apply some before making more")
        number = self.checks_made + 1
        entry = NeurosystemOpenCheck(id=f"check-{number}", character=character_id, check=record)
        return self.model_copy(update={"checks_made": number, "open_checks": [*self.open_checks, entry]}), entry

    def with_check(self, entry: NeurosystemOpenCheck) -> NeurosystemTable:
        return self.model_copy(update={"open_checks": [entry if c.id == entry.id else c for c in self.open_checks]})

    def without_check(self, check_id: str) -> NeurosystemTable:
        return self.model_copy(update={"open_checks": [c for c in self.open_checks if c.id != check_id]})

