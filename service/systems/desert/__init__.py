"""d e s e r t: the player screen, token draws and the surveilled city, without a game master."""

from service.systems.desert.mechanics import SYSTEM

__all__ = ["SYSTEM"]
