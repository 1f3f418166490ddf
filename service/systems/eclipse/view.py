"""What a seat sees of an Eclipse Phase table and of its log: everything, as nothing at the table is secret."""

from __future__ import annotations

from service.registry import Actor


def view(state: dict, actor: Actor | None) -> dict:
    """Every seat sees the whole table: characters, clock, combat and intrusions (every roll is open)."""
    return state


def view_entry(entry: dict, actor: Actor | None) -> dict:
    """Every seat sees every log entry whole, its dice included."""
    return entry
