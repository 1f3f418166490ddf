"""Eclipse Phase: d100 tests read 00–99, pools, rep, combat and hacking, stateless and in sessions.

The rules live in `rules/` in the game's own words, the mechanics in `moves/` (one module per
theme, each declaring its mechanics on `SYSTEM`), their wire models in `wire/`.
"""

from service.registry import system
from service.systems.eclipse.errors import CODES
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules import odds_faces
from service.systems.eclipse.setup import EclipseSetup, first_state
from service.systems.eclipse.state import EclipseState
from service.systems.eclipse.view import view, view_entry

SYSTEM = system(
    "eclipse",
    "Eclipse Phase (second edition)",
    state=EclipseState,
    setup=EclipseSetup,
    start=first_state,
    view=view,
    view_entry=view_entry,
    options=EclipseRules,
    errors=CODES,
    prepare=lambda: odds_faces.build(),
)

from service.systems.eclipse import moves  # noqa: E402  (declares the mechanics on SYSTEM, in catalog order)

__all__ = ["SYSTEM"]
