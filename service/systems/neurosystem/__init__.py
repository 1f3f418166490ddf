"""NeuroSystem: STK and Flat Checks, Luck, Resolve, negative states, combat, dying and death."""

from service.registry import system
from service.systems.neurosystem.errors import CODES
from service.systems.neurosystem.mechanics import initial_state
from service.systems.neurosystem.models_table import NeurosystemRules, NeurosystemSetup

SYSTEM = system(
    "neurosystem", "NeuroSystem", setup=NeurosystemSetup, start=initial_state, options=NeurosystemRules, errors=CODES
)

# The mechanics declare themselves on SYSTEM; this order is the catalog's, the OpenAPI document's and the schema's.
from service.systems.neurosystem import mechanics_checks  # noqa: E402,F401,I001
from service.systems.neurosystem import mechanics_combat  # noqa: E402,F401
from service.systems.neurosystem import mechanics_character  # noqa: E402,F401
from service.systems.neurosystem import mechanics_table  # noqa: E402,F401

__all__ = ["SYSTEM"]
