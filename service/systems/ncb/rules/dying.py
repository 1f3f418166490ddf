"""Dying at 0 HP: death saves, bleeding out, and being stabilized.

A death save is a d20 against a DV (default 10, 5e): three successes stabilize, three
failures flatline, a natural 1 counts as two failures and a natural 20 brings the
character back at 1 HP (5e default). While dying a character also bleeds out: one death
save fails on its own at the end of each of its turns, until someone stabilizes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from service.frozen import quick_init
from service.systems.ncb.rules import exhaustion
from service.systems.ncb.rules.d20 import D20Roll, D20Test, Outcome, RollMode, judge, roll_d20
from service.systems.ncb.rules.damage import FAILURES_TO_FLATLINE, Condition, Vitals, vitals_with
from service.systems.ncb.rules.dice import DiceStream
from service.systems.ncb.errors import NOT_DYING, refuse
from service.systems.ncb.options import NcbRules

SUCCESSES_TO_STABILIZE = 3
DeathSaveResult = Literal["success", "failure", "stabilized", "revived", "flatlined"]
StabilizeMethod = Literal["medicine", "med-patch", "help"]


@quick_init
@dataclass(frozen=True, slots=True)
class DeathSave:
    roll: D20Roll
    successes: int  # tallies after this save (3 when it stabilized or flatlined)
    failures: int
    result: DeathSaveResult
    condition: Condition
    hp: int


@quick_init
@dataclass(frozen=True, slots=True)
class Bleeding:
    failures: int
    result: Literal["failure", "flatlined"]
    condition: Condition


@quick_init
@dataclass(frozen=True, slots=True)
class Stabilizing:
    method: StabilizeMethod
    roll: D20Roll | None  # only a Medicine check rolls
    stabilized: bool
    condition: Condition


def require_dying(v: Vitals, what: str) -> None:
    if v.condition != "dying":
        raise refuse(NOT_DYING, f"{what} needs a dying character; this one is {v.condition}")


def death_save(
    v: Vitals, stream: DiceStream, rules: NcbRules, *, modifier: int = 0, mode: RollMode = "normal"
) -> tuple[Vitals, DeathSave]:
    require_dying(v, "a death save")
    faces, natural = roll_d20(stream, mode)
    return read_death_save(v, faces, natural, rules, modifier=modifier, mode=mode)


def read_death_save(
    v: Vitals, faces: tuple[int, ...], natural: int, rules: NcbRules, *, modifier: int = 0, mode: RollMode = "normal"
) -> tuple[Vitals, DeathSave]:
    """A death save whose d20 showed `faces`, `natural` the one that counts: all it does reads the natural
    (the faces are only recorded), so the odds read the naturals through its parts (`tally_death_save`,
    `vitals_after_save`)."""
    require_dying(v, "a death save")
    bonus, total, passed, outcome = _judged(v, natural, rules, modifier)
    roll = D20Roll(faces, natural, mode, bonus, total, rules.death_save_dv, passed, outcome)
    result, successes, failures = _tallied(v, natural, passed, rules)
    after = vitals_after_save(v, result, successes, failures)
    return after, DeathSave(roll, successes, failures, result, after.condition, after.hp)


def tally_death_save(v: Vitals, natural: int, rules: NcbRules, *, modifier: int = 0) -> tuple[DeathSaveResult, int, int]:
    """A save's result and the successes and failures it records (3 when it stabilized or flatlined; 0 and
    0 when it revived), from its natural: what `read_death_save` reads before it records the roll."""
    _, _, passed, _ = _judged(v, natural, rules, modifier)
    return _tallied(v, natural, passed, rules)


def _judged(v: Vitals, natural: int, rules: NcbRules, modifier: int) -> tuple[int, int, bool, Outcome]:
    """The bonus (exhaustion taken off), total, pass and outcome of a save's natural against the DV."""
    bonus = modifier - exhaustion.d20_penalty(v.exhaustion, rules)
    total = natural + bonus
    passed, outcome = judge(natural, total, rules.death_save_dv, ties_succeed=True)  # a threshold
    return bonus, total, passed, outcome


def _tallied(v: Vitals, natural: int, passed: bool, rules: NcbRules) -> tuple[DeathSaveResult, int, int]:
    if natural == 20 and rules.death_save_natural_20 == "regain-1-hp":
        return "revived", 0, 0
    successes, failures = v.death_successes, v.death_failures
    if natural == 1:
        failures += 2
    elif passed:
        successes += 1
    else:
        failures += 1
    if failures >= FAILURES_TO_FLATLINE:
        return "flatlined", successes, FAILURES_TO_FLATLINE
    if successes >= SUCCESSES_TO_STABILIZE:
        return "stabilized", successes, failures
    return ("success" if passed else "failure"), successes, failures


def vitals_after_save(v: Vitals, result: DeathSaveResult, successes: int, failures: int) -> Vitals:
    """The dying character after a save with this result and these tallies (`tally_death_save`): back up
    at 1 HP, flatlined, stable with its tallies cleared, or still dying with them."""
    if result == "revived":
        return vitals_with(v, hp=1, condition="up", death_successes=0, death_failures=0)
    if result == "flatlined":
        return vitals_with(v, hp=0, condition="flatlined", death_failures=FAILURES_TO_FLATLINE)
    if result == "stabilized":
        return vitals_with(v, condition="stable", death_successes=0, death_failures=0)
    return vitals_with(v, death_successes=successes, death_failures=failures)


def bleed_out(v: Vitals) -> tuple[Vitals, Bleeding]:
    """The automatic failure at the end of a dying character's turn."""
    require_dying(v, "bleeding out")
    failures = v.death_failures + 1
    if failures >= FAILURES_TO_FLATLINE:
        return vitals_with(v, condition="flatlined", death_failures=FAILURES_TO_FLATLINE), Bleeding(
            FAILURES_TO_FLATLINE, "flatlined", "flatlined"
        )
    return vitals_with(v, death_failures=failures), Bleeding(failures, "failure", "dying")


@dataclass(frozen=True, slots=True)
class Attempt:
    """A stabilizing attempt set up before any roll: what `stabilize` rolls and its odds read per natural."""

    method: StabilizeMethod
    check: D20Test | None  # the Medicine check against the stabilize DV; a med-patch or help rolls none


def attempt(method: StabilizeMethod, rules: NcbRules, *, medicine_bonus: int = 0, mode: RollMode = "normal") -> Attempt:
    if method != "medicine":
        return Attempt(method, None)
    return Attempt(method, D20Test(medicine_bonus, rules.stabilize_dv, mode, rules.dv_ties_succeed))


def stabilize(
    v: Vitals,
    method: StabilizeMethod,
    stream: DiceStream,
    rules: NcbRules,
    *,
    medicine_bonus: int = 0,
    mode: RollMode = "normal",
) -> tuple[Vitals, Stabilizing]:
    """A Medicine check against the stabilize DV, or a med-patch or a friend's hands (no roll)."""
    require_dying(v, "stabilizing")
    tried = attempt(method, rules, medicine_bonus=medicine_bonus, mode=mode)
    if tried.check is None:
        return read_stabilize(v, tried, None)
    return read_stabilize(v, tried, roll_d20(stream, tried.check.mode))


def read_stabilize(v: Vitals, tried: Attempt, rolled: tuple[tuple[int, ...], int] | None) -> tuple[Vitals, Stabilizing]:
    """The attempt once its d20 showed `rolled` (the faces, and the natural that counts; None when the
    attempt rolls nothing): all it does reads the natural, so the odds read the naturals through it."""
    roll = None
    if tried.check is not None and rolled is not None:
        check = tried.check
        faces, natural = rolled
        total, success, outcome = check.read(natural)
        roll = D20Roll(faces, natural, check.mode, check.modifier, total, check.dv, success, outcome)
        if not success:
            return v, Stabilizing(tried.method, roll, False, v.condition)
    after = vitals_with(v, condition="stable", death_successes=0, death_failures=0)
    return after, Stabilizing(tried.method, roll, True, "stable")


def condition_after_attempt(v: Vitals, tried: Attempt, natural: int) -> Condition:
    """The condition the attempt leaves once its d20 showed `natural`, as `read_stabilize` leaves it, without
    building the roll, the attempt's outcome or the vitals after it: what the odds read for each natural
    (a fifth of a µs against five). A failed Medicine check leaves the character as it was; anything else
    stabilizes."""
    check = tried.check
    if check is not None and not check.read(natural)[1]:
        return v.condition
    return "stable"
