"""Success tests, opposed tests and pool points after the roll: stateless, and in a session where the
character's sheet supplies the target, its state the standing modifiers, its pools the points."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from service.dice.odds import Odds
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.eclipse import SYSTEM, errors
from service.systems.eclipse.moves.common import check_affordable, pass_time, pay
from service.systems.eclipse.moves.procedures import (
    D100,
    FullTest,
    PlannedTest,
    common_modifiers,
    judged,
    plan_test,
    roll_test,
    spends_from,
    teamwork,
)
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules import kept_tests
from service.systems.eclipse.rules.character import Subject, require_able, skill_rating, state_modifiers, subject
from service.systems.eclipse.rules.d100 import judge, rank
from service.systems.eclipse.rules.modifiers import Modifier
from service.systems.eclipse.rules.odds_grades import Results
from service.systems.eclipse.rules.odds_tests import damage_distribution, opposed_distribution, test_distributions
from service.systems.eclipse.rules.opposed import winner
from service.systems.eclipse.rules.pools import after_roll, check_linked, check_test_spends, spend
from service.systems.eclipse.state import Character, EclipseState, control, gm_only
from service.systems.eclipse.wire.common import EclipseResultOptions, EclipseWeapon
from service.systems.eclipse.wire.results import EclipseTeamwork, EclipseTestResult
from service.systems.eclipse.wire.success_tests import (
    EclipseAfterRollInSession,
    EclipseAfterRollInSessionResult,
    EclipseAfterRollInput,
    EclipseAfterRollResult,
    EclipseOpposedInSession,
    EclipseOpposedInSessionResult,
    EclipseOpposedResult,
    EclipseOpposedTestInput,
    EclipseSessionSide,
    EclipseSessionTestResult,
    EclipseSide,
    EclipseTestInSession,
    EclipseTestInput,
)


def _plan_side(side: EclipseSide, rules: EclipseRules, **extra: Any) -> PlannedTest:
    modifiers = common_modifiers(specialization=side.specialization, retries=side.retries, listed=side.modifiers)
    help_modifier, team = teamwork([h.rating for h in side.helpers], side.skill_category)
    if help_modifier is not None:
        modifiers.append(help_modifier)
    return plan_test(
        base=side.target,
        modifiers=modifiers,
        spends=spends_from(side.pool_spends),
        aptitude=side.aptitude,
        kind=side.kind,
        defaulting=side.defaulting,
        rules=rules,
        options=side,
        team=team,
        **extra,
    )


def _side(stream: Stream, side: EclipseSide, rules: EclipseRules, **extra: Any) -> FullTest:
    return roll_test(stream, _plan_side(side, rules, **extra))


def test(params: EclipseTestInput, stream: Stream) -> EclipseTestResult:
    return _side(stream, params, params.rules, task=params.task, damage=params.damage).wire


def test_odds(params: EclipseTestInput) -> Odds:
    planned = _plan_side(params, params.rules, task=params.task, damage=params.damage)
    return _test_odds(planned.results(), params, params.damage)


def _test_odds(results: Results, options: EclipseResultOptions, weapon: EclipseWeapon | None) -> Odds:
    """The test's outcome and superior results, and its own damage when it has a weapon."""
    if weapon is None:
        return Odds.of(test_distributions(results))
    damage = damage_distribution(
        results,
        dice=weapon.dice,
        sides=weapon.sides,
        bonus=weapon.bonus,
        on_success=options.on_superior_success,
        on_failure=options.on_superior_failure,
        on_critical_success=options.on_critical_success,
        on_critical_failure=options.on_critical_failure,
    )
    return Odds.of(test_distributions(results), damage)


def opposed_test(params: EclipseOpposedTestInput, stream: Stream) -> EclipseOpposedResult:
    # Validate both sides before either die is rolled, so a refusal spends nothing.
    a_plan, b_plan = _plan_sides(params)
    a = roll_test(stream, a_plan)
    b = roll_test(stream, b_plan)
    rules = params.rules
    won, reason = winner(a.run.result, b.run.result, critical_beats_success=rules.critical_beats_success, tie=rules.opposed_tie)
    return EclipseOpposedResult(a=a.wire, b=b.wire, winner=won, reason=reason)


def _plan_sides(params: EclipseOpposedTestInput) -> tuple[PlannedTest, PlannedTest]:
    for side in (params.a, params.b):
        teamwork([h.rating for h in side.helpers], side.skill_category)
    return _plan_side(params.a, params.rules), _plan_side(params.b, params.rules)


def opposed_test_odds(params: EclipseOpposedTestInput) -> Odds:
    a_plan, b_plan = _plan_sides(params)
    return _opposed_odds(a_plan.results(), b_plan.results(), params.rules)


def _opposed_odds(a: Results, b: Results, rules: EclipseRules) -> Odds:
    beats, tie = rules.critical_beats_success, rules.opposed_tie
    return Odds.of(
        opposed_distribution(a, b, critical_beats_success=beats, tie=tie),
        test_distributions(a, prefix="a:"),
        test_distributions(b, prefix="b:"),
    )


def pool_after_roll(params: EclipseAfterRollInput) -> EclipseAfterRollResult:
    rules = params.rules
    if params.points_already_spent + 1 > rules.pool_points_per_test:
        raise errors.refuse(
            errors.ONE_POOL_POINT_PER_TEST,
            f"this test already took {params.points_already_spent} pool point(s); the limit is {rules.pool_points_per_test}",
        )
    check_linked(params.pool, aptitude=params.aptitude, kind=params.kind)
    before = judge(params.roll, params.target, defaulting=params.defaulting, critical_replaces_superior=rules.critical_replaces_superior)
    after = after_roll(before, params.use, critical_replaces_superior=rules.critical_replaces_superior)
    if after is None or rank(after) <= rank(before):
        raise errors.refuse(
            errors.POOL_USE_HAS_NO_EFFECT, f"{params.use} would not improve a {before.outcome} of {before.roll}"
        )
    return EclipseAfterRollResult(pool=params.pool, use=params.use, before=judged(before), after=judged(after))


def _prepare(state: EclipseState, side: EclipseSessionSide) -> tuple[Character, Subject, list[Modifier], EclipseTeamwork | None]:
    rules = state.rules
    char = state.character(side.character)
    require_able(char)
    subj = subject(char, skill=side.skill, aptitude_check=side.aptitude_check, default_aptitude=side.default_aptitude, rules=rules)
    if side.specialization and not subj.specialization:
        raise errors.refuse(errors.NO_SPECIALIZATION, f"{char.id} has no specialization in {subj.label}")
    modifiers = common_modifiers(specialization=side.specialization, retries=side.retries, listed=side.modifiers)
    modifiers += state_modifiers(char, subj, rules)
    ratings = []
    for helper_id in side.helpers:
        if helper_id == char.id:
            raise errors.refuse(errors.SELF_HELP, "a character cannot help its own test")
        helper = state.character(helper_id)
        ratings.append(skill_rating(helper, side.skill) if side.skill else None)
    if len(set(side.helpers)) != len(side.helpers):
        raise errors.refuse(errors.DUPLICATE_HELPER, "each helper counts once: a character is listed twice")
    help_modifier, team = teamwork(ratings, subj.category)
    if help_modifier is not None:
        modifiers.append(help_modifier)
    spends = spends_from(side.pool_spends)
    check_test_spends(spends, aptitude=subj.aptitude, kind=subj.kind, per_test=rules.pool_points_per_test)
    check_affordable(char, spends)
    return char, subj, modifiers, team


def _planned(
    state: EclipseState,
    side: EclipseSessionSide,
    subj: Subject,
    modifiers: Sequence[Modifier],
    team: EclipseTeamwork | None,
    **extra: Any,
) -> PlannedTest:
    return plan_test(
        base=subj.base,
        modifiers=modifiers,
        spends=spends_from(side.pool_spends),
        aptitude=subj.aptitude,
        kind=subj.kind,
        defaulting=subj.defaulting,
        rules=state.rules,
        options=side,
        team=team,
        **extra,
    )


def _roll(
    stream: Stream,
    state: EclipseState,
    side: EclipseSessionSide,
    subj: Subject,
    modifiers: Sequence[Modifier],
    team: EclipseTeamwork | None,
    **extra: Any,
) -> tuple[EclipseState, FullTest, str]:
    """Roll the side's test; the table with its points paid, its critical's ±20 carried and the test kept."""
    done = roll_test(stream, _planned(state, side, subj, modifiers, team, **extra))
    test_id = f"t{state.next_test}"
    entry = kept_tests.kept(test_id, done.run.result, aptitude=subj.aptitude, kind=subj.kind, points=done.run.points_spent)
    char = pay(state.characters[side.character], done.run.spends).model_copy(update={"next_test_modifier": done.next_test_modifier})
    new = state.with_character(kept_tests.record(char, entry)).model_copy(update={"next_test": state.next_test + 1})
    return _critical_actions(new, char.id, done.critical_effect), done, test_id


def _session_results(state: EclipseState, side: EclipseSessionSide, **extra: Any) -> Results:
    """The results a character's test can end with, from its sheet and state at the table."""
    _, subj, modifiers, team = _prepare(state, side)
    return _planned(state, side, subj, modifiers, team, **extra).results()


def test_in_session(state: EclipseState, params: EclipseTestInSession, stream: Stream, actor: Actor) -> tuple[EclipseState, EclipseSessionTestResult]:
    control(actor, state.character(params.character))
    if params.advance_clock:
        gm_only(actor, "move the clock")
        if params.task is None:
            raise errors.refuse(errors.TIME_STEP, "`advanceClock` moves the clock by a task's time: describe the `task`")
    _, subj, modifiers, team = _prepare(state, params)
    new, done, test_id = _roll(stream, state, params, subj, modifiers, team, task=params.task, damage=params.damage)
    clock = None
    if params.advance_clock and done.wire.task is not None:
        new, clock = pass_time(new, math.ceil(done.wire.task.spent_minutes))  # the clock counts whole minutes
    return new, EclipseSessionTestResult(
        character=params.character,
        subject=subj.label,
        test_id=test_id,
        test=done.wire,
        pools=new.characters[params.character].pools_wire,
        clock=clock,
    )


def test_session_odds(state: EclipseState, params: EclipseTestInSession, actor: Actor) -> Odds:
    """The character's test as the table stands; nothing is paid or kept."""
    return _test_odds(_session_results(state, params, task=params.task, damage=params.damage), params, params.damage)


def opposed_session_odds(state: EclipseState, params: EclipseOpposedInSession, actor: Actor) -> Odds:
    if params.a.character == params.b.character:
        raise errors.refuse(errors.TEST_SUBJECT, "an opposed test needs two different characters")
    return _opposed_odds(_session_results(state, params.a), _session_results(state, params.b), state.rules)


def opposed_test_in_session(
    state: EclipseState, params: EclipseOpposedInSession, stream: Stream, actor: Actor
) -> tuple[EclipseState, EclipseOpposedInSessionResult]:
    rules = state.rules
    if params.a.character == params.b.character:
        raise errors.refuse(errors.TEST_SUBJECT, "an opposed test needs two different characters")
    control(actor, state.character(params.a.character))
    if params.b.pool_spends:
        control(actor, state.character(params.b.character))  # spending the other side's pool is its controller's call
    _, a_subj, a_mods, a_team = _prepare(state, params.a)
    _, b_subj, b_mods, b_team = _prepare(state, params.b)
    new, a, a_id = _roll(stream, state, params.a, a_subj, a_mods, a_team)
    new, b, b_id = _roll(stream, new, params.b, b_subj, b_mods, b_team)
    won, reason = winner(a.run.result, b.run.result, critical_beats_success=rules.critical_beats_success, tie=rules.opposed_tie)
    return new, EclipseOpposedInSessionResult(
        a=a.wire,
        b=b.wire,
        winner=won,
        reason=reason,
        a_character=params.a.character,
        b_character=params.b.character,
        a_test_id=a_id,
        b_test_id=b_id,
    )


def _critical_actions(state: EclipseState, cid: str, effect: str | None) -> EclipseState:
    """A critical that grants or costs an action reaches the running combat, if any."""
    combat = state.combat
    if combat is None or effect not in ("extra-action", "lose-action") or not combat.in_order(cid):
        return state
    if effect == "extra-action":
        return state.with_combat(combat.model_copy(update={"extras": {**combat.extras, cid: (*combat.extras.get(cid, ()), "any")}}))
    if cid in combat.lose_next:
        return state
    return state.with_combat(combat.model_copy(update={"lose_next": (*combat.lose_next, cid)}))


def pool_after_roll_in_session(
    state: EclipseState, params: EclipseAfterRollInSession, actor: Actor
) -> tuple[EclipseState, EclipseAfterRollInSessionResult]:
    rules = state.rules
    char = state.character(params.character)
    control(actor, char)
    saved = kept_tests.find(state, char, params.test)
    if saved.points >= rules.pool_points_per_test:
        raise errors.refuse(
            errors.ONE_POOL_POINT_PER_TEST,
            f"{char.id}'s test {saved.id} already took {saved.points} pool point(s); the limit is {rules.pool_points_per_test}",
        )
    check_linked(params.pool, aptitude=saved.aptitude, kind=saved.kind)
    before = kept_tests.result_of(saved)
    after = after_roll(before, params.use, critical_replaces_superior=rules.critical_replaces_superior)
    if after is None or rank(after) <= rank(before):
        raise errors.refuse(errors.POOL_USE_HAS_NO_EFFECT, f"{params.use} would not improve a {before.outcome} of {before.roll}")
    changed = kept_tests.kept(saved.id, after, aptitude=saved.aptitude, kind=saved.kind, points=saved.points + 1)
    char = kept_tests.replace_kept(char.with_pools(spend(char.pools, params.pool, 1)), changed)
    return state.with_character(char), EclipseAfterRollInSessionResult(
        pool=params.pool,
        use=params.use,
        before=judged(before),
        after=judged(after),
        character=char.id,
        test_id=saved.id,
        pools=char.pools_wire,
    )


SYSTEM.mechanic(
    "test",
    "Roll a success test (skill, aptitude check or rep) against a target number",
    "Success at or under the modified target; superior successes at 33+ and 66+, superior failures under 66 "
    "and under 33; doubles are criticals, 00 always a critical success, 99 always a critical failure. "
    "Modifiers (severities ±10/20/30, specialization +10, teamwork +10 per counted helper, +30 at most however many help, retries −10 each, "
    "task timing) are capped at ±60. Pool points: +20 or ignore modifiers before the roll; flip-flop, upgrade "
    "or downgrade a critical failure after it (spent only if they help). Superior-result choices and critical "
    "effects are applied in order of preference. In a session the character's sheet, wounds, ongoing pool "
    "bonuses and pools are used, the result is kept under its `testId` for `pool-after-roll`, and with "
    "`advanceClock` (GM) a task's time passes on the table's clock. " + D100,
    stateless=test,
    session=test_in_session,
    odds=test_odds,
    session_odds=test_session_odds,
)
SYSTEM.mechanic(
    "opposed-test",
    "Roll an opposed test: the side that succeeds with the higher roll wins",
    "Both sides roll a full test. One success wins; two failures is nobody's win; with two successes a critical "
    "beats a plain success (configurable), else the higher roll; an exact tie is a deadlock (configurable). " + D100,
    stateless=opposed_test,
    session=opposed_test_in_session,
    odds=opposed_test_odds,
    session_odds=opposed_session_odds,
)
SYSTEM.mechanic(
    "pool-after-roll",
    "Spend a pool point after a roll: flip-flop, upgrade a success, or soften a critical failure",
    "Stateless: give the reading and target. In a session: changes the character's test named by `test` (the "
    "`testId` a test or opposed test returned; default its latest), if it has not already taken its pool point. "
    "The table keeps each character's last 8 tests. Refused when the use would not improve the result.",
    stateless=pool_after_roll,
    session=pool_after_roll_in_session,
)
