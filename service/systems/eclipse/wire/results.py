"""The wire form of a judged test, shared by every mechanic that rolls one."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model


CountsAs = Literal["critical", "critical-and-superior", "superior", "plain"]


# How a judged roll reports its degrees: what the roll measured, and what counts for effects.
SUPERIOR_SUCCESSES = Field(description="Superior successes the roll measured (33+: one, 66+: two), always reported, criticals included.")


SUPERIOR_FAILURES = Field(description="Superior failures the roll measured (under 66: one, under 33: two), always reported, criticals included.")


SUPERIOR_REPLACED = Field(
    description="Of those, how many buy nothing because the critical counts instead (`criticalReplacesSuperior`, e.g. 55 against 50: 1)."
)


COUNTS_AS = Field(
    description=(
        "What the result counts as for its effects: `critical` (a critical whose superior results, if any, it stands in for), "
        "`critical-and-superior` (a critical keeping its superior results, with `criticalReplacesSuperior` false), "
        "`superior`, or `plain`."
    )
)


SUPERIOR_FOR_EFFECT = Field(
    description="Superior results that buy choices, +1d6 damage, privileges or task time: the measured ones minus `superiorReplaced`."
)


class EclipseModifierLine(Model):
    source: str
    value: int
    label: str


class EclipseModifiers(Model):
    listed: list[EclipseModifierLine]
    raw: int = Field(description="The plain sum of every modifier that was not set aside.")
    applied: int = Field(description="What reached the target number, after the ±cap.")
    capped: bool = Field(description="The cap cut the sum.")
    ignored: bool = Field(description="A pool point set the listed modifiers aside.")


class EclipsePoolSpendResult(Model):
    pool: str
    use: str
    spent: bool
    note: str


class EclipseTeamwork(Model):
    helpers: int = Field(description="Helpers listed.")
    counted: int = Field(description="Helpers who count (on Know, Technical and Vehicle tests, those with the skill at 40+).")
    bonus: int = Field(description="+10 per counted helper, capped at +30.")


class EclipseSuperiorResult(Model):
    applied: list[str] = Field(description="The choices the superior results paid for.")
    follow_up_modifier: int
    covertness_modifier: int
    time_steps: int
    damage_dice: list[int]


class EclipseTaskTime(Model):
    unit: str
    listed: float
    planned_percent: int
    planned: float
    spent_percent: float
    spent: float = Field(description="Time the success took, or the failure cost before it was noticed.")
    noticed_failure: bool
    planned_minutes: float = Field(description="`planned` in minutes (an action turn is 3 seconds; a month 30 days, a year 365).")
    spent_minutes: float = Field(description="`spent` in minutes.")


class EclipseDamageValue(Model):
    dice: list[int]
    bonus: int
    superior_dice: list[int] = Field(description="+1d6 per superior hit (or per `damage` choice).")
    doubled: bool
    total: int


class EclipseTestResult(Model):
    """A judged d100 test. `roll` is the 00–99 reading (after any flip-flop); `face` is the die face drawn (100 reads 00)."""

    face: int
    rolled: int = Field(description="The reading as rolled, before after-roll pool points.")
    roll: int
    base: int
    target: int
    modifiers: EclipseModifiers
    success: bool
    critical: bool
    outcome: Literal["critical-success", "success", "failure", "critical-failure"]
    superior_successes: int = SUPERIOR_SUCCESSES
    superior_failures: int = SUPERIOR_FAILURES
    superior_replaced: int = SUPERIOR_REPLACED
    counts_as: CountsAs = COUNTS_AS
    superior_for_effect: int = SUPERIOR_FOR_EFFECT
    defaulting: bool
    critical_ignored: bool = Field(description="Doubles that defaulting kept from being a critical success.")
    pool_spends: list[EclipsePoolSpendResult]
    teamwork: EclipseTeamwork | None = None
    superior: EclipseSuperiorResult | None = None
    critical_effect: str | None = None
    next_test_modifier: int = 0
    task: EclipseTaskTime | None = None
    damage: EclipseDamageValue | None = None


class EclipseJudged(Model):
    roll: int
    target: int
    success: bool
    critical: bool
    outcome: Literal["critical-success", "success", "failure", "critical-failure"]
    superior_successes: int = SUPERIOR_SUCCESSES
    superior_failures: int = SUPERIOR_FAILURES
    superior_replaced: int = SUPERIOR_REPLACED
    counts_as: CountsAs = COUNTS_AS
    superior_for_effect: int = SUPERIOR_FOR_EFFECT
    defaulting: bool
