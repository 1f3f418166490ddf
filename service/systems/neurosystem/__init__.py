"""NeuroSystem: STK and Flat Checks, Luck, Resolve, negative states, combat, dying and death."""

from service.registry import system
from service.systems.neurosystem.errors import CODES
from service.systems.neurosystem.options import NeurosystemRules
from service.systems.neurosystem.setup import NeurosystemSetup, first_state
from service.systems.neurosystem.state import NeurosystemTable
from service.systems.neurosystem.view import view, view_entry

SYSTEM = system(
    "neurosystem",
    "NeuroSystem",
    state=NeurosystemTable,
    setup=NeurosystemSetup,
    start=first_state,
    options=NeurosystemRules,
    errors=CODES,
    view=view,
    view_entry=view_entry,
)

from service.systems.neurosystem import moves  # noqa: E402,F401  (declares the mechanics on SYSTEM, in order)

__all__ = ["SYSTEM"]
