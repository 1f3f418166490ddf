"""How a NeuroSystem session is set up, and the first table a setup gives."""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.neurosystem.options import NeurosystemRules
from service.systems.neurosystem.rules import roster
from service.systems.neurosystem.state import NeurosystemTable
from service.systems.neurosystem.wire.shared import COUNTER_LIMIT, MAX_CHARACTERS, MAX_NCS
from service.systems.neurosystem.wire.table import NeurosystemCharacter, NeurosystemNc


class NeurosystemSetup(Model):
    """`setup` of `POST /v1/sessions` for a `neurosystem` session."""

    luck: int = Field(default=0, ge=0, le=100, description="The group's Luck pool at the start.")
    scene: int = Field(default=1, ge=1, le=COUNTER_LIMIT, description="The scene the session starts in.")
    rules: NeurosystemRules = Field(default_factory=NeurosystemRules)
    characters: list[NeurosystemCharacter] = Field(default_factory=list, max_length=MAX_CHARACTERS)
    ncs: list[NeurosystemNc] = Field(default_factory=list, max_length=MAX_NCS)


def first_state(setup: NeurosystemSetup | None) -> NeurosystemTable:
    """The table the setup describes: each character and NC seated as `add-character` / `add-nc` would."""
    setup = setup or NeurosystemSetup()
    table = NeurosystemTable(scene=setup.scene, luck=setup.luck, rules=setup.rules)
    for character in setup.characters:
        table = roster.with_new_character(table, character)
    for npc in setup.ncs:
        table = roster.with_new_nc(table, npc)
    return table
