"""The inputs of swift actions: `activate` (a character's activated ability), `play-script`, `activate-trojan`, `play-drug`."""

from __future__ import annotations

from pydantic import Field

from service.systems.neuroscape.wire.actions import InstanceId, NeuroscapeActionBase
from service.systems.neuroscape.wire.cards import CARD_ID

TARGET = r"^(c[0-9]{1,7}|o[0-9]{1,7}|seat-[0-9]{1,2})$"


class NeuroscapeActivateAction(NeuroscapeActionBase):
    character: InstanceId = Field(description="Your character in play whose ability you activate.")
    ability: int = Field(0, ge=0, le=5, description="Which of the card's abilities (its index in `abilities`).")
    target: str | None = Field(
        None, pattern=TARGET, description="The chosen target, when the ability has one: a character instance (`c17`), a seat, or an item on the order (`o2`)."
    )


class NeuroscapePlayScriptAction(NeuroscapeActionBase):
    card: str = Field(pattern=CARD_ID, description="A script in your hand.")
    target: str | None = Field(None, pattern=TARGET, description="The script's chosen target, when it has one.")


class NeuroscapeActivateTrojanAction(NeuroscapeActionBase):
    instance: InstanceId = Field(description="Your trojan, face-down in a slot of an opponent's mainframe (its instance id).")
    ability: int = Field(0, ge=0, le=5, description="Which of the trojan's abilities (its index in `abilities`).")
    target: str | None = Field(None, pattern=TARGET, description="The ability's chosen target, when it has one.")


class NeuroscapePlayDrugAction(NeuroscapeActionBase):
    card: str = Field(pattern=CARD_ID, description="A drug in your hand.")
    character: InstanceId = Field(description="The character in play the drug is played on; its ability targets it.")
