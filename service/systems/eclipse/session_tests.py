"""Session forms of the tests: a character's sheet supplies the target, its state the standing
modifiers, its pools the points; the result is written back to the character."""

from __future__ import annotations

from service.dice.stream import Stream
from service.errors import RuleViolation
from service.registry import Actor
from service.systems.eclipse import errors
from service.systems.eclipse.character import (
    Subject,
    require_able,
    result_from_state,
    result_state,
    skill_rating,
    state_modifiers,
    subject,
)
from service.systems.eclipse.d100 import rank
from service.systems.eclipse.modifiers import Modifier
from service.systems.eclipse.opposed import winner
from service.systems.eclipse.pools import after_roll, check_linked, check_test_spends, spend
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
from service.systems.eclipse.table import character, control, editable, pools_wire, rules_of


def pay(char: dict, spends) -> None:
    """Take the points of the pool spends that were used out of the character's pools."""
    for s in spends:
        if s.spent:
            char["pools"] = spend(char["pools"], s.pool, 1)


def check_affordable(char: dict, spends) -> None:
    """Refuse before rolling if the pools cannot pay for every point that might be spent."""
    needed: dict[str, int] = {}
    for s in spends:
        needed[s.pool] = needed.get(s.pool, 0) + 1
    for pool, points in needed.items():
        spend(char["pools"], pool, points)


def _prepare(state: dict, side: EclipseSessionSide, rules: EclipseRules) -> tuple[dict, Subject, list[Modifier], object]:
    char = character(state, side.character)
    require_able(char)
    subj = subject(char, skill=side.skill, aptitude_check=side.aptitude_check, default_aptitude=side.default_aptitude, rules=rules)
    if side.specialization and not subj.specialization:
        raise RuleViolation(errors.NO_SPECIALIZATION, f"{char['id']} has no specialization in {subj.label}", status=422)
    modifiers = common_modifiers(specialization=side.specialization, retries=side.retries, listed=side.modifiers)
    modifiers += state_modifiers(char, subj, rules)
    ratings = []
    for helper_id in side.helpers:
        if helper_id == char["id"]:
            raise RuleViolation(errors.SELF_HELP, "a character cannot help its own test", status=422)
        helper = character(state, helper_id)
        ratings.append(skill_rating(helper, side.skill) if side.skill else None)
    help_modifier, team = teamwork(ratings, subj.category)  # refuses a fourth helper first
    if len(set(side.helpers)) != len(side.helpers):
        raise RuleViolation(errors.DUPLICATE_HELPER, "each helper counts once: a character is listed twice", status=422)
    if help_modifier is not None:
        modifiers.append(help_modifier)
    spends = spends_from(side.pool_spends)
    check_test_spends(spends, aptitude=subj.aptitude, kind=subj.kind, per_test=rules.pool_points_per_test)
    check_affordable(char, spends)
    return char, subj, modifiers, team


def _roll(stream: Stream, side: EclipseSessionSide, char: dict, subj: Subject, modifiers, team, rules: EclipseRules, **extra) -> FullTest:
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
    char["lastTest"] = result_state(done.run.result, aptitude=subj.aptitude, kind=subj.kind, points=done.run.points_spent)
    return done


def test(state: dict, params: EclipseTestInSession, stream: Stream, actor: Actor) -> tuple[dict, EclipseSessionTestResult]:
    new = editable(state)
    rules = rules_of(new)
    control(actor, character(new, params.character))
    char, subj, modifiers, team = _prepare(new, params, rules)
    done = _roll(stream, params, char, subj, modifiers, team, rules, task=params.task, damage=params.damage)
    _critical_actions(new, char["id"], done.critical_effect)
    return new, EclipseSessionTestResult(character=char["id"], subject=subj.label, test=done.wire, pools=pools_wire(char))


def opposed_test(state: dict, params: EclipseOpposedInSession, stream: Stream, actor: Actor) -> tuple[dict, EclipseOpposedInSessionResult]:
    new = editable(state)
    rules = rules_of(new)
    if params.a.character == params.b.character:
        raise RuleViolation(errors.TEST_SUBJECT, "an opposed test needs two different characters", status=422)
    control(actor, character(new, params.a.character))
    if params.b.pool_spends:
        control(actor, character(new, params.b.character))  # spending the other side's pool is its controller's call
    a_char, a_subj, a_mods, a_team = _prepare(new, params.a, rules)
    b_char, b_subj, b_mods, b_team = _prepare(new, params.b, rules)
    a = _roll(stream, params.a, a_char, a_subj, a_mods, a_team, rules)
    b = _roll(stream, params.b, b_char, b_subj, b_mods, b_team, rules)
    won, reason = winner(a.run.result, b.run.result, critical_beats_success=rules.critical_beats_success, tie=rules.opposed_tie)
    _critical_actions(new, a_char["id"], a.critical_effect)
    _critical_actions(new, b_char["id"], b.critical_effect)
    return new, EclipseOpposedInSessionResult(
        a=a.wire, b=b.wire, winner=won, reason=reason, a_character=a_char["id"], b_character=b_char["id"]
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


def pool_after_roll(state: dict, params: EclipseAfterRollInSession, stream: Stream, actor: Actor) -> tuple[dict, EclipseAfterRollInSessionResult]:
    new = editable(state)
    rules = rules_of(new)
    char = character(new, params.character)
    control(actor, char)
    saved = char["lastTest"]
    if saved is None:
        raise RuleViolation(errors.NO_TEST_TO_CHANGE, f"{char['id']} has no test to change yet", status=409)
    if saved["points"] >= rules.pool_points_per_test:
        raise RuleViolation(
            errors.ONE_POOL_POINT_PER_TEST,
            f"{char['id']}'s last test already took {saved['points']} pool point(s); the limit is {rules.pool_points_per_test}",
            status=409,
        )
    check_linked(params.pool, aptitude=saved["aptitude"], kind=saved["kind"])
    before = result_from_state(saved)
    after = after_roll(before, params.use, critical_replaces_superior=rules.critical_replaces_superior)
    if after is None or rank(after) <= rank(before):
        raise RuleViolation(errors.POOL_USE_HAS_NO_EFFECT, f"{params.use} would not improve a {before.outcome} of {before.roll}", status=409)
    char["pools"] = spend(char["pools"], params.pool, 1)
    char["lastTest"] = result_state(after, aptitude=saved["aptitude"], kind=saved["kind"], points=saved["points"] + 1)
    return new, EclipseAfterRollInSessionResult(
        pool=params.pool, use=params.use, before=judged(before), after=judged(after), character=char["id"], pools=pools_wire(char)
    )


def rep_test(state: dict, params: EclipseRepTestInSession, stream: Stream, actor: Actor) -> tuple[dict, EclipseRepInSessionResult]:
    new = editable(state)
    rules = rules_of(new)
    char = character(new, params.character)
    control(actor, char)
    require_able(char)
    network = char["rep"].get(params.network)
    if network is None:
        raise RuleViolation(errors.UNKNOWN_NETWORK, f"{char['id']} has no {params.network}-rep", status=422)
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
    char["lastTest"] = None  # a rep test's favor is settled: later pool points cannot reopen it
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
