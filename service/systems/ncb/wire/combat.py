"""The combat tracker: initiative order, turns, the action economy."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from service.model import Model
from service.systems.ncb.wire.checks import NcbInitiativeRoll, require_distinct
from service.systems.ncb.wire.fights import NcbDeathSaveResult
from service.systems.ncb.wire.sheet import MAX_COMBATANTS, CombatantId, Condition


class NcbEconomy(Model):
    action: bool = Field(description="The action is spent.")
    bonus_action: bool = Field(description="The bonus action is spent.")
    movement: int = Field(description="Feet of movement this turn (speed, plus any dash).")
    movement_used: int
    death_save: bool = Field(description="The death save of this turn is rolled.")


class NcbOrderSlot(Model):
    id: str
    initiative: int
    bonus: int
    dexterity: int


class NcbCombatView(Model):
    round: int
    turn: int = Field(description="Index of the current combatant in `order`.")
    current: str
    order: list[NcbOrderSlot]
    economy: NcbEconomy = Field(description="The current combatant's action economy this turn.")
    reactions_used: list[str] = Field(description="Combatants whose reaction is spent until their next turn.")


_Participants = Annotated[list[CombatantId], Field(min_length=1, json_schema_extra={"uniqueItems": True})]


class NcbStartCombatAction(Model):
    participants: _Participants | None = Field(
        None,
        max_length=MAX_COMBATANTS,
        description="Who fights: at least one, each id once. Default: every combatant still alive.",
    )
    advantage: list[CombatantId] = Field(
        default_factory=list, max_length=MAX_COMBATANTS, description="Roll initiative with advantage."
    )
    disadvantage: list[CombatantId] = Field(
        default_factory=list, max_length=MAX_COMBATANTS, description="Roll initiative with disadvantage."
    )


    @field_validator("participants")
    @classmethod
    def _distinct(cls, participants: list[str] | None) -> list[str] | None:
        if participants is not None:
            require_distinct(participants)
        return participants


class NcbJoinCombatAction(Model):
    combatant: CombatantId
    advantage: bool = False
    disadvantage: bool = False


class NcbCombatResult(Model):
    combat: NcbCombatView | None
    rolls: list[NcbInitiativeRoll] = Field(default_factory=list, description="Initiative rolled by this action.")


class NcbEndTurnAction(Model):
    combatant: CombatantId = Field(description="Whose turn ends: must be the current combatant.")


class NcbBleeding(Model):
    combatant: str
    failures: int
    result: Literal["failure", "flatlined"]
    condition: Condition


class NcbEndTurnResult(Model):
    ended: str
    death_save: NcbDeathSaveResult | None = Field(
        None, description="Rolled for a dying combatant that had not rolled this turn."
    )
    bleeding: NcbBleeding | None = Field(None, description="The automatic failure of a dying combatant's turn end.")
    new_round: bool
    combat: NcbCombatView | None = Field(
        description="Null when nobody able to take a turn is left: the combat is over."
    )


class NcbEndCombatAction(Model):
    note: str = Field("", max_length=200, description="Why it ended (kept in the log).")


class NcbEndCombatResult(Model):
    rounds: int
    note: str


class NcbMoveAction(Model):
    combatant: CombatantId
    feet: int = Field(ge=1, le=1000)


class NcbActionChoice(Model):
    combatant: CombatantId
    slot: Literal["action", "bonus-action", "reaction"] = "action"
    action: Literal["dash", "dodge", "disengage", "help", "hide", "ready", "search", "use-object", "other"] = Field(
        "other", description="`dash` adds the combatant's speed to this turn's movement."
    )
    note: str = Field("", max_length=200)


class NcbTurnResult(Model):
    combatant: str
    slot: str | None = None
    action: str | None = None
    note: str = ""
    economy: NcbEconomy = Field(description="The current turn's economy (a reaction is spent outside it).")
