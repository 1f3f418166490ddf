"""Wire models of initiative and the action turn, stateless and in a session."""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.eclipse.options import EclipseRules, default_rules
from service.systems.eclipse.rules.actions import ActionKind, Extra, Nature
from service.systems.eclipse.wire.characters import MAX_CHARACTERS
from service.systems.eclipse.wire.common import CharacterId, CharacterRef


class EclipseCombatant(Model):
    name: str = Field(min_length=1, max_length=80)
    initiative: int = Field(ge=0, le=50)
    ref: int = Field(0, ge=0, le=60)


class EclipseInitiativeInput(Model):
    combatants: list[EclipseCombatant] = Field(min_length=1, max_length=32)
    rules: EclipseRules = Field(default_factory=default_rules)


class EclipseActionSpec(Model):
    kind: ActionKind
    nature: Nature = "physical"


class EclipseActionTurnInput(Model):
    actions: list[EclipseActionSpec] = Field(max_length=12)
    extras: list[Extra] = Field(
        default_factory=list, max_length=4, description="Extra actions: `mental` (Insight), `physical` (Vigor), `any` (a critical)."
    )


class EclipseInitiativeSlot(Model):
    name: str
    initiative: int
    ref: int
    roll: int
    count: int = Field(description="1d6 + Initiative: the count this character acts at.")
    roll_offs: list[int]
    position: int


class EclipseInitiativeResult(Model):
    order: list[EclipseInitiativeSlot]


class EclipseActionTurnResult(Model):
    legal: bool
    pattern: str | None = Field(None, description="The turn shape the actions fit, e.g. `complex-and-quick`.")
    reason: str


class EclipseInitiativeInSession(Model):
    characters: list[CharacterRef] | None = Field(None, max_length=MAX_CHARACTERS, description="Who fights; default every character able to act.")


class EclipseTurnState(Model):
    turn: int
    order: list[EclipseInitiativeSlot]
    acting: str | None = Field(
        description=(
            "The character whose turn it is: only it may take actions, attack or hack (other seats get 409 "
            "`eclipse/out-of-turn`; the GM's seat may act for anyone). None once everyone has acted."
        )
    )
    finished: list[str] = Field(description="Characters whose actions this action turn are over.")


class EclipseTakeActionInSession(Model):
    character: str = CharacterId
    kind: ActionKind
    nature: Nature = "physical"
    label: str = Field("", max_length=80)


class EclipseActionRecord(Model):
    kind: str
    nature: str
    label: str


class EclipseTakeActionResult(Model):
    character: str
    turn: int
    actions: list[EclipseActionRecord] = Field(description="The character's actions this action turn, the new one last.")
    pattern: str = Field(description="The turn shape they fit: `complex-and-quick`, `task-and-quick` or `three-quick` (`+extra` per extra action used).")
