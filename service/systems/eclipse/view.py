"""What a seat sees of an Eclipse Phase table."""

from __future__ import annotations

from service.registry import Actor


def view(state: dict, actor: Actor | None) -> dict:
    """Nothing at an Eclipse Phase table is secret from its seats here: every roll is open."""
    return state
