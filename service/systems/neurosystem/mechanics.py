"""NeuroSystem's session start: the table a setup describes, as it is stored."""

from __future__ import annotations

from service.systems.neurosystem import roster, table
from service.systems.neurosystem.models_table import NeurosystemRules, NeurosystemSetup, NeurosystemTable


def initial_state(setup: NeurosystemSetup | None) -> dict:
    setup = setup or NeurosystemSetup()
    board = NeurosystemTable(scene=setup.scene, luck=setup.luck, rules=setup.rules or NeurosystemRules())
    for character in setup.characters:
        board = roster.with_new_character(board, character)
    for npc in setup.ncs:
        board = roster.with_new_nc(board, npc)
    return table.dump(board)
