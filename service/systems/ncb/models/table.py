"""The session: its setup, adding and adjusting combatants, and the combat tracker."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from service.model import Model
from service.systems.ncb.models.checks import NcbInitiativeRoll, require_distinct
from service.systems.ncb.models.fights import NcbDeathSaveResult
from service.systems.ncb.models.sheet import CombatantId, NcbCombatantSpec
from service.systems.ncb.options import NcbRules

MAX_COMBATANTS = 50
Condition = Literal["up", "dying", "stable", "flatlined", "annihilated"]


class NcbSetup(Model):
    """`setup` of `POST /v1/sessions` for an `ncb` session."""

    rules: NcbRules = Field(default_factory=NcbRules, description="Rule options for this table; all have defaults.")
    combatants: list[NcbCombatantSpec] = Field(default_factory=list, max_length=MAX_COMBATANTS)


class NcbAddCombatantAction(Model):
    combatant: NcbCombatantSpec
    join_combat: bool = Field(
        False, description="When a combat is running, roll its initiative and add it to the order."
    )


class NcbCombatantSummary(Model):
    id: str
    name: str
    kind: Literal["character", "nc"]
    owner: str | None
    level: int
    hp: int
    max_hp: int
    condition: Condition
    armor_class: int = Field(description="With chrome.")
    damage_reduction: int = Field(description="Armor + plating + chrome, capped.")
    exhaustion: int
    death_successes: int
    death_failures: int
    last_breath: bool
    last_breath_offered: bool = Field(
        description="The last hit dropped it to 0 with Last Breath ready; `last-breath` may still take it."
    )
    helpless: bool
    ram: int
    ram_max: int
    eddies: int


class NcbGmAdjustAction(Model):
    """A GM override for what the fiction changed; omitted fields stay as they are."""

    combatant: CombatantId
    hp: int | None = Field(None, ge=0, le=999, description="0 leaves the combatant dying; above 0 brings it up.")
    helpless: bool | None = Field(None, description="Paralyzed or otherwise helpless.")
    exhaustion: int | None = Field(None, ge=0, le=5)
    ram: int | None = Field(None, ge=0, le=50)
    last_breath: bool | None = None


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


class NcbCombatantResult(Model):
    combatant: NcbCombatantSummary
    initiative: NcbInitiativeRoll | None = None
    combat: NcbCombatView | None = None


class NcbRemoveCombatantResult(Model):
    removed: str
    combat: NcbCombatView | None


# At least one, each once: JSON Schema's minItems and uniqueItems, checked again below.
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
