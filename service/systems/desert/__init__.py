"""d e s e r t: the player screen, token draws and the surveilled city, without a game master.

Every seat is a `player` and may ask for any draw; only playing a held character is reserved
to the seat holding it. Stateless forms take every number in the request; session forms act
on the shared table (`state.py`).
"""

from service.registry import system
from service.systems.desert.errors import CODES
from service.systems.desert.options import DesertRules
from service.systems.desert.setup import DesertSetup, first_state
from service.systems.desert.state import DesertState
from service.systems.desert.view import view, view_entry

SYSTEM = system(
    "desert",
    "d e s e r t",
    setup=DesertSetup,
    state=DesertState,
    start=first_state,
    options=DesertRules,
    errors=CODES,
    view=view,
    view_entry=view_entry,
)

# The mechanics declare themselves on SYSTEM, one module per theme; this order is the catalog's,
# the OpenAPI document's and the GraphQL schema's.
from service.systems.desert.moves import screen, reactions, approaches, encounters, memory_logs  # noqa: E402,F401,I001
from service.systems.desert.moves import movement, security_logs, table, sharing, consequences, clock  # noqa: E402,F401

__all__ = ["SYSTEM"]
