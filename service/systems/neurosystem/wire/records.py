"""A check as it travels: its dice, its bonuses, the record of it, and what it means.

A check travels as a `NeurosystemCheckRecord`: the dice as they stand, the bonuses, the DN,
the negative states carried when it was rolled and whether Resolve went into it. The same
record is an output (inside every check result) and an input (of the stateless Luck, push
and push-through calls), so a client keeping its own sheets can pass it straight back.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model
from service.systems.neurosystem.options import RESOLVE_LIMIT_DESCRIPTION, ResolveLimit
from service.systems.neurosystem.wire.shared import RATING_DESCRIPTION, DieStat, Outcome


class NeurosystemBonus(Model):
    """A specific bonus (or situational penalty) added to an STK total, always named."""

    name: str = Field(min_length=1, max_length=80)
    value: int = Field(ge=-50, le=50)


class NeurosystemDie(Model):
    """One die of a check, as it stands now."""

    id: str = Field(
        min_length=1,
        max_length=16,
        description="`style`, `training`, `knowledge` for the stat dice; `luck-1`, `luck-2`… for Luck dice.",
    )
    stat: DieStat
    name: str | None = Field(default=None, max_length=80, description="The stat's own name (e.g. `Cool`), when known.")
    rating: str = Field(max_length=8, description=RATING_DESCRIPTION)
    face: int = Field(ge=1, le=12)
    rerolled_from: int | None = Field(
        default=None, ge=1, le=12, description="The face this die showed before it was pushed, if it was."
    )


class NeurosystemCheckRecord(Model):
    """An STK or Flat Check as it stands: enough to read it again or act on it further."""

    kind: Literal["stk", "flat"]
    dn: int | None = Field(
        default=None, ge=0, le=100, description="STK only: the Difficulty Number; none when the total is read on a table."
    )
    bonuses: list[NeurosystemBonus] = Field(default_factory=list, max_length=20)
    negative_states: int = Field(
        default=0, ge=0, le=100, description="Negative states carried when the check was rolled (for bad shit)."
    )
    dice: list[NeurosystemDie] = Field(min_length=1, max_length=103)
    pushed: bool = Field(default=False, description="1 Resolve went into a push (STK only).")
    pushed_through: bool = Field(default=False, description="1 Resolve turned this check's bad shit into cool shit.")


class NeurosystemCheckResult(Model):
    """A check and what it means: total, outcome, cool shit and bad shit, what Resolve may still do."""

    id: str | None = Field(default=None, description="In a session: the check's id, for Luck, push, push-through and apply.")
    character: str | None = Field(default=None, description="In a session: who made the check.")
    status: Literal["open", "applied"] | None = Field(
        default=None, description="In a session: `open` until applied (or closed by a scene end)."
    )
    check: NeurosystemCheckRecord
    dice_total: int
    bonus_total: int
    total: int
    outcome: Outcome | None = Field(
        description="STK: above the DN succeeds, equal succeeds at a cost, below fails (none without a DN). "
        "Flat: 5 or higher succeeds."
    )
    margin: int | None = Field(description="STK: total minus DN.")
    cool_shit: bool = Field(description="Something cool happens (from the Style die, or from pushing through).")
    cool_from_style: bool = Field(description="The Style die reached the cool threshold of its size.")
    bad_shit: bool = Field(description="Bad shit happens (and was not pushed through).")
    bad_dice: list[str] = Field(description="Stat dice showing no more than the negative states carried.")
    can_push: bool
    can_push_through: bool
    resolve_limit: ResolveLimit = Field(description=RESOLVE_LIMIT_DESCRIPTION)
    luck_dice: int = Field(description="Luck dice on the check (1 per Luck point spent).")
    luck_left: int | None = Field(default=None, description="The Luck pool after this action, when known.")
    resolve_left: int | None = Field(default=None, description="The character's Resolve after this action, when known.")
