"""Who may see a session action, whatever path it is read through (answer, log, SSE, GraphQL).

Roll visibility as virtual tabletops know it:
- `public`: every seat;
- `gm`: the GM seats and the seat that acted (a private GM roll);
- `blind`: the GM seats only — the seat that rolled does not see its own result;
- `self`: the seat that acted only.
A hidden entry keeps its place in the log (seq, version, seat, action) with its input,
result and audit withheld. Once the session is closed and its seeds revealed, every entry is
shown to every seat, so every draw can be checked.
"""

from __future__ import annotations

from typing import Any, Literal

from service.registry import Actor

Visibility = Literal["public", "gm", "blind", "self"]
VISIBILITIES: tuple[str, ...] = ("public", "gm", "blind", "self")


def may_see(visibility: str, actor: Actor | None, author_seat: str) -> bool:
    if visibility == "public":
        return True
    if actor is None:
        return False
    if visibility == "gm":
        return actor.role == "gm" or actor.seat == author_seat
    if visibility == "blind":
        return actor.role == "gm"
    return actor.seat == author_seat  # "self"


def for_viewer(entry: dict[str, Any], actor: Actor | None, *, closed: bool) -> dict[str, Any]:
    visibility = entry.get("visibility", "public")
    if closed or may_see(visibility, actor, entry["seat"]):
        return {**entry, "hidden": False}
    return {**entry, "input": None, "result": None, "audit": None, "hidden": True}
