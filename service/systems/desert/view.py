"""What a seat sees of a desert table: all of it.

Nothing at a desert table is secret from its players: the player screen is public even
in-world, consequence cards are known to the table, and no bag is drawn from in advance.
So the view of the state and of every log entry is the identity.
"""

from __future__ import annotations

from typing import Any

from service.registry import Actor


def view(state: dict[str, Any], actor: Actor | None) -> dict[str, Any]:
    return state


def view_entry(entry: dict[str, Any], actor: Actor | None) -> dict[str, Any]:
    return entry
