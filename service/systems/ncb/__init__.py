"""NCB Night City d20: RULES.CORE v2.2.0 as pure rules, stateless and in sessions."""

from service.registry import system
from service.systems.ncb.errors import CODES
from service.systems.ncb.options import NcbRules
from service.systems.ncb.setup import NcbSetup, first_state
from service.systems.ncb.state import NcbState
from service.systems.ncb.view import view

SYSTEM = system(
    "ncb",
    "NCB Night City d20 (RULES.CORE v2.2.0)",
    state=NcbState,
    setup=NcbSetup,
    start=first_state,
    options=NcbRules,
    errors=CODES,
    view=view,
)

# Each module declares its mechanics on SYSTEM; imported in the order of the catalog.
from service.systems.ncb.moves import checks, fights, rests, programs, chrome, eddies  # noqa: E402, F401, I001
from service.systems.ncb.moves import table, combat  # noqa: E402, F401, I001

__all__ = ["SYSTEM"]
