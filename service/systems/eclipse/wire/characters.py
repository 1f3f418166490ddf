"""Wire models of a character's sheet as a setup or `add-character` gives it."""

from __future__ import annotations

from pydantic import Field

from service.model import Model
from service.systems.eclipse.rules.rep import Network
from service.systems.eclipse.wire.common import Aptitude, CharacterId, SkillCategory


MAX_CHARACTERS = 32


class EclipseAptitudes(Model):
    cog: int = Field(ge=0, le=60)
    int_: int = Field(ge=0, le=60, alias="int")
    ref: int = Field(ge=0, le=60)
    sav: int = Field(ge=0, le=60)
    som: int = Field(ge=0, le=60)
    wil: int = Field(ge=0, le=60)


class EclipseSkillSpec(Model):
    name: str = Field(min_length=1, max_length=60, description="e.g. `Guns`, `Infosec`, `Know: Biology`.")
    rating: int = Field(ge=0, le=200, description="The skill rating, linked aptitude included (second-edition sheets).")
    aptitude: Aptitude | None = Field(None, description="Linked aptitude; defaults from the second-edition skill list.")
    category: SkillCategory | None = Field(None, description="Skill category; defaults from the skill list.")
    specialization: str | None = Field(None, min_length=1, max_length=80, description="Its one specialization (+10 where it applies).")


class EclipsePoolMaxima(Model):
    insight: int = Field(0, ge=0, le=40)
    moxie: int = Field(0, ge=0, le=40)
    vigor: int = Field(0, ge=0, le=40)
    flex: int = Field(0, ge=0, le=40)


class EclipseRepSpec(Model):
    network: Network
    score: int = Field(ge=0, le=99)


class EclipseArmor(Model):
    energy: int = Field(0, ge=0, le=200)
    kinetic: int = Field(0, ge=0, le=200)


class EclipseCharacterSpec(Model):
    id: str = CharacterId
    name: str = Field(min_length=1, max_length=80)
    player: str | None = Field(
        None, max_length=80, description="Seat name of the player who runs it; omit for a GM character. Players adding a character always own it."
    )
    aptitudes: EclipseAptitudes
    skills: list[EclipseSkillSpec] = Field(default_factory=list, max_length=80)
    pools: EclipsePoolMaxima = Field(default_factory=EclipsePoolMaxima, description="Pool maxima; pools start full.")
    rep: list[EclipseRepSpec] = Field(default_factory=list, max_length=7)
    armor: EclipseArmor = Field(default_factory=EclipseArmor)
    durability: int = Field(ge=1, le=1000)
    wound_threshold: int | None = Field(None, ge=1, le=200, description="Default: Durability ÷ 5, rounded up (second edition).")
    death_rating: int | None = Field(
        None, ge=1, le=2000, description="Default: Durability × 1.5 (biomorphs) or × 2 (`synthetic`), rounded up (second edition)."
    )
    synthetic: bool = False
    flat: bool = Field(False, description="A flat or biomorph without biomods: long recharges take 8 hours.")
    initiative: int = Field(ge=0, le=50, description="The Initiative score added to 1d6.")
    damage: int = Field(0, ge=0, le=5000)
    wounds: int = Field(0, ge=0, le=1000)
    traumas: int = Field(0, ge=0, le=1000)


class EclipseAddCharacter(Model):
    character: EclipseCharacterSpec


class EclipseCharacterAdded(Model):
    id: str
    name: str
    player: str | None
