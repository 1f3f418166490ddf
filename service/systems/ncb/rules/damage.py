"""Damage has a body: armor reduction, then lethality, then Last Breath or dying.

The order is the text's. Reduction comes first (physical weapon damage only, never below
1, never on critical-hit damage), and only then is the hit measured against the target's
maximum HP: at least the maximum flatlines, at least double annihilates, with no saves and
no Last Breath. An Overkill weapon that brings a standing target to 0 annihilates it, the
hit massive or not. A hit that merely brings the target to 0 kills outright when it is a
critical (finishing blow). Otherwise the target is dying (an NC flatlined, by default) and,
when its Last Breath is ready, the outcome offers it: the player's choice, taken with the
hit's `use_last_breath` or afterwards (see `last_breath`), never spent unasked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import partial
from typing import Any, Literal

from service.frozen import quick_init
from service.systems.ncb.rules import last_breath
from service.systems.ncb.errors import TARGET_DOWN, refuse
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.weapons import Weapon

Armor = Literal["none", "light", "medium", "heavy"]
Condition = Literal["up", "dying", "stable", "flatlined", "annihilated"]
DamageKind = Literal["physical", "program", "environmental"]
Result = Literal["unharmed", "hurt", "last-breath", "dying", "flatlined", "annihilated"]
Cause = Literal[
    "massive-damage", "finishing-blow", "overkill-weapon", "death-saves", "bleeding-out", "exhaustion", "nc-at-zero-hp"
]

ARMOR_REDUCTION: dict[str, int] = {"none": 0, "light": 1, "medium": 2, "heavy": 3}
DEAD: tuple[str, ...] = ("flatlined", "annihilated")
DOWN: tuple[str, ...] = ("dying", "stable")  # at 0 HP and unconscious
FAILURES_TO_FLATLINE = 3


def damage_reduction(armor: Armor, plating: int, cap: int, chrome: int = 0) -> int:
    """Armor's value, raised by tech plating (and plating chrome) up to the cap."""
    return min(cap, ARMOR_REDUCTION[armor] + plating + chrome)


@quick_init
@dataclass(frozen=True, slots=True)
class Vitals:
    """What damage and dying need to know about a combatant."""

    hp: int
    max_hp: int
    condition: Condition = "up"
    damage_reduction: int = 0
    death_successes: int = 0
    death_failures: int = 0
    last_breath: bool = False  # available now
    last_breath_offered: bool = False  # the hit just applied dropped it to 0 and Last Breath could save it
    exhaustion: int = 0
    nc: bool = False
    helpless: bool = False


@quick_init
@dataclass(frozen=True, slots=True)
class Hit:
    amount: int  # as rolled, before reduction
    kind: DamageKind = "physical"
    critical: bool = False
    overkill: bool = False  # from an Overkill weapon
    use_last_breath: bool = False  # the target's player takes Last Breath if this hit would drop it


@quick_init
@dataclass(frozen=True, slots=True)
class DamageOutcome:
    kind: DamageKind
    raw: int
    damage_reduction: int
    reduction_applied: bool
    dealt: int
    massive: bool
    hp_before: int
    hp_after: int
    max_hp: int
    condition: Condition
    result: Result
    cause: Cause | None
    last_breath_used: bool
    last_breath_offered: bool
    exhaustion: int
    death_successes: int
    death_failures: int


def weapon_hit(total: int, weapon: Weapon, critical: bool, use_last_breath: bool) -> Hit:
    """What a weapon's rolled damage does: physical, critical or not, Overkill if the weapon has it."""
    return Hit(total, "physical", critical, weapon.overkill, use_last_breath)


def hit_like(amount: int, like: Hit) -> Hit:
    """A hit of `amount`, like `like` in every other way (`dataclasses.replace` without its generic checks:
    the odds make one per amount they apply)."""
    return Hit(amount, like.kind, like.critical, like.overkill, like.use_last_breath)


def reduction_applies(v: Vitals, hit: Hit, rules: NcbRules) -> bool:
    if hit.kind != "physical" or v.damage_reduction <= 0:
        return False
    if hit.critical and (rules.crit_ignores_reduction == "always" or v.helpless):
        return False
    return True


def _outcome(
    v: Vitals, after: Vitals, hit: Hit, applied: bool, dealt: int, result: Result, cause: Cause | None
) -> DamageOutcome:
    return DamageOutcome(  # positionally, in the order of its fields: built once per total the odds apply
        hit.kind,
        hit.amount,
        v.damage_reduction,
        applied,
        dealt,
        dealt >= v.max_hp,  # massive
        v.hp,
        after.hp,
        v.max_hp,
        after.condition,
        result,
        cause,
        v.last_breath and not after.last_breath,  # Last Breath used
        after.last_breath_offered,
        after.exhaustion,
        after.death_successes,
        after.death_failures,
    )


_VITALS = frozenset(f.name for f in fields(Vitals))


def vitals_with(v: Vitals, **changes: Any) -> Vitals:
    """`dataclasses.replace` for Vitals (every field set by `__init__`), without its generic checks: each
    field read from `changes` or else from `v`, and the Vitals built positionally. The odds apply damage
    and read saves many times per request."""
    if not _VITALS.issuperset(changes):
        raise TypeError(f"Vitals has no field {sorted(set(changes) - _VITALS)}")
    get = changes.get
    return Vitals(
        get("hp", v.hp),
        get("max_hp", v.max_hp),
        get("condition", v.condition),
        get("damage_reduction", v.damage_reduction),
        get("death_successes", v.death_successes),
        get("death_failures", v.death_failures),
        get("last_breath", v.last_breath),
        get("last_breath_offered", v.last_breath_offered),
        get("exhaustion", v.exhaustion),
        get("nc", v.nc),
        get("helpless", v.helpless),
    )


def _killed(v: Vitals, condition: Literal["flatlined", "annihilated"]) -> Vitals:
    return vitals_with(v, hp=0, condition=condition)


def apply_damage(v: Vitals, hit: Hit, rules: NcbRules) -> tuple[Vitals, DamageOutcome]:
    met, applied, dealt, result, cause, left = judge_damage(v, hit, rules)
    after = left()
    return after, _outcome(met, after, hit, applied, dealt, result, cause)


def damage_dealt(v: Vitals, hit: Hit, rules: NcbRules) -> tuple[int, Result]:
    """The damage `hit` deals `v` and its result, as `apply_damage` finds them, without building the
    target after the hit or the outcome: what the odds read for every amount they weigh."""
    _, _, dealt, result, _, _ = judge_damage(v, hit, rules)
    return dealt, result


# How a hit leaves the target, built only when asked for (`apply_damage` asks; the odds do not).
Left = Callable[[], Vitals]


def judge_damage(v: Vitals, hit: Hit, rules: NcbRules) -> tuple[Vitals, bool, int, Result, Cause | None, Left]:
    """What `hit` does to `v`: the target as the hit meets it (an earlier Last Breath offer closed),
    whether reduction applied, the damage dealt, the result and its cause, and how the target is left."""
    if v.condition in DEAD:
        raise refuse(TARGET_DOWN, f"the target is already {v.condition}; nothing is left to hurt")
    if v.last_breath_offered:
        v = vitals_with(v, last_breath_offered=False)  # a new hit closes any earlier offer
    met = v
    applied = reduction_applies(met, hit, rules)
    dealt = max(1, hit.amount - met.damage_reduction) if applied and hit.amount > 0 else hit.amount
    if dealt <= 0:
        return met, applied, dealt, "unharmed", None, lambda: met
    # Massive damage is measured after reduction, before anything can save the target.
    if dealt >= 2 * met.max_hp:
        return met, applied, dealt, "annihilated", "massive-damage", partial(_killed, met, "annihilated")
    if dealt >= met.max_hp:
        if hit.overkill and met.hp > 0:
            # An Overkill weapon annihilates whatever it brings to 0, a massive hit included.
            return met, applied, dealt, "annihilated", "overkill-weapon", partial(_killed, met, "annihilated")
        return met, applied, dealt, "flatlined", "massive-damage", partial(_killed, met, "flatlined")
    if met.condition in DOWN:
        return (met, applied, dealt, *_hurt_while_down(met, hit, rules))
    left = met.hp - dealt
    if left > 0:
        return met, applied, dealt, "hurt", None, partial(vitals_with, met, hp=left)
    if hit.overkill:
        return met, applied, dealt, "annihilated", "overkill-weapon", partial(_killed, met, "annihilated")
    if hit.critical:
        return met, applied, dealt, "flatlined", "finishing-blow", partial(_killed, met, "flatlined")
    if met.last_breath and hit.use_last_breath:
        after, taken = last_breath.take(met, rules)
        return met, applied, dealt, taken.result, taken.cause, lambda: after
    if met.nc and rules.nc_at_zero_hp == "flatlined":
        return met, applied, dealt, "flatlined", "nc-at-zero-hp", partial(_killed, met, "flatlined")
    # Last Breath is the character's choice: the answer offers it and nothing spends it unasked.
    return met, applied, dealt, "dying", None, partial(_dropped, met)


def _dropped(v: Vitals) -> Vitals:
    """Down at 0 HP and dying with fresh tallies, offered Last Breath when it is ready."""
    dropped = vitals_with(v, hp=0, condition="dying", death_successes=0, death_failures=0)
    return vitals_with(dropped, last_breath_offered=v.last_breath)


def _hurt_while_down(v: Vitals, hit: Hit, rules: NcbRules) -> tuple[Result, Cause | None, Left]:
    """At 0 HP a hit is a failed death save (two on a critical) - or a finishing blow, if so configured."""
    if hit.critical and rules.crit_on_dying == "flatline":
        return "flatlined", "finishing-blow", partial(_killed, v, "flatlined")
    # A stable character hit again starts dying afresh: its tallies were reset when it stabilized.
    successes = v.death_successes if v.condition == "dying" else 0
    failures = (v.death_failures if v.condition == "dying" else 0) + (2 if hit.critical else 1)
    if failures >= FAILURES_TO_FLATLINE:
        return "flatlined", "death-saves", lambda: _killed(vitals_with(v, death_failures=FAILURES_TO_FLATLINE), "flatlined")
    return "dying", None, partial(vitals_with, v, condition="dying", death_successes=successes, death_failures=failures)
