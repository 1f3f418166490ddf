"""What a seat sees of a NeuroSystem session: everything, since nothing at the table is secret.

The table (characters, NCs, the Luck pool, open checks) and every log entry are shown to each
seat as they are stored.
"""

from __future__ import annotations

from typing import Any

from service.registry import Actor


def view(state: dict[str, Any], actor: Actor | None) -> dict[str, Any]:
    return state


def view_entry(entry: dict[str, Any], actor: Actor | None) -> dict[str, Any]:
    return entry
