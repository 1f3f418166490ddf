"""NeuroSystem, declared: the system (its session setup and state) and every mechanic.

The mechanics live by theme in `mechanics_checks`, `mechanics_combat`, `mechanics_character`
and `mechanics_table`; importing them registers them.
"""

from __future__ import annotations

from service.registry import UNDECLARED, System
from service.systems.neurosystem import roster, table
from service.systems.neurosystem.mechanics_checks import SYSTEM
from service.systems.neurosystem.models_table import NeurosystemRules, NeurosystemSetup, NeurosystemTable


def initial_state(setup: NeurosystemSetup | None) -> dict:
    setup = setup or NeurosystemSetup()
    board = NeurosystemTable(scene=setup.scene, luck=setup.luck, rules=setup.rules or NeurosystemRules())
    for character in setup.characters:
        board = roster.with_new_character(board, character)
    for npc in setup.ncs:
        board = roster.with_new_nc(board, npc)
    return table.dump(board)


UNDECLARED.add_system(System(id=SYSTEM, title="NeuroSystem", setup=NeurosystemSetup, initial_state=initial_state))

# Registration order is the order of the catalog and the OpenAPI document.
from service.systems.neurosystem import mechanics_checks  # noqa: E402,F401,I001
from service.systems.neurosystem import mechanics_combat  # noqa: E402,F401
from service.systems.neurosystem import mechanics_character  # noqa: E402,F401
from service.systems.neurosystem import mechanics_table  # noqa: E402,F401
