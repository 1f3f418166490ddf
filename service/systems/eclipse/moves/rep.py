"""Rep tests: stateless, and in a session where the score and the favors used are kept per network."""

from __future__ import annotations

from service.dice.odds import Distribution, Odds, Outcome
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.eclipse import SYSTEM, errors
from service.systems.eclipse.moves.procedures import D100, PlannedTest, common_modifiers, plan_test, roll_test, spends_from
from service.systems.eclipse.rules import kept_tests
from service.systems.eclipse.rules.character import require_able, state_modifiers
from service.systems.eclipse.rules.odds_grades import grades
from service.systems.eclipse.rules.odds_tests import test_distributions
from service.systems.eclipse.rules.pools import check_test_spends
from service.systems.eclipse.rules.rep import burn, favor_burn, limit, rep_modifiers
from service.systems.eclipse.moves.common import check_affordable, pay
from service.systems.eclipse.state import EclipseState, Standing, control
from service.systems.eclipse.wire.rep import (
    EclipseRepInSessionResult,
    EclipseRepResult,
    EclipseRepTestInSession,
    EclipseRepTestInput,
)


def _plan(params: EclipseRepTestInput) -> tuple[int, int, PlannedTest]:
    """Rep burnt for the favor, the score after burning, and the test against the score."""
    rules = params.rules
    for_favor = favor_burn(params.favor, params.used, rules, burn_for_extra=params.burn_for_extra_favor)
    score_after = burn(params.score, params.burn_for_bonus + for_favor)
    modifiers = common_modifiers(specialization=False, retries=params.retries, listed=params.modifiers)
    modifiers += rep_modifiers(params.favor, secrecy=params.secrecy, burn_bonus=params.burn_for_bonus)
    planned = plan_test(base=params.score, modifiers=modifiers, spends=spends_from(params.pool_spends), aptitude=None, kind="rep", rules=rules)
    return for_favor, score_after, planned


def rep_test(params: EclipseRepTestInput, stream: Stream) -> EclipseRepResult:
    rules = params.rules
    for_favor, score_after, planned = _plan(params)
    t = roll_test(stream, planned)
    granted = t.run.result.success
    counts = granted or rules.failed_favor_counts
    return EclipseRepResult(
        network=params.network,
        favor=params.favor,
        granted=granted,
        test=t.wire,
        limit=limit(params.favor, rules),
        used_before=params.used,
        used_after=params.used + (1 if counts else 0),
        burnt_for_bonus=params.burn_for_bonus,
        burnt_for_favor=for_favor,
        score_before=params.score,
        score_after=score_after,
    )


def rep_test_in_session(
    state: EclipseState, params: EclipseRepTestInSession, stream: Stream, actor: Actor
) -> tuple[EclipseState, EclipseRepInSessionResult]:
    rules = state.rules
    char = state.character(params.character)
    control(actor, char)
    require_able(char)
    network, used, for_favor, score_after, planned = _session_plan(state, params)
    score = network.score
    done = roll_test(stream, planned)
    granted = done.run.result.success
    used_after = used + (1 if granted or rules.failed_favor_counts else 0)
    standing = network.with_used(params.favor, used_after).model_copy(update={"score": score_after})
    char = pay(char, done.run.spends).model_copy(update={"next_test_modifier": 0, "rep": {**char.rep, params.network: standing}})
    char = kept_tests.settle(char)  # a rep test's favor is settled: later pool points cannot reopen it
    return state.with_character(char), EclipseRepInSessionResult(
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
        character=char.id,
        pools=char.pools_wire,
    )


def _session_plan(state: EclipseState, params: EclipseRepTestInSession) -> tuple[Standing, int, int, int, PlannedTest]:
    """The network, its favors used, rep burnt for the favor, the score after, and the test."""
    rules = state.rules
    char = state.character(params.character)
    network = char.rep.get(params.network)
    if network is None:
        raise errors.refuse(errors.UNKNOWN_NETWORK, f"{char.id} has no {params.network}-rep")
    used = network.used(params.favor)
    for_favor = favor_burn(params.favor, used, rules, burn_for_extra=params.burn_for_extra_favor)
    score_after = burn(network.score, params.burn_for_bonus + for_favor)
    modifiers = common_modifiers(specialization=False, retries=params.retries, listed=params.modifiers)
    modifiers += rep_modifiers(params.favor, secrecy=params.secrecy, burn_bonus=params.burn_for_bonus)
    modifiers += state_modifiers(char, None, rules)
    spends = spends_from(params.pool_spends)
    check_test_spends(spends, aptitude=None, kind="rep", per_test=rules.pool_points_per_test)
    check_affordable(char, spends)
    planned = plan_test(base=network.score, modifiers=modifiers, spends=spends, aptitude=None, kind="rep", rules=rules)
    return network, used, for_favor, score_after, planned


def _rep_odds(planned: PlannedTest) -> Odds:
    results = planned.results()
    graded, total = grades(results)  # success is part of a result's grade
    granted: dict[Outcome, int] = {"refused": 0, "granted": 0}
    for result, n in graded:
        granted["granted" if result.success else "refused"] += n
    assert sum(granted.values()) == total, "every result grants the favor or refuses it"
    return Odds.of(Distribution.counted("favor", granted), test_distributions(results))


def rep_test_odds(params: EclipseRepTestInput) -> Odds:
    return _rep_odds(_plan(params)[2])


def rep_test_session_odds(state: EclipseState, params: EclipseRepTestInSession, actor: Actor) -> Odds:
    return _rep_odds(_session_plan(state, params)[4])


SYSTEM.mechanic(
    "rep-test",
    "Ask a network for a favor: a rep test with favor-size modifiers, secrecy, limits and burning rep",
    "Target: the rep score; Minor +10, Moderate 0, Major −30; an optional secrecy penalty; burnt rep gives twice "
    "its points as a bonus. Minor favors 3 a week, Moderate 1 a week, Major 1 a story arc per network; beyond that "
    "burning 5 / 10 / 20 rep buys one more. Moxie or Flex may help. In a session the score and the favors used "
    "this week and arc are kept per network. " + D100,
    stateless=rep_test,
    session=rep_test_in_session,
    odds=rep_test_odds,
    session_odds=rep_test_session_odds,
)
