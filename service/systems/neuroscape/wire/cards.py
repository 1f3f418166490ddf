"""The card schema and deck lists: every card is data, validated here and published in the API documents.

A card names its type (and a program its subtype); the numbers the engine reads (RAM cost,
ATK/DEF, health bonuses, gear slots, psychosis) are plain fields. Abilities are data too: their
costs, trigger, chosen target and effects (`wire.effects`); an ability the engine could not
resolve is refused here, naming the card and the field, and its text is written from the data.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, ModelWrapValidatorHandler, model_validator
from pydantic.config import JsonDict, JsonValue

from service.model import Model
from service.systems.neuroscape.wire.card_text import ability_text
from service.systems.neuroscape.wire.effects import TARGET_NEEDS, NeuroscapeEffect, TargetKind, Trigger, vocabulary

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
    """An ability printed on a card: when it happens, what it costs, what its player chooses, what it does.

    `activated` abilities are played (swift ones whenever a swift action is allowed) by paying
    their costs; `triggered` ones fire on `trigger` and resolve at once; `passive` ones are
    continuous ATK/DEF changes, computed from what is in play. `text` is written from the data.
    """

    name: str = Field(min_length=1, max_length=60)
    kind: Literal["activated", "triggered", "passive"]
    cost: int = Field(0, ge=0, le=20, description="Activated: RAM to pay.")
    runs: bool = Field(False, description="Activated: running the character is part of the cost.")
    discards: int = Field(0, ge=0, le=5, description="Activated: cards of your hand discarded (at random) as part of the cost.")
    pays_health: int = Field(0, ge=0, le=20, description="Activated: bioframe health paid as part of the cost.")
    swift: bool = Field(False, description="May be played whenever a swift action is allowed, and in answer to one.")
    duel: bool = Field(False, description="A duel: after the effects, this character and the target character deal their ATK to each other.")
    trigger: Trigger | None = Field(None, description="Triggered abilities, and only they: the event they fire on.")
    target: TargetKind | None = Field(
        None, description="What the player chooses when playing the ability; effects with `on: target` reach it."
    )
    effects: list[NeuroscapeEffect] = Field(
        min_length=1, max_length=4, description="What the ability does, in order; each effect names its `kind`. " + vocabulary()
    )
    text: str = Field("", max_length=400, description="Written from the data; a text given must read the same.")


_NEVER_COMMITS = frozenset({"exe", "script", "drug", "trojan"})  # program subtypes no `persistentRam` fits
_CHARACTER_TARGETS = frozenset({"character", "own-character", "opponent-character"})
_PLAYER_TARGETS = frozenset({"player", "opponent"})


def _needs(effect: NeuroscapeEffect) -> frozenset[str] | None:
    """The chosen targets an `on: target` effect can reach (None: it does not use one)."""
    if effect.on != "target":
        return None
    if effect.kind in ("damage", "heal"):
        return _CHARACTER_TARGETS if effect.to == "character" else _PLAYER_TARGETS
    if effect.kind in TARGET_NEEDS["character"]:
        return _CHARACTER_TARGETS
    if effect.kind in TARGET_NEEDS["order-item"]:
        return frozenset({"order-item"})
    return _PLAYER_TARGETS


def ability_problems(ability: NeuroscapeAbility, card_type: str) -> list[str]:
    """Why the engine could not resolve an ability, each naming its field."""
    out = []
    if (ability.kind == "triggered") != (ability.trigger is not None):
        out.append("trigger: triggered abilities, and only they, name a trigger")
    if ability.kind != "activated" and (ability.cost or ability.runs or ability.discards or ability.pays_health or ability.swift):
        out.append("cost: only activated abilities have costs or are swift")
    if ability.kind != "activated" and ability.target is not None:
        out.append("target: only activated abilities choose a target (nobody chooses for a trigger or a passive)")
    if ability.runs and card_type != "character":
        out.append("runs: only a character can be run as a cost")
    if ability.duel and (card_type != "character" or ability.kind != "activated" or ability.target != "opponent-character"):
        out.append("duel: a duel is an activated character ability targeting an opponent's character")
    uses_target = False
    for index, effect in enumerate(ability.effects):
        where = f"effects[{index}]"
        if ability.kind == "passive" and not (
            effect.kind == "modify-stats" and effect.duration == "while-in-play" and effect.on in ("self", "own-characters")
        ):
            out.append(f"{where}.kind: a passive ability changes ATK/DEF of this or your characters while in play")
        if effect.kind == "modify-stats" and effect.on == "self" and card_type != "character":
            out.append(f"{where}.on: `self` is a character; this card is a {card_type}")
        if effect.kind in ("destroy", "return-to-hand", "run", "refresh") and effect.on == "self" and card_type != "character":
            out.append(f"{where}.on: `self` is a character; this card is a {card_type}")
        if effect.kind in ("damage", "heal"):
            reach = ("target", "self") if effect.to == "character" else ("target", "you", "opponents")
            if effect.on not in reach:
                out.append(f"{where}.on: {effect.kind} to a {effect.to} reaches one of {', '.join(reach)}")
            elif effect.on == "self" and card_type != "character":
                out.append(f"{where}.on: `self` is a character; this card is a {card_type}")
        needs = _needs(effect)
        if needs is None:
            continue
        uses_target = True
        if ability.target is None or ability.target not in needs:
            wanted = " or ".join(sorted(needs))
            out.append(f"{where}.on: this effect reaches a chosen {wanted}, but the ability's target is {ability.target}")
    if ability.target is not None and not uses_target and not ability.duel:
        out.append("target: no effect reaches the chosen target")
    return out


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
        _only("program", {"subtype": _GIVEN}, {"subtype": _NULL, "persistentRam": {"const": False}}),
        {"if": {"properties": {"subtype": {"enum": list[JsonValue](sorted(_NEVER_COMMITS))}}, "required": ["subtype"]},
         "then": {"properties": {"persistentRam": {"const": False}}}},
        _only("character", {"attack": _GIVEN, "defense": _GIVEN}, {"attack": _NULL, "defense": _NULL, "gear": {"maxItems": 0}}),
        _only("cyberware", {"slot": _GIVEN, "level": _GIVEN}, {"slot": _NULL, "level": _NULL, "malicious": {"const": False}, "tether": {"const": False}}),
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
        False,
        description="Programs that stay in play (protocols, viruses, environments): the RAM paid stays committed while "
        "the program is in play, one of the \"certain programs\" the rules text gives committed RAM (each subtype "
        "commits none otherwise). Refused on .EXEs, scripts and drugs (they leave play at once) and on trojans (the "
        "text: no persistent RAM; RAM committed to a face-down card would tell what it is).",
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
    tether: bool = Field(
        False,
        description="Cyberware only: a tether joins two characters through the same gear slot of each; it stays in "
        "play while one of them does and is destroyed when both are.",
    )
    win_if: NeuroscapeWinCondition | None = None
    abilities: list[NeuroscapeAbility] = Field(
        default_factory=list,
        max_length=6,
        description="What the card does. Refused as an ability the engine cannot resolve (the message names the field): "
        "a trigger on anything but a triggered ability, or none on one; costs, swiftness or a chosen target on a "
        "triggered or passive ability; a passive doing anything but changing ATK/DEF of this or your characters "
        "while in play; an effect `on: target` whose kind cannot reach the ability's `target`, or a `target` no "
        "effect reaches; `self` or `runs` on a card that is not a character; a duel that is not an activated "
        "character ability targeting an opponent's character.",
    )
    text: str = Field("", max_length=600, description="The card's text, for people.")

    @model_validator(mode="wrap")
    @classmethod
    def _text_from_data(cls, data: Any, handler: ModelWrapValidatorHandler[NeuroscapeCard]) -> NeuroscapeCard:
        card = handler(data)
        abilities = []
        for index, ability in enumerate(card.abilities):
            written = ability_text(ability, card.type)
            if ability.text and ability.text != written:
                raise ValueError(f"card {card.id!r}: abilities[{index}].text is written from the effects and reads {written!r}; omit it")
            abilities.append(ability.model_copy(update={"text": written}))
        return card.model_copy(update={"abilities": abilities})

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
        if self.type != "cyberware" and (self.slot is not None or self.level is not None or self.malicious or self.tether):
            problems.append("only cyberware has a gear slot, a level or the malicious or tether flag")
        if self.special and self.type != "ram":
            problems.append("only RAM can be special")
        if self.gear and self.type != "character":
            problems.append("only characters have gear slots")
        if len({g.slot for g in self.gear}) != len(self.gear):
            problems.append("a character has each gear slot once")
        if self.persistent_ram and (self.type != "program" or self.subtype in _NEVER_COMMITS):
            problems.append("persistentRam is for programs that stay in play (protocols, viruses, environments); "
                            ".EXEs, scripts and drugs leave at once and trojans commit none")
        if (self.bioframe_bonus or self.mainframe_bonus) and self.type != "mainframe":
            problems.append("only mainframes add health")
        unresolvable = [f"abilities[{i}].{problem}" for i, ability in enumerate(self.abilities) for problem in ability_problems(ability, self.type)]
        if unresolvable:
            problems.append("an ability the engine cannot resolve: " + "; ".join(unresolvable))
        if problems:
            raise ValueError(f"card {self.id!r}: " + "; ".join(problems))
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
