"""Programs and quickhacks: the save DC, paying RAM and slots, the target's save.

Save DC = 8 + proficiency + the program ability's modifier + chrome bonuses. A tier-0
quickhack is at-will and costs nothing. A tier 1+ program costs its RAM and, unless it
says otherwise, one unused program slot of its tier or higher (the lowest that is free,
or the one asked for). Against the DC the target rolls a d20 save; a program's damage is
program damage, which armor reduction never touches.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from service.dice.notation import RollResult
from service.systems.ncb.rules import exhaustion
from service.systems.ncb.rules.d20 import D20Roll, D20Test, RollMode
from service.systems.ncb.rules.dice import DiceStream, roll_formula
from service.systems.ncb.errors import NO_PROGRAM_SLOT, NOT_ENOUGH_RAM, QUICKHACK_IS_FREE, SLOT_BELOW_TIER, refuse
from service.systems.ncb.options import NcbRules

BASE_DC = 8


@dataclass(frozen=True, slots=True)
class ProgramSlot:
    tier: int
    total: int
    used: int = 0


@dataclass(frozen=True, slots=True)
class Program:
    name: str
    tier: int = 0
    ram_cost: int = 0
    uses_slot: bool = True  # tier 1+ only
    damage_dice: str | None = None
    on_save: Literal["half", "none"] = "half"


@dataclass(frozen=True, slots=True)
class Payment:
    ram_spent: int
    ram_left: int
    slot_tier: int | None
    slots: tuple[ProgramSlot, ...]


@dataclass(frozen=True, slots=True)
class ProgramRun:
    save_dc: int
    save: D20Roll | None
    saved: bool | None
    damage_roll: RollResult | None  # its wire form is `to_dict()`
    damage: int  # after the save's halving


def save_dc(proficiency: int, ability_modifier: int, chrome_bonus: int = 0) -> int:
    return BASE_DC + proficiency + ability_modifier + chrome_bonus


def pay(program: Program, *, ram: int, slots: tuple[ProgramSlot, ...], slot_tier: int | None = None) -> Payment:
    if program.tier == 0:
        if program.ram_cost:
            raise refuse(
                QUICKHACK_IS_FREE, f"{program.name} is a tier-0 quickhack: at-will, it costs no RAM"
            )
        return Payment(0, ram, None, slots)
    if program.ram_cost > ram:
        raise refuse(NOT_ENOUGH_RAM, f"{program.name} needs {program.ram_cost} RAM and {ram} is left")
    chosen: int | None = None
    if program.uses_slot:
        if slot_tier is not None and slot_tier < program.tier:
            raise refuse(
                SLOT_BELOW_TIER, f"a tier-{program.tier} program cannot run from a tier-{slot_tier} slot"
            )
        wanted = [slot_tier] if slot_tier is not None else range(program.tier, 10)
        free = {s.tier for s in slots if s.used < s.total}
        chosen = next((t for t in wanted if t in free), None)
        if chosen is None:
            where = f"tier {slot_tier}" if slot_tier is not None else f"tier {program.tier} or higher"
            raise refuse(NO_PROGRAM_SLOT, f"{program.name} needs an unused program slot of {where}; none is left")
        slots = tuple(replace(s, used=s.used + 1) if s.tier == chosen else s for s in slots)
    return Payment(program.ram_cost, ram - program.ram_cost, chosen, slots)


def roll_save(
    stream: DiceStream, rules: NcbRules, *, dc: int, save_modifier: int | None, save_exhaustion: int = 0, mode: RollMode = "normal"
) -> D20Roll | None:
    """The target's save against the DC, or None when the program allows none."""
    test = save_test(rules, dc=dc, save_modifier=save_modifier, save_exhaustion=save_exhaustion, mode=mode)
    return None if test is None else test.roll(stream)


def save_test(
    rules: NcbRules, *, dc: int, save_modifier: int | None, save_exhaustion: int = 0, mode: RollMode = "normal"
) -> D20Test | None:
    """The save set up before its roll (what `roll_save` rolls and the odds read), or None when the program allows none."""
    if save_modifier is None:
        return None
    bonus = save_modifier - exhaustion.d20_penalty(save_exhaustion, rules)
    return D20Test(bonus, dc, mode, rules.dv_ties_succeed)


def rolls_damage(program: Program, saved: bool | None) -> bool:
    """A program with damage dice rolls them unless a save negates them (`on_save: none`)."""
    return program.damage_dice is not None and not (saved and program.on_save == "none")


def damage_after_save(total: int, saved: bool | None) -> int:
    """The rolled total (never below 0), halved (rounded down) by a successful save."""
    damage = max(0, total)
    return damage // 2 if saved else damage


def run(
    program: Program,
    stream: DiceStream,
    rules: NcbRules,
    *,
    dc: int,
    save_modifier: int | None,
    save_exhaustion: int = 0,
    mode: RollMode = "normal",
) -> ProgramRun:
    """The target's save (when the program allows one), then the program's damage."""
    save = roll_save(stream, rules, dc=dc, save_modifier=save_modifier, save_exhaustion=save_exhaustion, mode=mode)
    saved = None if save is None else save.success
    damage_roll, damage = None, 0
    if program.damage_dice is not None and rolls_damage(program, saved):
        rolled = roll_formula(program.damage_dice, stream)
        damage_roll, damage = rolled, damage_after_save(rolled.total, saved)
    return ProgramRun(dc, save, saved, damage_roll, damage)
