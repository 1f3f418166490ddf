"""NCB Night City d20: RULES.CORE v2.2.0 as pure rules, stateless and in sessions."""

from service.systems.ncb.mechanics import SYSTEM

__all__ = ["SYSTEM"]
