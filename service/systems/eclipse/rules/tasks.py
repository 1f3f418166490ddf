"""Task actions: timeframes, taking longer or rushing, and the time a result really takes.

All times are kept as a percentage of the listed timeframe, then turned back into the
timeframe's own unit, so "2 hours at 125%" is 2.5 hours without choosing a calendar.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.systems.eclipse.rules.d100 import Result
from service.systems.eclipse.rules.modifiers import Modifier

STEP_PERCENT = 25  # one step of extra time, of rushing, of a superior "time" result
TAKE_TIME_BONUS = 10  # per +25% of timeframe
RUSH_PENALTY = 20  # for −25% of timeframe
NOTICE_PERCENT = 25  # a failure is noticed after 25% of the timeframe, +25% per superior failure


@dataclass(frozen=True, slots=True)
class TaskTime:
    planned_percent: int  # after taking longer or rushing
    spent_percent: float  # what the result actually took (success) or cost before noticing (failure)
    noticed_failure: bool


def task_modifiers(extra_time_steps: int, rush: bool) -> list[Modifier]:
    out = []
    if extra_time_steps:
        out.append(Modifier("extra-time", TAKE_TIME_BONUS * extra_time_steps, f"+{STEP_PERCENT * extra_time_steps}% time"))
    if rush:
        out.append(Modifier("rush", -RUSH_PENALTY, f"-{STEP_PERCENT}% time"))
    return out


def planned_percent(extra_time_steps: int, rush: bool) -> int:
    return 100 + STEP_PERCENT * extra_time_steps - (STEP_PERCENT if rush else 0)


def time_taken(planned: int, result: Result, time_choices: int) -> TaskTime:
    """Time spent, in percent of the listed timeframe.

    A success takes the planned time, 25% less per superior success spent on time. A
    failure is noticed after 25% of the planned time, +25% per superior failure, and +25%
    more per superior failure the GM spends on time.
    """
    if result.success:
        spent = planned * (100 - STEP_PERCENT * time_choices) / 100
        return TaskTime(planned, spent, False)
    percent = NOTICE_PERCENT + STEP_PERCENT * result.effective_failures + STEP_PERCENT * time_choices
    return TaskTime(planned, planned * percent / 100, True)


def scaled(amount: float, percent: float) -> float:
    return round(amount * percent / 100, 4)
