"""Pools: Insight, Moxie, Vigor and Flex — which tests each may touch, what a point buys,
and how spent points come back (short and long recharges)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from service.dice.stream import Stream
from service.model import Model
from service.systems.eclipse import errors
from service.systems.eclipse.rules.d100 import Result, downgraded, flip_flop, rejudge, upgraded

Pool = Literal["insight", "moxie", "vigor", "flex"]
Aptitude = Literal["cog", "int", "ref", "sav", "som", "wil"]
TestKind = Literal["skill", "aptitude-check", "rep", "infection"]
TestUse = Literal["plus-twenty", "ignore-modifiers", "flip-flop", "upgrade", "downgrade-critical-failure"]
SpecialUse = Literal[
    "take-initiative",
    "extra-action",
    "acquire-clue",
    "ignore-trauma",
    "ignore-wound",
    "refresh-rep",
    "control-infection",
    "negate-gaffe",
    "introduce-npc",
    "introduce-item",
    "define-environment",
    "define-relationship",
]

POOLS: tuple[Pool, ...] = ("insight", "moxie", "vigor", "flex")
RECHARGE_DIE = 6  # a short recharge restores 1d6 points; a long one rolls nothing
LINKED_APTITUDES: Mapping[str, frozenset[str]] = {
    "insight": frozenset({"cog", "int"}),
    "moxie": frozenset({"sav", "wil"}),
    "vigor": frozenset({"ref", "som"}),
}
MOXIE_TESTS = frozenset({"rep", "infection"})  # Moxie also serves rep and infection tests
BEFORE_ROLL = frozenset({"plus-twenty", "ignore-modifiers"})
AFTER_ROLL = frozenset({"flip-flop", "upgrade", "downgrade-critical-failure"})
PLUS_TWENTY = 20
ONGOING_BONUS = {1: 5, 2: 10}  # points → bonus to skill tests linked to one aptitude

# Each special use: the pools that offer it, and what it does when bought from each of them.
SPECIAL: Mapping[str, Mapping[str, str]] = {
    "take-initiative": {
        "insight": "acts first in this action turn, taking only mental or mesh actions (no physical movement)",
        "vigor": "acts first in this action turn",
    },
    "extra-action": {
        "insight": "one extra mental or mesh complex action (or two quick ones) this action turn",
        "vigor": "one extra physical complex action (or two quick ones) this action turn",
    },
    "acquire-clue": {
        "insight": "gains a clue without a test, by investigation, research or analysis",
        "moxie": "gains a clue without a test, by gathering it socially",
    },
    "ignore-trauma": {"moxie": "ignores the effects of one trauma for 24 hours"},
    "ignore-wound": {"vigor": "ignores the effects of one wound for 24 hours"},
    "refresh-rep": {"moxie": "restores one used Minor (1 point) or Moderate (2 points) favor in a network"},
    "control-infection": {"moxie": "skips the Infection test for one psi sleight (asyncs only)"},
    "negate-gaffe": {"moxie": "ignores one social gaffe the character would not make"},
    "introduce-npc": {"flex": "brings a plausible NPC into the scene and defines one aspect of it"},
    "introduce-item": {"flex": "a plausible, non-offensive item of Minor complexity turns up"},
    "define-environment": {"flex": "adds a plausible environmental detail that does not upend the scene"},
    "define-relationship": {"flex": "adds a plausible, light relationship with an existing NPC"},
}
REFRESH_COST = {"minor": 1, "moderate": 2}  # Major favors cannot be refreshed


class PoolLevel(Model):
    """A pool's points now and its maximum."""

    current: int
    max: int


class Level(Protocol):
    """A pool's points now and its maximum, whatever holds them (a stored `PoolLevel`, a request's levels):
    all a recharge reads."""

    @property
    def current(self) -> int: ...

    @property
    def max(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Spend:
    pool: str
    use: str


def check_test_spends(spends: Sequence[Spend], *, aptitude: str | None, kind: str, per_test: int) -> None:
    """Refuse, before rolling, pool points a test may not take."""
    if len(spends) > per_test:
        raise errors.refuse(
            errors.TOO_MANY_POOL_POINTS,
            f"a test takes at most {per_test} pool point(s); {len(spends)} were offered",
        )
    for spend in spends:
        check_linked(spend.pool, aptitude=aptitude, kind=kind)


def check_linked(pool: str, *, aptitude: str | None, kind: str) -> None:
    if pool == "flex":
        return
    if pool == "moxie" and kind in MOXIE_TESTS:
        return
    if aptitude is None:
        raise errors.refuse(
            errors.POOL_NOT_LINKED,
            f"{pool} only serves tests linked to {'/'.join(sorted(LINKED_APTITUDES[pool])).upper()}: say which aptitude the test is linked to",
        )
    if aptitude not in LINKED_APTITUDES[pool]:
        raise errors.refuse(
            errors.POOL_NOT_LINKED,
            f"{pool} is linked to {'/'.join(sorted(LINKED_APTITUDES[pool])).upper()}, not to a {aptitude.upper()} test; use Flex",
        )


def after_roll(result: Result, use: str, *, critical_replaces_superior: bool) -> Result | None:
    """The result an after-roll point would make, or None when that use does not apply."""
    if use == "flip-flop":
        flipped = flip_flop(result.roll)
        return None if flipped == result.roll else rejudge(result, flipped, critical_replaces_superior=critical_replaces_superior)
    if use == "upgrade":
        return upgraded(result, critical_replaces_superior=critical_replaces_superior)
    if use == "downgrade-critical-failure":
        return downgraded(result)
    return None


def special_cost(pool: str, use: str, favor: str | None = None) -> int:
    """Points a special use costs from this pool; refuses a pool that does not offer the use."""
    pools = SPECIAL[use]
    if pool not in pools:
        offered = " or ".join(sorted(pools))
        raise errors.refuse(errors.POOL_NOT_LINKED, f"{use} is a {offered} use, not a {pool} one")
    if use == "refresh-rep":
        if favor not in REFRESH_COST:
            raise errors.refuse(errors.FAVOR_REFRESH, "only Minor (1 point) or Moderate (2 points) favors can be refreshed")
        return REFRESH_COST[favor]
    return 1


def special_effect(pool: str, use: str) -> str:
    """What a special use does when bought from this pool (the pool must offer it: see `special_cost`)."""
    return SPECIAL[use][pool]


def ongoing_bonus(pool: str, aptitude: str, points: int) -> int:
    """The +5 / +10 a pool grants to every skill test linked to one of its aptitudes."""
    if pool not in LINKED_APTITUDES:
        raise errors.refuse(errors.POOL_NOT_LINKED, "only Insight, Moxie and Vigor have an ongoing use")
    if aptitude not in LINKED_APTITUDES[pool]:
        raise errors.refuse(
            errors.POOL_NOT_LINKED, f"{pool} is not linked to {aptitude.upper()}"
        )
    return ONGOING_BONUS[points]


def spend(pools: Mapping[str, PoolLevel], pool: str, points: int) -> dict[str, PoolLevel]:
    """Pools after spending; refuses to spend more than the pool holds."""
    current = pools[pool].current
    if points > current:
        raise errors.refuse(errors.POOL_EMPTY, f"{pool} holds {current} point(s); {points} needed", pool=pool)
    return {**pools, pool: pools[pool].model_copy(update={"current": current - points})}


@dataclass(frozen=True, slots=True)
class Recharge:
    pools: dict[str, PoolLevel]
    restored: dict[str, int]
    lost: int  # recovered points with nowhere to go


def handed_out(pools: Mapping[str, Level], points: int, allocation: Sequence[tuple[str, int]]) -> tuple[dict[str, int], int]:
    """The points each pool gets from `points` along the caller's (pool, at most) list, never past a pool's
    maximum, and the points nobody can take.

    Each entry takes what it can up to its own limit, then the next entry; points nobody
    can take are lost, as the rules say.
    """
    restored = dict.fromkeys(pools, 0)
    left = points
    for name, up_to in allocation:
        level = pools[name]
        room = level.max - level.current - restored[name]  # what it had room for, less what it was given already
        given = max(0, min(left, room, up_to))
        restored[name] += given
        left -= given
    return restored, left


def short_recharge(pools: Mapping[str, Level], points: int, allocation: Sequence[tuple[str, int]]) -> Recharge:
    """Hand out `points` (`handed_out`); points nobody can take are lost."""
    restored, left = handed_out(pools, points, allocation)
    new = {name: PoolLevel(current=level.current + restored[name], max=level.max) for name, level in pools.items()}
    return Recharge(new, restored, left)


def roll_recharge(stream: Stream, kind: str, pools: Mapping[str, Level], allocation: Sequence[tuple[str, int]]) -> tuple[int | None, Recharge]:
    """A short recharge rolls 1d6 and hands the points out; a long one refills every pool (no roll)."""
    if kind == "short":
        rolled = stream.roll(RECHARGE_DIE)
        return rolled, short_recharge(pools, rolled, allocation)
    return None, long_recharge(pools)


def long_recharge(pools: Mapping[str, Level]) -> Recharge:
    restored = {name: level.max - level.current for name, level in pools.items()}
    new = {name: PoolLevel(current=level.max, max=level.max) for name, level in pools.items()}
    return Recharge(new, restored, 0)
