"""What a seat sees of a NeuroSystem session: everything, since nothing at the table is secret.

The table (characters, NCs, the Luck pool, open checks) and every log entry are shown to each
seat as they are stored.
"""

from __future__ import annotations

from service.registry import Actor


def view(state: dict, actor: Actor | None) -> dict:
    return state


def view_entry(entry: dict, actor: Actor | None) -> dict:
    return entry
