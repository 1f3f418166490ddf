"""Ending an intrusion."""

from __future__ import annotations

from service.registry import Actor
from service.systems.eclipse import SYSTEM, errors
from service.systems.eclipse.state import character, control, editable
from service.systems.eclipse.wire.intrusions import EclipseEndIntrusion, EclipseEndIntrusionResult


def end_intrusion(state: dict, params: EclipseEndIntrusion, actor: Actor) -> tuple[dict, EclipseEndIntrusionResult]:
    new = editable(state)
    found = new["intrusions"].get(params.intrusion)
    if found is None:
        raise errors.refuse(errors.UNKNOWN_INTRUSION, f"no intrusion {params.intrusion!r}")
    control(actor, character(new, found["hacker"]))
    del new["intrusions"][params.intrusion]
    return new, EclipseEndIntrusionResult(intrusion=params.intrusion, ended=True)


SYSTEM.mechanic(
    "end-intrusion",
    "End an intrusion",
    "The hacker leaves the system; the intrusion is removed from the table.",
    session=end_intrusion,
)
