"""NCB Night City d20: RULES.CORE v2.2.0 as pure rules, stateless and in sessions.

Importing this package registers the `ncb` system and every mechanic (see `mechanics`).
"""

from service.systems.ncb import mechanics  # noqa: F401  (registers the declarations)
