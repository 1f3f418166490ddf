"""Session forms of the tests: a character's sheet supplies the target, its state the standing
modifiers, its pools the points; the result is written back to the character."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.eclipse import errors, kept_tests
from service.systems.eclipse.character import Subject, require_able, result_from_state, result_state, skill_rating, state_modifiers, subject
from service.systems.eclipse.d100 import rank
from service.systems.eclipse.models import EclipseTeamwork
from service.systems.eclipse.modifiers import Modifier
from service.systems.eclipse.opposed import winner
from service.systems.eclipse.pools import Spend, after_roll, check_linked, check_test_spends, spend
from service.systems.eclipse.procedures import FullTest, common_modifiers, full_test, judged, spends_from, teamwork
from service.systems.eclipse.rep import USED_KEY, burn, favor_burn, limit, rep_modifiers
from service.systems.eclipse.rules import EclipseRules
from service.systems.eclipse.session_models import (
    EclipseAfterRollInSession,
    EclipseAfterRollInSessionResult,
    EclipseOpposedInSession,
    EclipseOpposedInSessionResult,
    EclipseRepInSessionResult,
    EclipseRepTestInSession,
    EclipseSessionSide,
    EclipseSessionTestResult,
    EclipseTestInSession,
)
from service.systems.eclipse.session_table import pass_time
from service.systems.eclipse.success_test import SpendOutcome
from service.systems.eclipse.table import character, control, editable, gm_only, pools_wire, rules_of


def pay(char: dict, spends: Sequence[SpendOutcome]) -> None:
    """Take the points of the pool spends that were used out of the character's pools."""
    for s in spends:
        if s.spent:
            char["pools"] = spend(char["pools"], s.pool, 1)


def check_affordable(char: dict, spends: Sequence[Spend]) -> None:
    """Refuse before rolling if the pools cannot pay for every point that might be spent."""
    needed: dict[str, int] = {}
    for s in spends:
        needed[s.pool] = needed.get(s.pool, 0) + 1
    for pool, points in needed.items():
        spend(char["pools"], pool, points)


def _prepare(state: dict, side: EclipseSessionSide, rules: EclipseRules) -> tuple[dict, Subject, list[Modifier], EclipseTeamwork | None]:
    char = character(state, side.character)
    require_able(char)
    subj = subject(char, skill=side.skill, aptitude_check=side.aptitude_check, default_aptitude=side.default_aptitude, rules=rules)
    if side.specialization and not subj.specialization:
        raise errors.refuse(errors.NO_SPECIALIZATION, f"{char['id']} has no specialization in {subj.label}")
    modifiers = common_modifiers(specialization=side.specialization, retries=side.retries, listed=side.modifiers)
    modifiers += state_modifiers(char, subj, rules)
    ratings = []
    for helper_id in side.helpers:
        if helper_id == char["id"]:
            raise errors.refuse(errors.SELF_HELP, "a character cannot help its own test")
        helper = character(state, helper_id)
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


def _roll(
    stream: Stream, state: dict, side: EclipseSessionSide, char: dict, subj: Subject, modifiers: Sequence[Modifier], team: EclipseTeamwork | None, rules: EclipseRules, **extra: Any
) -> tuple[FullTest, str]:
    done = full_test(
        stream,
        base=subj.base,
        modifiers=modifiers,
        spends=spends_from(side.pool_spends),
        aptitude=subj.aptitude,
        kind=subj.kind,
        defaulting=subj.defaulting,
        rules=rules,
        options=side,
        team=team,
        **extra,
    )
    pay(char, done.run.spends)
    char["nextTestModifier"] = done.next_test_modifier
    test_id = kept_tests.record(state, char, done.run.result, aptitude=subj.aptitude, kind=subj.kind, points=done.run.points_spent)
    return done, test_id


def test(state: dict, params: EclipseTestInSession, stream: Stream, actor: Actor) -> tuple[dict, EclipseSessionTestResult]:
    new = editable(state)
    rules = rules_of(new)
    control(actor, character(new, params.character))
    if params.advance_clock:
        gm_only(new, actor, "move the clock")
        if params.task is None:
            raise errors.refuse(errors.TIME_STEP, "`advanceClock` moves the clock by a task's time: describe the `task`")
    char, subj, modifiers, team = _prepare(new, params, rules)
    done, test_id = _roll(stream, new, params, char, subj, modifiers, team, rules, task=params.task, damage=params.damage)
    _critical_actions(new, char["id"], done.critical_effect)
    clock = None
    if params.advance_clock and done.wire.task is not None:
        clock = pass_time(new, math.ceil(done.wire.task.spent_minutes))  # the clock counts whole minutes
    return new, EclipseSessionTestResult(
        character=char["id"], subject=subj.label, test_id=test_id, test=done.wire, pools=pools_wire(char), clock=clock
    )


def opposed_test(state: dict, params: EclipseOpposedInSession, stream: Stream, actor: Actor) -> tuple[dict, EclipseOpposedInSessionResult]:
    new = editable(state)
    rules = rules_of(new)
    if params.a.character == params.b.character:
        raise errors.refuse(errors.TEST_SUBJECT, "an opposed test needs two different characters")
    control(actor, character(new, params.a.character))
    if params.b.pool_spends:
        control(actor, character(new, params.b.character))  # spending the other side's pool is its controller's call
    a_char, a_subj, a_mods, a_team = _prepare(new, params.a, rules)
    b_char, b_subj, b_mods, b_team = _prepare(new, params.b, rules)
    a, a_id = _roll(stream, new, params.a, a_char, a_subj, a_mods, a_team, rules)
    b, b_id = _roll(stream, new, params.b, b_char, b_subj, b_mods, b_team, rules)
    won, reason = winner(a.run.result, b.run.result, critical_beats_success=rules.critical_beats_success, tie=rules.opposed_tie)
    _critical_actions(new, a_char["id"], a.critical_effect)
    _critical_actions(new, b_char["id"], b.critical_effect)
    return new, EclipseOpposedInSessionResult(
        a=a.wire, b=b.wire, winner=won, reason=reason, a_character=a_char["id"], b_character=b_char["id"], a_test_id=a_id, b_test_id=b_id
    )


def _critical_actions(state: dict, cid: str, effect: str | None) -> None:
    """A critical that grants or costs an action reaches the running combat, if any."""
    combat = state.get("combat")
    if not combat or effect not in ("extra-action", "lose-action"):
        return
    if not any(slot["name"] == cid for slot in combat["order"]):
        return
    if effect == "extra-action":
        combat["extras"].setdefault(cid, []).append("any")
    else:
        if cid not in combat["loseNext"]:
            combat["loseNext"].append(cid)


def pool_after_roll(state: dict, params: EclipseAfterRollInSession, actor: Actor) -> tuple[dict, EclipseAfterRollInSessionResult]:
    new = editable(state)
    rules = rules_of(new)
    char = character(new, params.character)
    control(actor, char)
    saved = kept_tests.find(new, char, params.test)
    if saved["points"] >= rules.pool_points_per_test:
        raise errors.refuse(
            errors.ONE_POOL_POINT_PER_TEST,
            f"{char['id']}'s test {saved['id']} already took {saved['points']} pool point(s); the limit is {rules.pool_points_per_test}",
        )
    check_linked(params.pool, aptitude=saved["aptitude"], kind=saved["kind"])
    before = result_from_state(saved)
    after = after_roll(before, params.use, critical_replaces_superior=rules.critical_replaces_superior)
    if after is None or rank(after) <= rank(before):
        raise errors.refuse(errors.POOL_USE_HAS_NO_EFFECT, f"{params.use} would not improve a {before.outcome} of {before.roll}")
    char["pools"] = spend(char["pools"], params.pool, 1)
    changed = {"id": saved["id"]} | result_state(after, aptitude=saved["aptitude"], kind=saved["kind"], points=saved["points"] + 1)
    kept_tests.replace_kept(char, changed)
    return new, EclipseAfterRollInSessionResult(
        pool=params.pool,
        use=params.use,
        before=judged(before),
        after=judged(after),
        character=char["id"],
        test_id=saved["id"],
        pools=pools_wire(char),
    )


def rep_test(state: dict, params: EclipseRepTestInSession, stream: Stream, actor: Actor) -> tuple[dict, EclipseRepInSessionResult]:
    new = editable(state)
    rules = rules_of(new)
    char = character(new, params.character)
    control(actor, char)
    require_able(char)
    network = char["rep"].get(params.network)
    if network is None:
        raise errors.refuse(errors.UNKNOWN_NETWORK, f"{char['id']} has no {params.network}-rep")
    used_key = USED_KEY[params.favor]
    used = network[used_key]
    for_favor = favor_burn(params.favor, used, rules, burn_for_extra=params.burn_for_extra_favor)
    score = network["score"]
    score_after = burn(score, params.burn_for_bonus + for_favor)
    modifiers = common_modifiers(specialization=False, retries=params.retries, listed=params.modifiers)
    modifiers += rep_modifiers(params.favor, secrecy=params.secrecy, burn_bonus=params.burn_for_bonus)
    modifiers += state_modifiers(char, None, rules)
    spends = spends_from(params.pool_spends)
    check_test_spends(spends, aptitude=None, kind="rep", per_test=rules.pool_points_per_test)
    check_affordable(char, spends)
    done = full_test(stream, base=score, modifiers=modifiers, spends=spends, aptitude=None, kind="rep", rules=rules)
    pay(char, done.run.spends)
    char["nextTestModifier"] = 0
    granted = done.run.result.success
    used_after = used + (1 if granted or rules.failed_favor_counts else 0)
    network.update({"score": score_after, used_key: used_after})
    kept_tests.settle(char)  # a rep test's favor is settled: later pool points cannot reopen it
    return new, EclipseRepInSessionResult(
        network=params.network,
        favor=params.favor,
        granted=granted,
        test=done.wire,
        limit=limit(params.favor, rules),
        used_before=used,
        used_after=used_after,
        burnt_for_bonus=params.burn_for_bonus,
        burnt_for_favor=for_favor,
        score_before=score,
        score_after=score_after,
        character=char["id"],
        pools=pools_wire(char),
    )
