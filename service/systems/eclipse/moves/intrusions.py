"""Ending an intrusion."""

from __future__ import annotations

from service.registry import Actor
from service.systems.eclipse import SYSTEM, errors
from service.systems.eclipse.state import EclipseState, control
from service.systems.eclipse.wire.intrusions import EclipseEndIntrusion, EclipseEndIntrusionResult


def end_intrusion(state: EclipseState, params: EclipseEndIntrusion, actor: Actor) -> tuple[EclipseState, EclipseEndIntrusionResult]:
    found = state.intrusions.get(params.intrusion)
    if found is None:
        raise errors.refuse(errors.UNKNOWN_INTRUSION, f"no intrusion {params.intrusion!r}")
    control(actor, state.character(found.hacker))
    left = {iid: kept for iid, kept in state.intrusions.items() if iid != params.intrusion}
    return state.model_copy(update={"intrusions": left}), EclipseEndIntrusionResult(intrusion=params.intrusion, ended=True)


SYSTEM.mechanic(
    "end-intrusion",
    "End an intrusion",
    "The hacker leaves the system; the intrusion is removed from the table.",
    session=end_intrusion,
)
