"""Wire models of the GM's sheet actions: healing a character and editing its sheet."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model
from service.systems.eclipse.wire.characters import EclipseRepSpec, EclipseSkillSpec
from service.systems.eclipse.wire.common import CharacterId


class EclipseHealInSession(Model):
    character: str = CharacterId
    damage: int = Field(0, ge=0, le=5000, description="Damage points to remove (at most what the character has).")
    wounds: int = Field(0, ge=0, le=1000, description="Wounds to remove (at most what the character has).")
    note: str = Field("", max_length=200, description="Why: first aid, a healing vat, time… (free text).")


class EclipseHealResult(Model):
    character: str
    damage_removed: int
    wounds_removed: int
    damage: int
    wounds: int
    condition: Literal["active", "incapacitated", "dead"]


class EclipseAptitudesEdit(Model):
    cog: int | None = Field(None, ge=0, le=60)
    int_: int | None = Field(None, ge=0, le=60, alias="int")
    ref: int | None = Field(None, ge=0, le=60)
    sav: int | None = Field(None, ge=0, le=60)
    som: int | None = Field(None, ge=0, le=60)
    wil: int | None = Field(None, ge=0, le=60)


class EclipsePoolMaximaEdit(Model):
    insight: int | None = Field(None, ge=0, le=40)
    moxie: int | None = Field(None, ge=0, le=40)
    vigor: int | None = Field(None, ge=0, le=40)
    flex: int | None = Field(None, ge=0, le=40)


class EclipseArmorEdit(Model):
    energy: int | None = Field(None, ge=0, le=200)
    kinetic: int | None = Field(None, ge=0, le=200)


class EclipseEditCharacter(Model):
    """The sheet fields to change; anything left out stays as it is."""

    character: str = CharacterId
    name: str | None = Field(None, min_length=1, max_length=80)
    player: str | None = Field(None, max_length=80, description="Seat name of the player who runs it; an empty string makes it a GM character.")
    aptitudes: EclipseAptitudesEdit | None = None
    skills: list[EclipseSkillSpec] = Field(default_factory=list, max_length=80, description="Skills to add, or to replace by name.")
    remove_skills: list[str] = Field(default_factory=list, max_length=80, description="Skill names to remove.")
    pools: EclipsePoolMaximaEdit | None = Field(None, description="New pool maxima; a pool's current points are cut to a lower maximum.")
    rep: list[EclipseRepSpec] = Field(default_factory=list, max_length=7, description="Rep scores to set (a new network starts with no favors used).")
    armor: EclipseArmorEdit | None = None
    durability: int | None = Field(None, ge=1, le=1000)
    wound_threshold: int | None = Field(
        None, ge=1, le=200, description="Default when Durability or `synthetic` changes: worked out again (Durability ÷ 5, rounded up)."
    )
    death_rating: int | None = Field(
        None, ge=1, le=2000, description="Default when Durability or `synthetic` changes: worked out again (× 1.5, or × 2 for synthetics)."
    )
    synthetic: bool | None = None
    flat: bool | None = None
    initiative: int | None = Field(None, ge=0, le=50)
    damage: int | None = Field(None, ge=0, le=5000)
    wounds: int | None = Field(None, ge=0, le=1000)
    traumas: int | None = Field(None, ge=0, le=1000)


class EclipseCharacterEdited(Model):
    id: str
    changed: list[str] = Field(description="The sheet fields that changed, in camelCase.")
    condition: Literal["active", "incapacitated", "dead"]
