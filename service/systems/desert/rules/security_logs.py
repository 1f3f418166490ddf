"""Security logs: what a held character disclosed at one location, and what got past.

A log holds statements (a category and what was said) and bypasses (how a security
system was got past instead). A hacker may strike a statement, which turns its blue
control token red like a bypass, or rewrite it, which leaves the blue token where it is.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.rules.categories import Category
from service.systems.desert.rules.clock import TimeOfDay
from service.systems.desert.rules.screen import Slot, SlotLike, Source, blues_at, screen_of, screen_slots, slot
from service.systems.desert.state import Character, DesertState, Location, SecurityLog, log_of
from service.systems.desert.wire.screen import DesertScreen
from service.systems.desert.wire.security_logs import DesertLogEntry


def new_log(log_id: str, character_id: str, location: Location, key: str, day: int, time_of_day: TimeOfDay) -> SecurityLog:
    return SecurityLog(id=log_id, character=character_id, location=location, location_key=key, day=day, time_of_day=time_of_day)


def new_entry(entry_id: str, kind: Literal["statement", "bypass"], category: Category, text: str, by: str, featuring: list[str]) -> DesertLogEntry:
    return DesertLogEntry(
        id=entry_id,
        kind=kind,
        category=category,
        text=text,
        featuring=featuring,
        by=by,
        struck=False,
        struck_by=None,
        edited_by=None,
        original_text=None,
    )


def bypass_counts(log: SecurityLog) -> dict[str, int]:
    """Blue tokens replaced by red ones, per category: bypasses plus struck statements."""
    counts: dict[str, int] = {}
    for entry in log.entries:
        if entry.kind == "bypass" or entry.struck:
            counts[entry.category] = counts.get(entry.category, 0) + 1
    return counts


def log_slots(state: DesertState, log: SecurityLog) -> tuple[Source, list[Slot]]:
    """The screen's slots where a security log was kept, with its bypasses and struck statements (and
    whether of a district or a section): what the rules read, without the screen's wire model."""
    source, blues = blues_at(state, log.location)
    return source, screen_slots(blues, bypass_counts(log))


def log_screen(state: DesertState, log: SecurityLog) -> DesertScreen:
    """The screen where a security log was kept, with its bypasses and struck statements."""
    return screen_of(*log_slots(state, log))


def screen_for(state: DesertState, found: Character) -> DesertScreen:
    """The player screen of a character's current location, with its security log's bypasses."""
    return log_screen(state, log_of(state, found))


def standing_statements(log: SecurityLog, category: str) -> list[DesertLogEntry]:
    return [e for e in log.entries if e.kind == "statement" and not e.struck and e.category == category]


def volunteered(log: SecurityLog, slots: Iterable[SlotLike]) -> list[Category]:
    """Free categories in which the character said something anyway (each is an orange token); `slots`
    are a screen's (its `categories`, or the rules' `Slot`s of it)."""
    return [s.category for s in slots if s.free and standing_statements(log, s.category)]


def missing_statements(log: SecurityLog, slots: Iterable[SlotLike]) -> list[Category]:
    """Categories where a blue control token still stands and the log holds no standing statement."""
    return [s.category for s in slots if s.blue > 0 and not standing_statements(log, s.category)]


def entry(log: SecurityLog, entry_id: str) -> DesertLogEntry:
    found = next((e for e in log.entries if e.id == entry_id), None)
    if found is None:
        raise refuse(errors.UNKNOWN_LOG_ENTRY, f"security log {log.id} has no entry {entry_id!r}")
    return found


def require_blue(screen: DesertScreen, category: str, what: str) -> None:
    if slot(screen, category).blue < 1:
        raise refuse(
            errors.NOTHING_TO_BYPASS,
            f"{what}: {category} holds no blue control token here any more (nothing to replace with a red one)",
        )


def _standing(found: DesertLogEntry) -> None:
    if found.kind != "statement" or found.struck:
        raise refuse(errors.CANNOT_EDIT_ENTRY, f"entry {found.id} is not a standing statement")


def strike(found: DesertLogEntry, hacker_id: str) -> DesertLogEntry:
    _standing(found)
    return found.model_copy(update={"struck": True, "struck_by": hacker_id})


def rewrite(found: DesertLogEntry, hacker_id: str, text: str) -> DesertLogEntry:
    _standing(found)
    original = found.original_text if found.original_text is not None else found.text
    return found.model_copy(update={"text": text, "original_text": original, "edited_by": hacker_id})


def featuring(log: SecurityLog) -> list[str]:
    """Everyone a log's entries name, besides its own character."""
    seen: list[str] = []
    for e in log.entries:
        for name in e.featuring:
            if name not in seen and name != log.character:
                seen.append(name)
    return seen
