"""Superior results and criticals: what a better-than-plain (or worse) result buys.

The caller lists its choices before the roll, in order of preference; the roll decides
how many of them apply (one per superior result). The numeric effects are applied here:
quality and covertness as ±10, time as ±25% of a task's timeframe, damage as +1d6.
Quantity and detail are narrative and only reported.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from service.dice.stream import Stream
from service.systems.eclipse import errors
from service.systems.eclipse.rules.d100 import Result

Choice = Literal["quality", "quantity", "detail", "time", "covertness", "damage"]
CriticalSuccessEffect = Literal["double-damage", "next-test-bonus", "extra-action"]
CriticalFailureEffect = Literal["next-test-penalty", "lose-action", "break-tool"]

QUALITY_STEP = 10
COVERTNESS_STEP = 10
NEXT_TEST_SHIFT = 20


@dataclass(frozen=True, slots=True)
class SuperiorEffects:
    applied: tuple[str, ...] = ()
    follow_up_modifier: int = 0  # quality: ±10 to later tests that build on this one
    covertness_modifier: int = 0  # ±10 to noticing what was done
    time_steps: int = 0  # superior results spent on a task's time
    damage_dice: tuple[int, ...] = field(default_factory=tuple)  # each +1d6


def check_choices(on_success: Sequence[str], on_failure: Sequence[str], *, is_task: bool) -> None:
    """Refuse choices the test can never use, before any die is rolled."""
    if "damage" in on_failure:
        raise errors.refuse(errors.SUPERIOR_CHOICE, "damage is a superior-success choice only: a failed attack misses")
    if not is_task and ("time" in on_success or "time" in on_failure):
        raise errors.refuse(errors.SUPERIOR_CHOICE, "the time choice applies to task actions only: describe the task")


def chosen(result: Result, on_success: Sequence[str], on_failure: Sequence[str]) -> tuple[str, ...]:
    """The choices this result buys: one per superior result for effect, in the order of preference."""
    return tuple((on_success if result.success else on_failure)[: result.effective])


def superior_effects(result: Result, on_success: Sequence[str], on_failure: Sequence[str], stream: Stream) -> SuperiorEffects:
    chosen_now = chosen(result, on_success, on_failure)
    sign = 1 if result.success else -1
    dice = tuple(stream.roll(6) for choice in chosen_now if choice == "damage")
    return SuperiorEffects(
        applied=chosen_now,
        follow_up_modifier=sign * QUALITY_STEP * chosen_now.count("quality"),
        covertness_modifier=sign * COVERTNESS_STEP * chosen_now.count("covertness"),
        time_steps=chosen_now.count("time"),
        damage_dice=dice,
    )


def critical_effect(result: Result, on_success: str | None, on_failure: str | None) -> tuple[str | None, int]:
    """The critical effect that applies to this result, and the modifier it leaves for the next test."""
    if not result.critical:
        return None, 0
    effect = on_success if result.success else on_failure
    if effect == "next-test-bonus":
        return effect, NEXT_TEST_SHIFT
    if effect == "next-test-penalty":
        return effect, -NEXT_TEST_SHIFT
    return effect, 0
