"""The shared table as one typed session state, its lookups, and the `with_…` updates.

Stored as JSON in wire form (camelCase keys):

- `rules`, `day`, `timeOfDay`; `held`: seat id → the character that seat holds;
- `characters`: id → name, hacker flag, approach, `location` (a district, or a building
  and section, or none yet), current `securityLog`, building `stay` and `districtRolls`;
- `buildings` and `districts`: id → sheet, with the current control value and identity;
- `reactions`: character → location key → building reactions drawn during the current
  visit (for escalation and for the movement rule);
- `securityLogs`, `memoryLogs` (with consents) and `consequences`; `counters` for ids.

The state is immutable by convention: handlers never change a value they were given, they
build a new one with `model_copy(update=…)` (the `with_…` methods below) and return it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model
from service.registry import Actor
from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.options import DesertRules
from service.systems.desert.rules.clock import TimeOfDay
from service.systems.desert.rules.tokens import TokenColor
from service.systems.desert.wire.consequences import DesertConsequence
from service.systems.desert.wire.memory_logs import DesertMemoryLog
from service.systems.desert.wire.reactions import DesertReaction
from service.systems.desert.wire.security_logs import DesertLogEntry
from service.systems.desert.wire.sheets import DesertApproach, DesertBuildingSheet, DesertCharacter, DesertDistrict, DesertSection

IdKind = Literal["log", "entry", "memory", "consequence"]


class DistrictAt(Model):
    district: str


class SectionAt(Model):
    building: str
    section: int


Location = DistrictAt | SectionAt
Place = DesertBuildingSheet | DesertDistrict


class Stay(Model):
    """A character's stay in one building: the sections rolled for, and whether an encounter took place."""

    building: str
    rolled_sections: tuple[int, ...] = ()
    encounter_happened: bool = False


class Character(Model):
    id: str
    name: str
    hacker: bool = False
    approach: DesertApproach | None = None
    location: Location | None = None
    security_log: str | None = None
    stay: Stay | None = None
    district_rolls: dict[str, int] = Field(default_factory=dict)  # district → the day of its last roll


class Drawn(Model):
    token: TokenColor
    reaction: DesertReaction | None


class Visit(Model):
    """The building reactions drawn for one character during its current visit to a location."""

    draws: int = 0
    blues: int = 0
    pending: DesertReaction | None = None  # a blue waiting for the table's side
    drawn: tuple[Drawn, ...] = ()


class SecurityLog(Model):
    id: str
    character: str
    location: Location
    location_key: str
    day: int
    time_of_day: TimeOfDay
    compiled: bool = False  # a building reaction was drawn for it
    entries: tuple[DesertLogEntry, ...] = ()


class Counters(Model):
    log: int = 0
    entry: int = 0
    memory: int = 0
    consequence: int = 0


class DesertState(Model):
    rules: DesertRules
    day: int
    time_of_day: TimeOfDay
    held: dict[str, str] = Field(default_factory=dict)
    characters: dict[str, Character] = Field(default_factory=dict)
    buildings: dict[str, DesertBuildingSheet] = Field(default_factory=dict)
    districts: dict[str, DesertDistrict] = Field(default_factory=dict)
    reactions: dict[str, dict[str, Visit]] = Field(default_factory=dict)
    security_logs: dict[str, SecurityLog] = Field(default_factory=dict)
    memory_logs: dict[str, DesertMemoryLog] = Field(default_factory=dict)
    consequences: tuple[DesertConsequence, ...] = ()
    counters: Counters = Field(default_factory=Counters)

    # -- updates: each returns a new state ------------------------------------------------

    def with_next_id(self, kind: IdKind) -> tuple[DesertState, str]:
        count = getattr(self.counters, kind) + 1
        return self.model_copy(update={"counters": self.counters.model_copy(update={kind: count})}), f"{kind}-{count}"

    def with_held(self, seat: str, character_id: str) -> DesertState:
        return self.model_copy(update={"held": {**self.held, seat: character_id}})

    def with_character(self, found: Character) -> DesertState:
        return self.model_copy(update={"characters": {**self.characters, found.id: found}})

    def with_place(self, place: Place) -> DesertState:
        if isinstance(place, DesertDistrict):
            return self.model_copy(update={"districts": {**self.districts, place.id: place}})
        return self.model_copy(update={"buildings": {**self.buildings, place.id: place}})

    def with_visit(self, character_id: str, key: str, visit: Visit) -> DesertState:
        visits = {**self.reactions.get(character_id, {}), key: visit}
        return self.model_copy(update={"reactions": {**self.reactions, character_id: visits}})

    def with_security_log(self, log: SecurityLog) -> DesertState:
        return self.model_copy(update={"security_logs": {**self.security_logs, log.id: log}})

    def with_memory_log(self, memory: DesertMemoryLog) -> DesertState:
        return self.model_copy(update={"memory_logs": {**self.memory_logs, memory.id: memory}})

    def with_consequence(self, card: DesertConsequence) -> DesertState:
        """The card added, or put in place of the card with its id."""
        if any(c.id == card.id for c in self.consequences):
            return self.model_copy(update={"consequences": tuple(card if c.id == card.id else c for c in self.consequences)})
        return self.model_copy(update={"consequences": (*self.consequences, card)})


def new_character(spec: DesertCharacter) -> Character:
    return Character(id=spec.id, name=spec.name, hacker=spec.hacker, approach=spec.approach)


# -- characters and seats ------------------------------------------------------------------


def character(state: DesertState, character_id: str) -> Character:
    found = state.characters.get(character_id)
    if found is None:
        raise refuse(errors.UNKNOWN_CHARACTER, f"no character {character_id!r} at this table")
    return found


def holder_of(state: DesertState, character_id: str) -> str | None:
    return next((seat for seat, held in state.held.items() if held == character_id), None)


def acting_character(state: DesertState, requested: str | None, actor: Actor, *, as_holder: bool) -> Character:
    """The character a request is about: the one named, else the seat's held character.

    With `as_holder`, a character held by another seat may only be played by that seat
    (when the table's `onlyHolderActs` rule is on); unheld characters are anyone's to play.
    """
    if requested is None:
        requested = state.held.get(actor.seat)
        if requested is None:
            raise refuse(errors.NO_HELD_CHARACTER, "this seat holds no character: hold one, or name the character")
    found = character(state, requested)
    holder = holder_of(state, requested)
    if as_holder and state.rules.only_holder_acts and holder is not None and holder != actor.seat:
        raise refuse(errors.NOT_YOUR_CHARACTER, f"{found.name} is held by another seat; only that seat plays them")
    return found


def require_held(state: DesertState, found: Character) -> None:
    if holder_of(state, found.id) is None:
        raise refuse(errors.NOT_HELD, f"{found.name} is not a held character; reactions are to held characters")


# -- locations ------------------------------------------------------------------------------


def location_key(location: Location) -> str:
    if isinstance(location, DistrictAt):
        return f"district:{location.district}"
    return f"building:{location.building}:{location.section}"


def district_of(state: DesertState, district_id: str) -> DesertDistrict:
    found = state.districts.get(district_id)
    if found is None:
        raise refuse(errors.UNKNOWN_DISTRICT, f"no district {district_id!r}")
    return found


def building_of(state: DesertState, building_id: str) -> DesertBuildingSheet:
    found = state.buildings.get(building_id)
    if found is None:
        raise refuse(errors.UNKNOWN_BUILDING, f"no building {building_id!r}")
    return found


def place_of(state: DesertState, location: Location) -> Place:
    """The building or district a location belongs to (whose control and identity count)."""
    if isinstance(location, DistrictAt):
        return district_of(state, location.district)
    return building_of(state, location.building)


def section_of(building: DesertBuildingSheet, number: int) -> DesertSection:
    found = next((s for s in building.sections if s.number == number), None)
    if found is None:
        numbers = ", ".join(str(s.number) for s in building.sections)
        raise refuse(errors.UNKNOWN_SECTION, f"building {building.id!r} has no section {number} (it has {numbers})")
    return found


def current_location(found: Character) -> Location:
    if found.location is None:
        raise refuse(errors.NOT_PLACED, f"{found.name} is nowhere yet: move them to a section or district first")
    return found.location


# -- logs and visits -------------------------------------------------------------------------


def security_log(state: DesertState, log_id: str) -> SecurityLog:
    found = state.security_logs.get(log_id)
    if found is None:
        raise refuse(errors.UNKNOWN_SECURITY_LOG, f"no security log {log_id!r}")
    return found


def log_of(state: DesertState, found: Character) -> SecurityLog:
    """The security log of a character's current location (opened when it moved there)."""
    current_location(found)
    assert found.security_log is not None, "a placed character has a security log"
    return state.security_logs[found.security_log]


def memory_log(state: DesertState, memory_id: str) -> DesertMemoryLog:
    found = state.memory_logs.get(memory_id)
    if found is None:
        raise refuse(errors.UNKNOWN_MEMORY_LOG, f"no memory log {memory_id!r}")
    return found


def visit_of(state: DesertState, found: Character) -> Visit:
    """The reactions drawn for a character during its visit to where it is now (none yet: a new visit)."""
    return state.reactions.get(found.id, {}).get(location_key(current_location(found))) or Visit()
