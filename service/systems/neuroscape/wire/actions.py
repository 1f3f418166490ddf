"""What every Neuroscape action shares on the wire: its guard against a stale view, and its result."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from service.model import Model
from service.systems.neuroscape.wire.cards import CARD_ID

SEAT = r"^seat-[0-9]{1,2}$"
INSTANCE = r"^c[0-9]{1,7}$"
CardId = Annotated[str, Field(pattern=CARD_ID)]
InstanceId = Annotated[str, Field(pattern=INSTANCE)]
Substage = Literal[
    "opening-hand", "roll-off", "choose-first", "card-effect", "stability-check", "force-quit", "draw", "refresh",
    "swift-check", "deploy", "psychosis-check", "attack", "block", "order-blockers", "damage", "remove-damage",
    "expire-effects", "pass-turn",
]


class NeuroscapeActionBase(Model):
    expect_substage: Substage | None = Field(
        None, description="Refuse the action unless the match is still at this substage (guards a stale view)."
    )


# -- the result of every action --------------------------------------------------------


class NeuroscapeEvent(Model):
    """Something public that happened: a draw (counted), a deployment, a roll, damage, an elimination..."""

    kind: str
    seat: str | None = None
    card: str | None = None
    instance: str | None = None
    target: str | None = None
    slot: str | None = None
    amount: int | None = None
    faces: list[int] | None = None
    reason: str | None = None
    item: str | None = Field(None, description="An item of the order of operations (`o1`): played, resolved, countered or fizzled.")


class NeuroscapeFlow(Model):
    stage: str
    substage: str
    turn: int
    active: str | None
    awaiting: list[str] = Field(description="Seats the match waits for.")
    winner: str | None = None
    outcome: str | None = Field(None, description="Why the match ended, once it has.")


class NeuroscapePrivate(Model):
    """What only the acting seat learns: cards it drew, the identity of a face-down card it placed."""

    drawn: list[str] | None = None
    card: str | None = None
    instance: str | None = None


class NeuroscapeActionResult(Model):
    events: list[NeuroscapeEvent]
    flow: NeuroscapeFlow
    private: NeuroscapePrivate | None = Field(None, description="Shown to the acting seat only, in answers and in the log.")
