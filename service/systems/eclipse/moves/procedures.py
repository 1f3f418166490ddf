"""The steps every mechanic shares, between wire models and the pure rules: turning request
parts into modifiers and pool spends, running a full test, and reporting it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from service.dice.stream import Stream
from service.systems.eclipse import errors
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.clock import to_minutes
from service.systems.eclipse.rules.combat import DamageValue, roll_damage, value_of
from service.systems.eclipse.rules.d100 import Result
from service.systems.eclipse.rules.modifiers import (
    Modifier,
    SPECIALIZATION_BONUS,
    helper_counts,
    retry_modifier,
    severity_value,
    teamwork_modifier,
)
from service.systems.eclipse.rules.pools import Spend, check_test_spends
from service.systems.eclipse.rules.odds_faces import face_table
from service.systems.eclipse.rules.odds_grades import Results
from service.systems.eclipse.rules.success_test import TestRun, after_roll_uses, read, run_test, settle, target_number
from service.systems.eclipse.rules.superior import SuperiorEffects, check_choices, critical_effect, superior_effects
from service.systems.eclipse.rules.tasks import planned_percent, scaled, task_modifiers, time_taken
from service.systems.eclipse.wire.common import (
    EclipseModifier,
    EclipsePoolSpend,
    EclipseResultOptions,
    EclipseTask,
    EclipseWeapon,
)
from service.systems.eclipse.wire.results import (
    EclipseDamageValue,
    EclipseJudged,
    EclipseModifierLine,
    EclipseModifiers,
    EclipsePoolSpendResult,
    EclipseSuperiorResult,
    EclipseTaskTime,
    EclipseTeamwork,
    EclipseTestResult,
)


# Said of every mechanic that rolls a test.
D100 = (
    "A d100 reads 00–99: the stream draws a 100-faced die and face 100 reads 00 (the audit record "
    "shows the face). Rule options (critical vs superior, modifier cap, …) come from `rules`."
)


def modifiers_from(listed: Sequence[EclipseModifier]) -> list[Modifier]:
    out = []
    for m in listed:
        value = severity_value(m.severity, penalty=m.penalty) if m.severity else (m.value or 0)
        out.append(Modifier("situational", value, m.label or (m.severity or "")))
    return out


def spends_from(listed: Sequence[EclipsePoolSpend]) -> list[Spend]:
    return [Spend(s.pool, s.use) for s in listed]


def teamwork(ratings: Sequence[int | None], category: str | None) -> tuple[Modifier | None, EclipseTeamwork | None]:
    """+10 per counted helper, capped at +30: the rules cap the bonus, not the number of helpers."""
    if not ratings:
        return None, None
    counted = sum(1 for r in ratings if helper_counts(r, category))
    modifier = teamwork_modifier(counted)
    return modifier, EclipseTeamwork(helpers=len(ratings), counted=counted, bonus=modifier.value if modifier else 0)


def common_modifiers(*, specialization: bool, retries: int, listed: Sequence[EclipseModifier]) -> list[Modifier]:
    out = modifiers_from(listed)
    if specialization:
        out.append(Modifier("specialization", SPECIALIZATION_BONUS, "specialization"))
    if (retry := retry_modifier(retries)) is not None:
        out.append(retry)
    return out


def judged(result: Result) -> EclipseJudged:
    return EclipseJudged(
        roll=result.roll,
        target=result.target,
        success=result.success,
        critical=result.critical,
        outcome=result.outcome,
        superior_successes=result.superior_successes,
        superior_failures=result.superior_failures,
        superior_replaced=result.replaced,
        counts_as=result.counts_as,
        superior_for_effect=result.effective,
        defaulting=result.defaulting,
    )


def damage_value(value: DamageValue) -> EclipseDamageValue:
    return EclipseDamageValue(
        dice=list(value.dice), bonus=value.bonus, superior_dice=list(value.superior_dice), doubled=value.doubled, total=value.total
    )


@dataclass(frozen=True, slots=True)
class FullTest:
    run: TestRun
    wire: EclipseTestResult
    superior: SuperiorEffects | None
    critical_effect: str | None
    next_test_modifier: int


@dataclass(frozen=True, slots=True)
class PlannedTest:
    """A test checked and set up, not yet rolled: what the roll and its odds both start from."""

    base: int
    modifiers: tuple[Modifier, ...]  # task timing included
    spends: tuple[Spend, ...]
    defaulting: bool
    rules: EclipseRules
    options: EclipseResultOptions | None
    task: EclipseTask | None
    damage: EclipseWeapon | None
    team: EclipseTeamwork | None

    def run(self, stream: Stream) -> TestRun:
        """The d100 read against the target, and any after-roll pool point."""
        return run_test(
            stream, base=self.base, modifiers=self.modifiers, spends=self.spends, defaulting=self.defaulting, rules=self.rules
        )

    def reader(self) -> Callable[[Stream], TestRun]:
        """`run` with the target worked out once: what the odds walk over every face of the d100."""
        summed, target = target_number(self.base, self.modifiers, self.spends, self.rules)
        return partial(read, base=self.base, summed=summed, target=target, spends=self.spends, defaulting=self.defaulting, rules=self.rules)

    def settler(self) -> Callable[[int], Result]:
        """Each d100 face's result against the target worked out once (`settle`): what the odds judge per face."""
        _, target = target_number(self.base, self.modifiers, self.spends, self.rules)
        crs = self.rules.critical_replaces_superior
        return partial(settle, target=target, uses=after_roll_uses(self.spends), defaulting=self.defaulting, critical_replaces_superior=crs)

    def results(self) -> Results:
        """Each result the test can end with and its chance: the `settler`'s table, shared by every test with
        the same modified target and options (`odds_faces.face_table`)."""
        _, target = target_number(self.base, self.modifiers, self.spends, self.rules)
        return face_table(target, after_roll_uses(self.spends), self.defaulting, self.rules.critical_replaces_superior)


def plan_test(
    *,
    base: int,
    modifiers: Sequence[Modifier],
    rules: EclipseRules,
    spends: Sequence[Spend] = (),
    aptitude: str | None = None,
    kind: str = "skill",
    defaulting: bool = False,
    options: EclipseResultOptions | None = None,
    task: EclipseTask | None = None,
    damage: EclipseWeapon | None = None,
    team: EclipseTeamwork | None = None,
) -> PlannedTest:
    """Check what can be checked before rolling (a refusal spends no die)."""
    check_test_spends(spends, aptitude=aptitude, kind=kind, per_test=rules.pool_points_per_test)
    if options is not None:
        check_choices(options.on_superior_success, options.on_superior_failure, is_task=task is not None)
    if task is not None and task.extra_time_steps and task.rush:
        raise errors.refuse(errors.TASK_TIMING, "a task is either taken slowly (extraTimeSteps) or rushed, not both")
    all_modifiers = list(modifiers) + (task_modifiers(task.extra_time_steps, task.rush) if task else [])
    return PlannedTest(base, tuple(all_modifiers), tuple(spends), defaulting, rules, options, task, damage, team)


def roll_test(stream: Stream, planned: PlannedTest) -> FullTest:
    base, options, task, team = planned.base, planned.options, planned.task, planned.team
    run = planned.run(stream)
    result = run.result
    effects = crit = None
    shift = 0
    if options is not None:
        effects = superior_effects(result, options.on_superior_success, options.on_superior_failure, stream)
        crit, shift = critical_effect(result, options.on_critical_success, options.on_critical_failure)
    wire = EclipseTestResult(
        face=run.face,
        rolled=run.rolled,
        roll=result.roll,
        base=base,
        target=result.target,
        modifiers=EclipseModifiers(
            listed=[EclipseModifierLine(source=m.source, value=m.value, label=m.label) for m in run.modifiers.modifiers],
            raw=run.modifiers.raw,
            applied=run.modifiers.applied,
            capped=run.modifiers.capped,
            ignored=run.modifiers.ignored,
        ),
        success=result.success,
        critical=result.critical,
        outcome=result.outcome,
        superior_successes=result.superior_successes,
        superior_failures=result.superior_failures,
        superior_replaced=result.replaced,
        counts_as=result.counts_as,
        superior_for_effect=result.effective,
        defaulting=result.defaulting,
        critical_ignored=result.critical_ignored,
        pool_spends=[EclipsePoolSpendResult(pool=s.pool, use=s.use, spent=s.spent, note=s.note) for s in run.spends],
        teamwork=team,
        superior=_superior_wire(effects),
        critical_effect=crit,
        next_test_modifier=shift,
        task=_task_wire(task, result, effects),
        damage=_damage(stream, planned.damage, result, effects, crit),
    )
    return FullTest(run, wire, effects, crit, shift)


def _superior_wire(effects: SuperiorEffects | None) -> EclipseSuperiorResult | None:
    if effects is None:
        return None
    return EclipseSuperiorResult(
        applied=list(effects.applied),
        follow_up_modifier=effects.follow_up_modifier,
        covertness_modifier=effects.covertness_modifier,
        time_steps=effects.time_steps,
        damage_dice=list(effects.damage_dice),
    )


def _task_wire(task: EclipseTask | None, result: Result, effects: SuperiorEffects | None) -> EclipseTaskTime | None:
    if task is None:
        return None
    planned = planned_percent(task.extra_time_steps, task.rush)
    timing = time_taken(planned, result, effects.time_steps if effects else 0)
    return EclipseTaskTime(
        unit=task.unit,
        listed=task.amount,
        planned_percent=timing.planned_percent,
        planned=scaled(task.amount, timing.planned_percent),
        spent_percent=timing.spent_percent,
        spent=scaled(task.amount, timing.spent_percent),
        noticed_failure=timing.noticed_failure,
        planned_minutes=to_minutes(scaled(task.amount, timing.planned_percent), task.unit),
        spent_minutes=to_minutes(scaled(task.amount, timing.spent_percent), task.unit),
    )


def _damage(
    stream: Stream, weapon: EclipseWeapon | None, result: Result, effects: SuperiorEffects | None, crit: str | None
) -> EclipseDamageValue | None:
    """A test's own damage: the weapon's dice on a success, the superior `damage` dice, doubled on request."""
    if weapon is None or not result.success:
        return None
    rolled = roll_damage(stream, count=weapon.dice, sides=weapon.sides, bonus=weapon.bonus, superior=0, critical=False)
    extra = effects.damage_dice if effects else ()
    doubled = crit == "double-damage"
    total = value_of(sum(rolled.dice) + sum(extra), bonus=weapon.bonus, critical=doubled)
    return EclipseDamageValue(dice=list(rolled.dice), bonus=weapon.bonus, superior_dice=list(extra), doubled=doubled, total=total)
