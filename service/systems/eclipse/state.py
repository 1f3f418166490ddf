"""The session's state: one typed model of the table, its lookups, and `with_…` updates.

Immutable by convention: nothing here or in the moves changes a value in place; an update
returns a new value built with `model_copy(update=…)`. The stored JSON keeps the camelCase
keys the table has always had (the models' aliases).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from pydantic import Field

from service.model import Model
from service.registry import Actor
from service.systems.eclipse import errors
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.clock import Clock, RechargeStart
from service.systems.eclipse.rules.hacking import Method, Privileges, Status
from service.systems.eclipse.rules.pools import PoolLevel
from service.systems.eclipse.wire.combat import EclipseActionRecord, EclipseInitiativeSlot
from service.systems.eclipse.wire.common import EclipsePools, EclipsePoolValue

Condition = Literal["active", "incapacitated", "dead"]


class Skill(Model):
    name: str
    rating: int
    aptitude: str
    category: str | None
    specialization: str | None


class Standing(Model):
    """A character's score in one rep network and the favors used against its limits."""

    score: int
    minor_this_week: int = 0
    moderate_this_week: int = 0
    major_this_arc: int = 0

    def used(self, favor: str) -> int:
        """Favors of this size used against their limit (this week, or this story arc for Major ones)."""
        return int(getattr(self, _USED[favor]))

    def with_used(self, favor: str, used: int) -> Standing:
        return self.model_copy(update={_USED[favor]: used})


_USED = {"minor": "minor_this_week", "moderate": "moderate_this_week", "major": "major_this_arc"}


class Armor(Model):
    energy: int = 0
    kinetic: int = 0


class Ongoing(Model):
    """An ongoing pool bonus on the skill tests linked to one aptitude."""

    pool: str
    aptitude: str
    bonus: int


class Recharges(Model):
    """Recharges started in the last 24 hours of the table's clock."""

    short: int = 0
    long: int = 0


class KeptTest(Model):
    """What is kept of a character's test, so a pool point can still change it."""

    id: str
    roll: int
    target: int
    success: bool
    critical: bool
    superior: int
    defaulting: bool
    critical_ignored: bool
    replaced: int
    aptitude: str | None
    kind: str
    points: int


class Character(Model):
    id: str
    name: str
    player: str | None
    aptitudes: dict[str, int]
    skills: dict[str, Skill]  # by skill key (`skills.key`)
    pools: dict[str, PoolLevel]
    rep: dict[str, Standing]  # by network
    armor: Armor
    durability: int
    wound_threshold: int
    death_rating: int
    synthetic: bool
    flat: bool
    initiative: int
    damage: int
    wounds: int
    traumas: int
    condition: Condition
    ignored_wounds: int = 0
    ignored_traumas: int = 0
    ongoing: tuple[Ongoing, ...] = ()
    next_test_modifier: int = 0
    recharges: Recharges = Field(default_factory=Recharges)
    recharge_log: tuple[RechargeStart, ...] = ()
    tests: tuple[KeptTest, ...] = ()
    last_test: KeptTest | None = None

    @property
    def pools_wire(self) -> EclipsePools:
        return pools_wire(self.pools)

    def with_pools(self, pools: Mapping[str, PoolLevel]) -> Character:
        return self.model_copy(update={"pools": dict(pools)})


class Combat(Model):
    """The running combat: the initiative order and this action turn's record."""

    turn: int
    order: tuple[EclipseInitiativeSlot, ...]
    actions: dict[str, tuple[EclipseActionRecord, ...]] = {}
    extras: dict[str, tuple[str, ...]] = {}  # extra actions granted this turn, by kind
    first: tuple[str, ...] = ()  # took the initiative with a pool point
    mental_only: tuple[str, ...] = ()  # took it with Insight: mental or mesh actions only
    lost: tuple[str, ...] = ()  # sit this turn out (a critical failure last turn)
    lose_next: tuple[str, ...] = ()
    finished: tuple[str, ...] = ()

    def in_order(self, cid: str) -> bool:
        return any(slot.name == cid for slot in self.order)


class Intrusion(Model):
    id: str
    hacker: str
    system: str | None
    firewall: int
    method: Method
    privileges: Privileges
    status: Status


class EclipseState(Model):
    rules: EclipseRules
    clock: Clock = Field(default_factory=Clock)
    characters: dict[str, Character] = {}
    combat: Combat | None = None
    intrusions: dict[str, Intrusion] = {}
    next_intrusion: int = 1
    next_test: int = 1

    def character(self, cid: str) -> Character:
        found = self.characters.get(cid)
        if found is None:
            raise errors.refuse(errors.UNKNOWN_CHARACTER, f"no character {cid!r} at this table", character=cid)
        return found

    def running_combat(self) -> Combat:
        if self.combat is None:
            raise errors.refuse(errors.NOT_IN_COMBAT, "no combat is running: roll initiative first")
        return self.combat

    def with_character(self, char: Character) -> EclipseState:
        return self.model_copy(update={"characters": {**self.characters, char.id: char}})

    def with_characters(self, *chars: Character) -> EclipseState:
        return self.model_copy(update={"characters": {**self.characters, **{c.id: c for c in chars}}})

    def with_combat(self, combat: Combat | None) -> EclipseState:
        return self.model_copy(update={"combat": combat})


def in_order(combat: Combat, cid: str) -> None:
    if not combat.in_order(cid):
        raise errors.refuse(errors.NOT_IN_COMBAT, f"{cid} is not in the initiative order")


def control(actor: Actor, char: Character) -> None:
    """The GM runs every character; a player runs only the characters marked as theirs."""
    if actor.role == "gm":
        return
    if char.player != actor.name:
        raise errors.refuse(errors.NOT_YOUR_CHARACTER, f"{char.id} is not run by seat {actor.name!r}", character=char.id)


def gm_only(actor: Actor, what: str) -> None:
    if actor.role != "gm":
        raise errors.refuse(errors.GM_ONLY, f"only the GM may {what}")


def pools_wire(pools: Mapping[str, PoolLevel]) -> EclipsePools:
    """Pools as a result shows them."""
    def value(pool: str) -> EclipsePoolValue:
        return EclipsePoolValue.model_construct(current=pools[pool].current, max=pools[pool].max)

    return EclipsePools.model_construct(insight=value("insight"), moxie=value("moxie"), vigor=value("vigor"), flex=value("flex"))
