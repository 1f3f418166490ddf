"""NeuroSystem: STK and Flat Checks, Luck, Resolve, negative states, combat, dying and death.

Importing the package registers the system and its mechanics.
"""

from service.systems.neurosystem import mechanics  # noqa: F401  (registers the declarations)
