"""The inputs of the choices a match stops for: `arrange-top` (looked-at cards put back in an order)
and `order-triggers` (a seat's triggers set off at once, in the order to resolve)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from service.systems.neuroscape.wire.actions import SEAT, NeuroscapeActionBase

TRIGGER_ID = r"^t[0-9]{1,7}$"


class NeuroscapeArrangeTopAction(NeuroscapeActionBase):
    deck: str = Field(pattern=SEAT, description="Whose main deck: a seat whose top you looked at to reorder (see `choice.decks`).")
    order: list[Annotated[int, Field(ge=0, le=9)]] = Field(
        min_length=1,
        max_length=10,
        description="The new order of the looked-at cards, new top first, each named by its position before (0 is the "
        "top): `[2, 0, 1]` puts the third card on top. Every position once, or it is refused.",
    )


class NeuroscapeOrderTriggersAction(NeuroscapeActionBase):
    order: list[Annotated[str, Field(pattern=TRIGGER_ID)]] = Field(
        min_length=1,
        max_length=40,
        description="Your pending triggers (`choice.triggers`, shown with their card in `triggers`), each once, in the order "
        "they resolve: first named first.",
    )
