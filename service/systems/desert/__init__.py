"""d e s e r t: the player screen, token draws and the surveilled city, without a game master.

Importing the package registers the system and its mechanics (see `mechanics`).
"""

from service.systems.desert import mechanics  # noqa: F401  (registers the declarations)
