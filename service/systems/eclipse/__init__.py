"""Eclipse Phase: d100 tests read 00–99, pools, rep, combat and hacking, stateless and in sessions."""

from service.systems.eclipse.mechanics import SYSTEM

__all__ = ["SYSTEM"]
