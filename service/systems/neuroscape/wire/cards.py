"""The card schema and deck lists: every card is data, validated here and published in the API documents.

A card names its type (and a program its subtype); the numbers the engine reads (RAM cost,
ATK/DEF, health bonuses, gear slots, psychosis) are plain fields. Abilities are carried as
data too; this part of the engine reads only their timing and swiftness, so the second part
(programs' effects, the order of operations) adds effect kinds without changing the schema's
shape for existing cards.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field, model_validator
from pydantic.config import JsonDict

from service.model import Model

CardType = Literal["mainframe", "character", "cyberware", "program", "ram"]
ProgramSubtype = Literal["exe", "protocol", "virus", "trojan", "script", "drug", "environment"]
GearSlotName = Literal["head", "left-arm", "right-arm", "legs"]
CARD_ID = r"^[a-z0-9][a-z0-9-]{0,47}$"

class NeuroscapeGearSlot(Model):
    """A gear slot on a character: which body part, and the highest cyberware level it takes."""

    slot: GearSlotName
    level: int = Field(ge=1, le=3, description="Gold tabs, 1-3: cyberware of this level or lower fits.")


class NeuroscapeWinCondition(Model):
    """A "mic drop": while a card carrying it is in play and the condition holds, its player wins."""

    kind: Literal["controls-characters", "ram-in-play", "opponents-recycled"] = Field(
        description="`controls-characters`: characters you control; `ram-in-play`: RAM cards on your "
        "mainframe; `opponents-recycled`: cards in all opponents' recycle bins together."
    )
    at_least: int = Field(ge=1, le=100, description="The condition holds at this count or more.")


class NeuroscapeAbility(Model):
    """An ability printed on a card. Effects are resolved by the engine's second part."""

    name: str = Field(min_length=1, max_length=60)
    kind: Literal["activated", "triggered", "passive"]
    cost: int = Field(0, ge=0, le=20, description="RAM to activate (activated abilities).")
    swift: bool = Field(False, description="May interrupt, like a script.")
    duel: bool = Field(False, description="A duel: the character fights another character directly.")
    text: str = Field("", max_length=400)


_GIVEN: JsonDict = {"not": {"type": "null"}}
_NULL: JsonDict = {"type": "null"}


def _only(card_type: str, given: JsonDict, otherwise: JsonDict) -> JsonDict:
    """JSON Schema: a card of `card_type` has the fields of `given`; any other card those of `otherwise`."""
    return {
        "if": {"properties": {"type": {"const": card_type}}},
        "then": {"required": [*sorted(name for name, rule in given.items() if rule is _GIVEN)], "properties": given},
        "else": {"properties": otherwise},
    }


# `_fields_fit_the_type` in the JSON Schema, so a card that matches the schema is accepted
# (save the one rule JSON Schema cannot say: each gear slot once, given on `gear`).
_TYPE_RULES: JsonDict = {
    "allOf": [
        _only("program", {"subtype": _GIVEN}, {"subtype": _NULL}),
        _only("character", {"attack": _GIVEN, "defense": _GIVEN}, {"attack": _NULL, "defense": _NULL, "gear": {"maxItems": 0}}),
        _only("cyberware", {"slot": _GIVEN, "level": _GIVEN}, {"slot": _NULL, "level": _NULL, "malicious": {"const": False}}),
        _only("ram", {}, {"special": {"const": False}}),
        _only("mainframe", {}, {"bioframeBonus": {"const": 0}, "mainframeBonus": {"const": 0}}),
    ]
}


class NeuroscapeCard(Model):
    """One card of a pool. `id` is what deck lists and actions name. The fields a card has follow its type
    (each field says which); a card with fields of another type is refused."""

    model_config = ConfigDict(json_schema_extra=_TYPE_RULES)

    id: str = Field(pattern=CARD_ID, description="Lower-case id, unique in the pool.")
    name: str = Field(min_length=1, max_length=80)
    type: CardType
    subtype: ProgramSubtype | None = Field(None, description="Programs, and only programs: which kind of program.")
    special: bool = Field(False, description="RAM only: special RAM (at most 4 per RAM deck by default).")
    cost: int = Field(0, ge=0, le=20, description="RAM cost to deploy.")
    attack: int | None = Field(None, ge=0, le=99, description="Characters, and only characters: ATK.")
    defense: int | None = Field(None, ge=1, le=99, description="Characters, and only characters: DEF.")
    bioframe_bonus: int = Field(0, ge=0, le=40, description="Mainframes only: added to starting bioframe health.")
    mainframe_bonus: int = Field(0, ge=0, le=40, description="Mainframes only: added to starting mainframe health.")
    keywords: list[Literal["blitz", "swift"]] = Field(
        default_factory=list, max_length=4, description="`blitz` deals battle damage first."
    )
    legendary: bool = False
    persistent_ram: bool = Field(
        False, description="Programs: the RAM paid stays committed while the program is in play."
    )
    gear: list[NeuroscapeGearSlot] = Field(
        default_factory=list, max_length=4, description="Characters: gear slots, each body part at most once."
    )
    slot: GearSlotName | None = Field(None, description="Cyberware, and only cyberware: the gear slot it fits.")
    level: int | None = Field(None, ge=1, le=3, description="Cyberware, and only cyberware: its level (1-3).")
    psychosis: int = Field(0, ge=0, le=20, description="Cyberware: its psychosis value.")
    attack_bonus: int = Field(0, ge=-20, le=20, description="Cyberware: added to the wearer's ATK.")
    defense_bonus: int = Field(0, ge=-20, le=20, description="Cyberware: added to the wearer's DEF.")
    malicious: bool = Field(False, description="Cyberware only: may be attached to any character in play.")
    win_if: NeuroscapeWinCondition | None = None
    abilities: list[NeuroscapeAbility] = Field(default_factory=list, max_length=6)
    text: str = Field("", max_length=600, description="The card's text, for people.")

    @model_validator(mode="after")
    def _fields_fit_the_type(self) -> NeuroscapeCard:
        problems = []
        if (self.type == "program") != (self.subtype is not None):
            problems.append("a program needs a subtype and only programs have one")
        stats = (self.attack is not None, self.defense is not None)
        if not all(stats) if self.type == "character" else any(stats):
            problems.append("characters, and only characters, have attack and defense")
        if self.type == "cyberware" and (self.slot is None or self.level is None):
            problems.append("cyberware needs a gear slot and a level")
        if self.type != "cyberware" and (self.slot is not None or self.level is not None or self.malicious):
            problems.append("only cyberware has a gear slot, a level or the malicious flag")
        if self.special and self.type != "ram":
            problems.append("only RAM can be special")
        if self.gear and self.type != "character":
            problems.append("only characters have gear slots")
        if len({g.slot for g in self.gear}) != len(self.gear):
            problems.append("a character has each gear slot once")
        if (self.bioframe_bonus or self.mainframe_bonus) and self.type != "mainframe":
            problems.append("only mainframes add health")
        if problems:
            raise ValueError("; ".join(problems))
        return self


# -- deck lists --------------------------------------------------------------------------


class NeuroscapeDeckEntry(Model):
    card: str = Field(pattern=CARD_ID, description="A card id of the pool.")
    count: int = Field(ge=1, le=100)


class NeuroscapeDeckList(Model):
    """A player's cards: one mainframe, a main deck and a RAM deck."""

    mainframe: str = Field(pattern=CARD_ID, description="The mainframe card this player starts with in play.")
    main: list[NeuroscapeDeckEntry] = Field(max_length=200, description="Main deck: non-RAM cards with their counts.")
    ram: list[NeuroscapeDeckEntry] = Field(max_length=100, description="RAM deck: RAM cards with their counts.")


class NeuroscapeDeckViolation(Model):
    rule: str = Field(description="The deck-building rule broken, e.g. `max-copies`.")
    message: str
    card: str | None = None
    seat: str | None = None
