"""The inputs of the match's opening and of each draw: `draw`, `mulligan`, `roll-off`, `choose-first`."""

from __future__ import annotations

from pydantic import Field

from service.systems.neuroscape.wire.actions import CardId, NeuroscapeActionBase


class NeuroscapeDrawAction(NeuroscapeActionBase):
    main: int = Field(ge=0, le=15, description="Cards from the main deck (to the hand).")
    ram: int = Field(0, ge=0, le=15, description="Cards from the RAM deck (straight onto the mainframe as available RAM).")


class NeuroscapeMulliganAction(NeuroscapeActionBase):
    bottom: list[CardId] = Field(
        max_length=15,
        description="Cards of your opening hand to put under your deck, in order (the last ends lowest); "
        "as many are drawn in their place. Empty keeps the hand.",
    )


class NeuroscapeRollOffAction(NeuroscapeActionBase):
    pass


class NeuroscapeChooseFirstAction(NeuroscapeActionBase):
    go_first: bool = Field(True, description="True to take the first turn; false passes it to the next player in seat order.")
