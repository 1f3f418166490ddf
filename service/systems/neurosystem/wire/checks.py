"""Wire models of the check mechanics: STK and Flat Checks, Luck, push, push-through, apply."""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field

from service.model import Model
from service.systems.neurosystem.options import RESOLVE_LIMIT_DESCRIPTION, ResolveLimit
from service.systems.neurosystem.wire.records import NeurosystemBonus, NeurosystemCheckRecord
from service.systems.neurosystem.wire.shared import RATING_DESCRIPTION, StatCategory, at_most_one

CheckId = Annotated[str, Field(min_length=1, max_length=20, description="A check id from this session, e.g. `check-1`.")]
DieId = Annotated[str, Field(min_length=1, max_length=16)]
StatName = Annotated[str, Field(min_length=1, max_length=40)]

_LUCK_POOL = "The group's Luck pool; when given, Luck it cannot cover is refused and the answer says what is left."
_RESOLVE = "The character's Resolve; when given, a spend it cannot cover is refused and the answer says what is left."
_RECORD = (
    "The {0} as the last answer returned it; a record the rules could not have produced (a face above its die, "
    "dice missing or misnumbered) is refused as `neurosystem/invalid-check`."
)
_PUSH_DICE = "One, two or three die ids to reroll (`style`, `training`, `knowledge`, `luck-N`)."
_STAT_NAME = "Name of the character's {0} stat to roll; may be omitted when the character has only one."


class NeurosystemStkCheckParams(Model):
    style: str = Field(max_length=8, description="Style die. " + RATING_DESCRIPTION)
    training: str = Field(max_length=8, description="Training die. " + RATING_DESCRIPTION)
    knowledge: str = Field(max_length=8, description="Knowledge die. " + RATING_DESCRIPTION)
    dn: int | None = Field(default=None, ge=0, le=100, description="Difficulty Number; omit when the total is read on a table.")
    bonuses: list[NeurosystemBonus] = Field(default_factory=list, max_length=20, description="Specific bonuses, each named.")
    luck: int = Field(default=0, ge=0, le=100, description="Luck points spent at once: one d8 each.")
    luck_pool: int | None = Field(default=None, ge=0, le=100, description=_LUCK_POOL)
    negative_states: int = Field(default=0, ge=0, le=100, description="Negative states carried (for bad shit).")
    resolve_limit: ResolveLimit = Field(default="one-per-check", description=RESOLVE_LIMIT_DESCRIPTION)


class NeurosystemNcStatRef(Model):
    nc: str = Field(min_length=1, max_length=40)
    stat: StatName


class NeurosystemStkCheckAction(Model):
    model_config = ConfigDict(json_schema_extra=at_most_one("dn", "against"))

    character: str = Field(min_length=1, max_length=40)
    style: StatName | None = Field(default=None, description=_STAT_NAME.format("Style"))
    training: StatName | None = Field(default=None, description=_STAT_NAME.format("Training"))
    knowledge: StatName | None = Field(default=None, description=_STAT_NAME.format("Knowledge"))
    dn: int | None = Field(default=None, ge=0, le=100, description="Difficulty Number (or give `against`; or neither).")
    against: NeurosystemNcStatRef | None = Field(
        default=None, description="An NC's static stat value as the DN (or give `dn`; or neither)."
    )
    bonuses: list[NeurosystemBonus] = Field(default_factory=list, max_length=20, description="Specific bonuses, each named.")
    luck: int = Field(default=0, ge=0, le=100, description="Luck points spent at once from the group pool: one d8 each.")


class NeurosystemFlatCheckParams(Model):
    category: StatCategory = Field(description="Which kind of die the Flat Check rolls.")
    rating: str = Field(max_length=8, description=RATING_DESCRIPTION)
    negative_states: int = Field(default=0, ge=0, le=100, description="Negative states carried (for bad shit).")
    equipment_bonus: int = Field(
        default=0, ge=-10, le=10, description="Flat Checks take no bonuses, save the rare equipment that grants one (default 0)."
    )


class NeurosystemFlatCheckAction(Model):
    character: str = Field(min_length=1, max_length=40)
    category: StatCategory = Field(description="Which kind of die the Flat Check rolls.")
    stat: StatName | None = Field(default=None, description="The stat's name; may be omitted when the character has only one.")
    equipment_bonus: int = Field(
        default=0, ge=-10, le=10, description="Flat Checks take no bonuses, save the rare equipment that grants one (default 0)."
    )


class NeurosystemSpendLuckParams(Model):
    check: NeurosystemCheckRecord = Field(description=_RECORD.format("STK Check"))
    points: int = Field(ge=1, le=100, description="Luck points to spend: one d8 each.")
    luck_pool: int | None = Field(default=None, ge=0, le=100, description=_LUCK_POOL)
    resolve_limit: ResolveLimit = Field(default="one-per-check", description=RESOLVE_LIMIT_DESCRIPTION)


class NeurosystemSpendLuckAction(Model):
    check: CheckId
    points: int = Field(ge=1, le=100, description="Luck points to spend from the group pool: one d8 each.")


class NeurosystemPushParams(Model):
    check: NeurosystemCheckRecord = Field(description=_RECORD.format("STK Check"))
    dice: list[DieId] = Field(min_length=1, max_length=3, description=_PUSH_DICE)
    resolve: int | None = Field(default=None, ge=0, le=100, description=_RESOLVE)
    resolve_limit: ResolveLimit = Field(default="one-per-check", description=RESOLVE_LIMIT_DESCRIPTION)


class NeurosystemPushAction(Model):
    check: CheckId
    dice: list[DieId] = Field(min_length=1, max_length=3, description=_PUSH_DICE)


class NeurosystemPushThroughParams(Model):
    check: NeurosystemCheckRecord = Field(description=_RECORD.format("STK or Flat Check"))
    resolve: int | None = Field(default=None, ge=0, le=100, description=_RESOLVE)
    resolve_limit: ResolveLimit = Field(default="one-per-check", description=RESOLVE_LIMIT_DESCRIPTION)


class NeurosystemCheckRef(Model):
    check: CheckId
