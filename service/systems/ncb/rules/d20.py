"""The core mechanic: a d20 plus modifiers that must beat a Difficulty Value.

The text says to beat the DV, so a total equal to it fails unless a table plays
meet-or-beat (`NcbRules.dv_ties_succeed`, and `ac_ties_hit` for attacks against AC).

A natural 20 always succeeds (a critical hit when it is an attack) and a natural 1 always
fails (a complication). Advantage rolls two d20s and keeps the higher, disadvantage the
lower; any amount of either never stacks, and having both cancels to a single d20.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from service.frozen import quick_init
from service.systems.ncb.rules.dice import DiceStream

RollMode = Literal["normal", "advantage", "disadvantage"]
Outcome = Literal["critical-success", "success", "failure", "critical-failure"]


@quick_init
@dataclass(frozen=True, slots=True)
class D20Roll:
    faces: tuple[int, ...]  # both dice under advantage or disadvantage, in roll order
    natural: int  # the die that counts
    mode: RollMode
    modifier: int
    total: int
    dv: int
    success: bool
    outcome: Outcome


def roll_mode(advantage: bool, disadvantage: bool) -> RollMode:
    """Sources of each are booleans because they never stack; one of each cancels out."""
    if advantage == disadvantage:
        return "normal"
    return "advantage" if advantage else "disadvantage"


def roll_d20(stream: DiceStream, mode: RollMode) -> tuple[tuple[int, ...], int]:
    if mode == "normal":
        face = stream.roll(20)
        return (face,), face
    faces = (stream.roll(20), stream.roll(20))
    return faces, max(faces) if mode == "advantage" else min(faces)


def judge(natural: int, total: int, dv: int, *, ties_succeed: bool = False) -> tuple[bool, Outcome]:
    """Success and its kind for a die already rolled; naturals win over any total."""
    if natural == 20:
        return True, "critical-success"
    if natural == 1:
        return False, "critical-failure"
    success = total >= dv if ties_succeed else total > dv
    return success, "success" if success else "failure"


def roll_test(
    stream: DiceStream, *, modifier: int, dv: int, mode: RollMode = "normal", ties_succeed: bool = False
) -> D20Roll:
    faces, natural = roll_d20(stream, mode)
    total, success, outcome = read_natural(natural, modifier=modifier, dv=dv, ties_succeed=ties_succeed)
    return D20Roll(faces, natural, mode, modifier, total, dv, success, outcome)


def read_natural(natural: int, *, modifier: int, dv: int, ties_succeed: bool = False) -> tuple[int, bool, Outcome]:
    """The total, success and outcome of the die that counts: the part of a test after the draw, which
    the odds read once per natural."""
    total = natural + modifier
    success, outcome = judge(natural, total, dv, ties_succeed=ties_succeed)
    return total, success, outcome


@dataclass(frozen=True, slots=True)
class D20Test:
    """A test set up and not yet rolled: what the roll and its odds both start from."""

    modifier: int
    dv: int
    mode: RollMode = "normal"
    ties_succeed: bool = False

    def roll(self, stream: DiceStream) -> D20Roll:
        return roll_test(stream, modifier=self.modifier, dv=self.dv, mode=self.mode, ties_succeed=self.ties_succeed)

    def read(self, natural: int) -> tuple[int, bool, Outcome]:
        return read_natural(natural, modifier=self.modifier, dv=self.dv, ties_succeed=self.ties_succeed)
