"""The inputs of putting cards in play and taking them out: `force-quit`, `deploy`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.systems.neuroscape.wire.actions import INSTANCE, SEAT, InstanceId, NeuroscapeActionBase
from service.systems.neuroscape.wire.cards import CARD_ID


class NeuroscapeForceQuitAction(NeuroscapeActionBase):
    cards: list[InstanceId] = Field(max_length=40, description="Instance ids of your own persistent cards in play. Empty quits nothing.")


class NeuroscapeDeployAction(NeuroscapeActionBase):
    card: str = Field(pattern=CARD_ID, description="The card id to deploy from your hand.")
    slot: Literal["top", "left", "right"] | None = Field(
        None, description="Protocols, viruses and trojans: the mainframe slot; default the first free one."
    )
    target_seat: str | None = Field(None, pattern=SEAT, description="Viruses and trojans: whose mainframe (needed with several opponents).")
    character: str | None = Field(None, pattern=INSTANCE, description="Cyberware: the character instance id it attaches to.")
    target: str | None = Field(
        None, pattern=r"^(c[0-9]{1,7}|o[0-9]{1,7}|seat-[0-9]{1,2})$",
        description=".EXEs and scripts whose ability chooses a target: a character instance, a seat, or an item on the order.",
    )
    tether_to: str | None = Field(
        None, pattern=INSTANCE,
        description="Tethers only: the second character joined (it needs a free gear slot of the tether's kind and level too).",
    )
