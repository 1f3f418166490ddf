"""Eclipse Phase: d100 tests read 00–99, pools, rep, combat and hacking, stateless and in sessions.

Importing the package registers the system and its mechanics; the rules live in small
modules named after the game's concepts (`d100`, `modifiers`, `pools`, `rep`, `combat`,
`hacking`, `initiative`, `actions`, `tasks`), the wire models in `models`, `requests` and
`session_models`, and the glue in `stateless` and the `session_*` modules.
"""

from service.systems.eclipse import mechanics  # noqa: F401  (registers the declarations)
