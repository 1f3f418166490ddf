"""A plain dice table: any expression, stateless or in a session of any system."""

from service.systems.dice.mechanics import SYSTEM

__all__ = ["SYSTEM"]
