"""Getting back up: healing, short and long rests, and gaining a level.

Short rest: spend hit dice, each healing its roll plus the Constitution modifier (at
least 1 per die), and recover all RAM. Long rest: all HP, half the maximum hit dice back
(at least one), every program slot and all RAM, one exhaustion level off, Last Breath
ready again. Rests also reset the active chrome cooldowns that run out by then.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from service.frozen import quick_init
from service.systems.ncb.rules.abilities import MAX_LEVEL, modifier, proficiency_bonus, subclass_available
from service.systems.ncb.rules.damage import DEAD, DOWN, Condition, Vitals, vitals_with
from service.systems.ncb.rules.dice import DiceStream
from service.systems.ncb.errors import (
    LONG_REST_NEEDS_HP,
    NO_HIT_DICE,
    REST_WHILE_DYING,
    TARGET_DOWN,
    refuse,
)
from service.systems.ncb.errors import (
    MAX_LEVEL as MAX_LEVEL_CODE,
)
from service.systems.ncb.options import NcbRules

HitDie = Literal[6, 8, 10, 12]


@quick_init
@dataclass(frozen=True, slots=True)
class Healing:
    healed: int
    hp_before: int
    hp_after: int
    max_hp: int
    condition: Condition


@dataclass(frozen=True, slots=True)
class HitDieRoll:
    face: int
    constitution_modifier: int
    healed: int


@dataclass(frozen=True, slots=True)
class ShortRest:
    rolls: tuple[HitDieRoll, ...]
    healing: Healing
    hit_dice_left: int
    ram: int


@dataclass(frozen=True, slots=True)
class LongRest:
    healing: Healing
    hit_dice: int
    hit_dice_regained: int
    exhaustion: int
    ram: int
    last_breath: bool


@quick_init
@dataclass(frozen=True, slots=True)
class LevelUp:
    level: int
    proficiency_bonus: int
    subclass_available: bool
    hp_face: int | None  # the hit die rolled, or None for the fixed average
    constitution_modifier: int
    hp_gain: int
    max_hp: int
    hp: int


def heal(v: Vitals, amount: int) -> tuple[Vitals, Healing]:
    """Any healing above 0 brings a dying or stable character back up, its tallies cleared."""
    hp, condition = healed_to(v, amount)
    if condition == v.condition:
        after = vitals_with(v, hp=hp)
    else:
        after = vitals_with(v, hp=hp, condition=condition, death_successes=0, death_failures=0)
    return after, Healing(hp - v.hp, v.hp, hp, v.max_hp, condition)


def healed_to(v: Vitals, amount: int) -> tuple[int, Condition]:
    """The HP and condition `heal` leaves, without building the character after it or the healing: what
    the odds read for each amount. Healing never passes the maximum; above 0 HP a dying or stable
    character is back up."""
    if v.condition in DEAD:
        raise refuse(TARGET_DOWN, f"the target is {v.condition}; healing cannot bring it back")
    hp = min(v.max_hp, v.hp + max(0, amount))
    return hp, "up" if hp > 0 and v.condition in DOWN else v.condition


def _check_can_rest(v: Vitals) -> None:
    if v.condition in DEAD:
        raise refuse(TARGET_DOWN, f"the character is {v.condition}; it does not rest")
    if v.condition == "dying":
        raise refuse(REST_WHILE_DYING, "a dying character must be stabilized before it can rest")


def require_rest(v: Vitals, *, spend: int, hit_dice: int) -> None:
    """A short rest needs a character alive and not dying, and the hit dice it spends."""
    _check_can_rest(v)
    if spend > hit_dice:
        raise refuse(NO_HIT_DICE, f"spending {spend} hit dice, but only {hit_dice} are left")


def hit_die_healing(face: int, constitution_modifier: int) -> int:
    """What one hit die spent on a short rest heals: its face + the Constitution modifier, at least 1."""
    return max(1, face + constitution_modifier)


def short_rest(
    v: Vitals, *, spend: int, hit_dice: int, hit_die: HitDie, constitution: int, ram_max: int, stream: DiceStream
) -> tuple[Vitals, ShortRest]:
    require_rest(v, spend=spend, hit_dice=hit_dice)
    con = modifier(constitution)
    rolls = []
    for _ in range(spend):
        face = stream.roll(hit_die)
        rolls.append(HitDieRoll(face, con, hit_die_healing(face, con)))
    after, healing = heal(v, sum(r.healed for r in rolls))
    return after, ShortRest(tuple(rolls), healing, hit_dice - spend, ram_max)


def long_rest(v: Vitals, *, hit_dice: int, hit_dice_max: int, ram_max: int, rules: NcbRules) -> tuple[Vitals, LongRest]:
    _check_can_rest(v)
    if rules.long_rest_needs_hp and v.hp < 1:
        raise refuse(LONG_REST_NEEDS_HP, "a long rest needs at least 1 HP at its start; heal or spend hit dice first")
    regained = min(hit_dice_max - hit_dice, max(1, hit_dice_max // 2))
    after, healing = heal(v, v.max_hp)
    level = max(0, v.exhaustion - 1)
    after = vitals_with(after, exhaustion=level, last_breath=True)
    return after, LongRest(healing, hit_dice + regained, regained, level, ram_max, True)


def level_up(
    *,
    level: int,
    hp: int,
    max_hp: int,
    hit_die: HitDie,
    constitution: int,
    method: Literal["average", "roll"],
    stream: DiceStream,
) -> LevelUp:
    """One level more: 5e's hit points (the die's average rounded up, or a roll) + CON, at least 1."""
    _require_below_max(level)
    face = stream.roll(hit_die) if method == "roll" else None
    return read_level_up(face, level=level, hp=hp, max_hp=max_hp, hit_die=hit_die, constitution=constitution)


def read_level_up(face: int | None, *, level: int, hp: int, max_hp: int, hit_die: HitDie, constitution: int) -> LevelUp:
    """The level once its hit die showed `face` (None: the fixed average taken, nothing rolled): all the
    level-up does after its roll, so the odds read each face once through it."""
    _require_below_max(level)
    new_level = level + 1
    con = modifier(constitution)
    gain = max(1, (face if face is not None else hit_die // 2 + 1) + con)
    return LevelUp(
        new_level,
        proficiency_bonus(new_level),
        subclass_available(new_level),
        face,
        con,
        gain,
        max_hp + gain,
        hp + gain,
    )


def _require_below_max(level: int) -> None:
    if level >= MAX_LEVEL:
        raise refuse(MAX_LEVEL_CODE, f"level {MAX_LEVEL} is the highest a character can reach")
