"""What a seat sees of an NCB session: everything. Nothing at the table is secret, so the view is the
state itself and a log entry is shown whole."""

from __future__ import annotations

from typing import Any

from service.registry import Actor


def view(state: dict[str, Any], actor: Actor | None) -> dict[str, Any]:
    return state
