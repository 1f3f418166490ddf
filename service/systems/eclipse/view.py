"""What a seat sees of an Eclipse Phase table and of its log: everything, as nothing at the table is secret."""

from __future__ import annotations

from typing import Any

from service.registry import Actor


def view(state: dict[str, Any], actor: Actor | None) -> dict[str, Any]:
    """Every seat sees the whole table: characters, clock, combat and intrusions (every roll is open)."""
    return state


def view_entry(entry: dict[str, Any], actor: Actor | None) -> dict[str, Any]:
    """Every seat sees every log entry whole, its dice included."""
    return entry
