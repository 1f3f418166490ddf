"""What a character sheet holds: scores, weapons, chrome, debts, and the combatant itself."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic.config import JsonDict

from service.model import Model
from service.systems.ncb.rules.abilities import Ability

COMBATANT_ID = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$"
MAX_EDDIES = 1_000_000_000  # keeps every amount inside GraphQL's 32-bit Int
MAX_COMBATANTS = 50  # at one table

CombatantId = Annotated[str, Field(pattern=COMBATANT_ID, description="A combatant's id in this session.")]
Armor = Literal["none", "light", "medium", "heavy"]
Condition = Literal["up", "dying", "stable", "flatlined", "annihilated"]
WeaponTag = Literal["armor-penetration", "wall-penetration", "emp", "thermal-shock", "suppression", "control"]
Score = Annotated[int, Field(ge=1, le=30)]


class NcbAbilityScores(Model):
    """The six scores, 1-30 (chrome may push them past 20)."""

    strength: Score = 10
    dexterity: Score = 10
    constitution: Score = 10
    intelligence: Score = 10
    wisdom: Score = 10
    charisma: Score = 10


class NcbAbilityValues(Model):
    """Six numbers, one per ability (effective scores, or their modifiers)."""

    strength: int
    dexterity: int
    constitution: int
    intelligence: int
    wisdom: int
    charisma: int


class NcbWeapon(Model):
    name: str = Field(min_length=1, max_length=60)
    damage_dice: str = Field(
        min_length=3,
        max_length=20,
        description="One plain dice term, d4-d12, e.g. `2d6`. Standard weapons may roll at most the table's "
        "`standardDamageCap` (default 2d8), heavy ones `heavyDamageCap` (default 2d10); more is a 422 "
        "`ncb/weapon-out-of-band`.",
        examples=["2d6"],
    )
    style: Literal["melee", "ranged"] = Field("ranged", description="Melee attacks use Strength, ranged Dexterity.")
    finesse: bool = Field(False, description="Uses the better of Strength and Dexterity.")
    heavy: bool = Field(False, description="A heavy sniper or anti-materiel weapon: the higher damage cap.")
    overkill: bool = Field(False, description="Bringing a target to 0 HP annihilates it.")
    tech_bonus: int = Field(0, ge=0, le=3, description="Added to attack and damage rolls.")
    tags: list[WeaponTag] = Field(
        default_factory=list,
        max_length=6,
        description="Special rule tags. Carried and reported; their effects come from the weapon's own text.",
    )


class NcbChromeBonuses(Model):
    """Passive bonuses an implant gives while installed."""

    armor_class: int = Field(0, ge=-5, le=5)
    damage_reduction: int = Field(0, ge=0, le=5, description="Plating; the total still stops at the reduction cap.")
    initiative: int = Field(0, ge=-5, le=10)
    speed: int = Field(0, ge=-30, le=60)
    program_dc: int = Field(0, ge=0, le=5, description="Chrome bonus to program save DC.")
    strength: int = Field(0, ge=0, le=10)
    dexterity: int = Field(0, ge=0, le=10)
    constitution: int = Field(0, ge=0, le=10)
    intelligence: int = Field(0, ge=0, le=10)
    wisdom: int = Field(0, ge=0, le=10)
    charisma: int = Field(0, ge=0, le=10)


class NcbChromeTotals(Model):
    """The passive bonuses of every installed implant, summed."""

    armor_class: int
    damage_reduction: int
    initiative: int
    speed: int
    program_dc: int
    strength: int
    dexterity: int
    constitution: int
    intelligence: int
    wisdom: int
    charisma: int


class NcbCooldown(Model):
    unit: Literal["rounds", "short-rest", "long-rest"] = Field(
        "rounds", description="Ready again after `amount` of the owner's turns, or after that rest."
    )
    amount: int = Field(1, ge=1, le=100, description="Turns, when the unit is rounds.")


class NcbImplant(Model):
    name: str = Field(min_length=1, max_length=60)
    slots: int = Field(1, ge=1, le=6, description="Body slots it occupies.")
    capacity: int = Field(1, ge=0, le=20, description="What it draws from the capacity pool.")
    passive: NcbChromeBonuses = Field(default_factory=NcbChromeBonuses)
    active: NcbCooldown | None = Field(None, description="Set for an active implant: its cooldown.")


class NcbImplantView(NcbImplant):
    cooldown_left: int = Field(0, description="Owner's turns until an active implant is ready.")
    spent_until: Literal["short-rest", "long-rest"] | None = Field(None, description="Ready again after this rest.")


class NcbDebt(Model):
    creditor: str = Field(min_length=1, max_length=80)
    reason: Literal["chrome", "treatment", "rescue", "other"] = "other"
    amount: int = Field(ge=1, le=MAX_EDDIES)


class NcbProgramSlotState(Model):
    tier: int = Field(ge=1, le=9)
    total: int = Field(ge=0, le=9)
    used: int = Field(0, ge=0, le=9)


# A subclass needs level 3, in JSON Schema; breaking it answers `ncb/subclass-too-early` (422).
_SUBCLASS_FROM_LEVEL_3: JsonDict = {
    "if": {"required": ["subclass"], "properties": {"subclass": {"type": "string"}}},
    "then": {"required": ["level"], "properties": {"level": {"minimum": 3}}},
}


class NcbCombatantSpec(Model):
    """A character or NC as it joins the table."""

    model_config = {**Model.model_config, "json_schema_extra": _SUBCLASS_FROM_LEVEL_3}

    id: CombatantId
    name: str = Field(min_length=1, max_length=80)
    kind: Literal["character", "nc"] = "character"
    owner: str | None = Field(
        None, max_length=80, description="Seat name or id of the player who runs it; the GM runs all."
    )
    level: int = Field(1, ge=1, le=20)
    subclass: str | None = Field(None, min_length=1, max_length=60, description="Only from level 3.")
    abilities: NcbAbilityScores = Field(default_factory=NcbAbilityScores)
    armor_class: int = Field(10, ge=0, le=40)
    armor: Armor = Field("none", description="Damage reduction: light 1, medium 2, heavy 3.")
    plating: int = Field(0, ge=0, le=5, description="Tech plating added to the armor's reduction (capped, default 5).")
    max_hp: int = Field(ge=1, le=999)
    hp: int | None = Field(None, ge=1, le=999, description="At most `maxHp`; defaults to it.")
    hit_die: Literal[6, 8, 10, 12] = 8
    hit_dice: int | None = Field(None, ge=0, le=20, description="Hit dice left, at most the level; defaults to it.")
    speed: int = Field(30, ge=0, le=200, description="Feet per turn.")
    initiative_bonus: int = Field(0, ge=-10, le=20, description="Added to the Dexterity modifier for initiative.")
    save_proficiencies: list[Ability] = Field(default_factory=list, max_length=6)
    program_ability: Ability = "intelligence"
    ram_max: int = Field(0, ge=0, le=50)
    ram: int | None = Field(None, ge=0, le=50, description="At most `ramMax`; defaults to it.")
    program_slots: list[Annotated[int, Field(ge=0, le=9)]] = Field(
        default_factory=list, max_length=9, description="Program slots per tier, tier 1 first."
    )
    chrome_slots: int | None = Field(
        None, ge=0, le=12, description="Body slots; the table's `chromeSlots` (6) if omitted."
    )
    chrome_capacity: int | None = Field(
        None, ge=0, le=100, description="Capacity pool; the table's `chromeCapacity` (10) if omitted."
    )
    chrome: list[NcbImplant] = Field(default_factory=list, max_length=12)
    weapons: list[NcbWeapon] = Field(default_factory=list, max_length=8)
    eddies: int = Field(0, ge=0, le=MAX_EDDIES)
    debts: list[NcbDebt] = Field(default_factory=list, max_length=20)
    exhaustion: int = Field(0, ge=0, le=5)
    last_breath: bool | None = Field(
        None, description="Last Breath ready; defaults to true for characters, false for NCs."
    )
    use_last_breath: bool = Field(
        False,
        description="The player's standing choice to take Last Breath whenever a hit offers it. Default false: "
        "each such hit offers it (`lastBreathOffered`) and `last-breath`, or the hit's `useLastBreath`, takes it.",
    )

    @model_validator(mode="after")
    def _consistent(self) -> NcbCombatantSpec:
        if self.hp is not None and self.hp > self.max_hp:
            raise ValueError(f"hp {self.hp} is above maxHp {self.max_hp}")
        if self.hit_dice is not None and self.hit_dice > self.level:
            raise ValueError(f"hitDice {self.hit_dice} is above the level ({self.level})")
        if self.ram is not None and self.ram > self.ram_max:
            raise ValueError(f"ram {self.ram} is above ramMax {self.ram_max}")
        return self
