"""The pools' own uses and recharges: stateless, and in a session where they reach the character, its favors and the combat."""

from __future__ import annotations

from collections.abc import Callable

from service.dice.odds import Odds
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.eclipse import SYSTEM, errors
from service.systems.eclipse.moves.common import pass_time
from service.systems.eclipse.rules.clock import RechargeStart, counts, label, next_allowed, now, recent
from service.systems.eclipse.rules.odds_recharge import recharged_odds
from service.systems.eclipse.rules.pools import POOLS, Level, roll_recharge, special_cost, special_effect, spend
from service.systems.eclipse.rules.recharge import check_allocation, check_recharge, minutes, timeframe
from service.systems.eclipse.state import Character, Combat, EclipseState, Recharges, control, gm_only, pools_wire
from service.systems.eclipse.wire.pools import (
    EclipsePoolUseInSession,
    EclipsePoolUseInSessionResult,
    EclipsePoolUseInput,
    EclipsePoolUseResult,
    EclipseRechargeInSession,
    EclipseRechargeInSessionResult,
    EclipseRechargeInput,
    EclipseRechargeResult,
    EclipseRestored,
)


def pool_use(params: EclipsePoolUseInput) -> EclipsePoolUseResult:
    cost = special_cost(params.pool, params.use, params.favor)
    if cost > params.available:
        raise errors.refuse(errors.POOL_EMPTY, f"{params.pool} holds {params.available} point(s); {params.use} costs {cost}")
    return EclipsePoolUseResult(
        pool=params.pool, use=params.use, cost=cost, remaining=params.available - cost, effect=special_effect(params.pool, params.use)
    )


def _pools(params: EclipseRechargeInput) -> dict[str, Level]:
    """The pools as given (the request's own levels: a recharge only reads them), once the recharge is
    known to be allowed."""
    pools: dict[str, Level] = {name: getattr(params.pools, name) for name in POOLS}
    for name, level in pools.items():
        if level.current > level.max:
            raise errors.refuse(errors.POOL_EMPTY, f"{name} current {level.current} is above its maximum {level.max}")
    check_allocation(params.kind, len(params.allocation))
    check_recharge(params.kind, short_used=params.short_used_today, long_used=params.long_used_today, rules=params.rules)
    return pools


def recharge_odds(params: EclipseRechargeInput) -> Odds:
    allocation = [(a.pool, a.up_to) for a in params.allocation]
    return recharged_odds(params.kind, _pools(params), allocation)


def recharge_session_odds(state: EclipseState, params: EclipseRechargeInSession, actor: Actor) -> Odds:
    """What the recharge would restore to the character's pools now; the day's limits are not checked."""
    char = state.character(params.character)
    check_allocation(params.kind, len(params.allocation))
    allocation = [(a.pool, a.up_to) for a in params.allocation]
    return recharged_odds(params.kind, char.pools, allocation)


def recharge(params: EclipseRechargeInput, stream: Stream) -> EclipseRechargeResult:
    pools = _pools(params)
    rolled, done = roll_recharge(stream, params.kind, pools, [(a.pool, a.up_to) for a in params.allocation])
    return EclipseRechargeResult(
        kind=params.kind,
        rolled=rolled,
        restored=EclipseRestored(**done.restored),
        lost=done.lost,
        pools=pools_wire(done.pools),
        timeframe=timeframe(params.kind, flat=params.flat),
        timeframe_minutes=minutes(params.kind, flat=params.flat),
    )


def pool_use_in_session(
    state: EclipseState, params: EclipsePoolUseInSession, actor: Actor
) -> tuple[EclipseState, EclipsePoolUseInSessionResult]:
    char = state.character(params.character)
    control(actor, char)
    cost = special_cost(params.pool, params.use, params.favor)
    char = char.with_pools(spend(char.pools, params.pool, cost))
    effect = special_effect(params.pool, params.use)
    new = state.with_character(char)
    apply_effect = _EFFECTS.get(params.use)
    if apply_effect is not None:
        new, said = apply_effect(new, char, params)
        effect = said or effect
    return new, EclipsePoolUseInSessionResult(
        pool=params.pool,
        use=params.use,
        cost=cost,
        remaining=char.pools[params.pool].current,
        effect=effect,
        character=char.id,
        pools=char.pools_wire,
    )


Effect = Callable[[EclipseState, Character, EclipsePoolUseInSession], tuple[EclipseState, str | None]]


def _ignore_wound(state: EclipseState, char: Character, params: EclipsePoolUseInSession) -> tuple[EclipseState, str | None]:
    if char.ignored_wounds >= char.wounds:
        raise errors.refuse(errors.POOL_USE_HAS_NO_EFFECT, f"{char.id} has no wound left to ignore")
    char = char.model_copy(update={"ignored_wounds": char.ignored_wounds + 1})
    return state.with_character(char), f"ignores one wound until the day changes ({char.wounds - char.ignored_wounds} still count)"


def _ignore_trauma(state: EclipseState, char: Character, params: EclipsePoolUseInSession) -> tuple[EclipseState, str | None]:
    if char.ignored_traumas >= char.traumas:
        raise errors.refuse(errors.POOL_USE_HAS_NO_EFFECT, f"{char.id} has no trauma left to ignore")
    char = char.model_copy(update={"ignored_traumas": char.ignored_traumas + 1})
    return state.with_character(char), f"ignores one trauma until the day changes ({char.traumas - char.ignored_traumas} still count)"


def _refresh_rep(state: EclipseState, char: Character, params: EclipsePoolUseInSession) -> tuple[EclipseState, str | None]:
    if params.network is None:
        raise errors.refuse(errors.FAVOR_REFRESH, "name the rep `network` whose favor to refresh")
    network = char.rep.get(params.network)
    if network is None:
        raise errors.refuse(errors.UNKNOWN_NETWORK, f"{char.id} has no {params.network}-rep")
    assert params.favor is not None  # special_cost refused a refresh that names no favor
    used = network.used(params.favor)
    if used <= 0:
        raise errors.refuse(errors.NO_FAVOR_TO_REFRESH, f"no {params.favor} favor has been used in {params.network}-rep this week")
    char = char.model_copy(update={"rep": {**char.rep, params.network: network.with_used(params.favor, used - 1)}})
    return state.with_character(char), f"one {params.favor} {params.network}-rep favor is available again"


def _combat_of(state: EclipseState, char: Character) -> Combat:
    combat = state.combat
    if combat is None or not combat.in_order(char.id):
        raise errors.refuse(errors.NOT_IN_COMBAT, f"{char.id} is not in a running combat")
    return combat


def _take_initiative(state: EclipseState, char: Character, params: EclipsePoolUseInSession) -> tuple[EclipseState, str | None]:
    combat = _combat_of(state, char)
    first = combat.first if char.id in combat.first else (*combat.first, char.id)
    insight = params.pool == "insight" and char.id not in combat.mental_only
    mental_only = (*combat.mental_only, char.id) if insight else combat.mental_only
    return state.with_combat(combat.model_copy(update={"first": first, "mental_only": mental_only})), None


def _extra_action(state: EclipseState, char: Character, params: EclipsePoolUseInSession) -> tuple[EclipseState, str | None]:
    combat = _combat_of(state, char)
    kind = "mental" if params.pool == "insight" else "physical"
    extras = {**combat.extras, char.id: (*combat.extras.get(char.id, ()), kind)}
    return state.with_combat(combat.model_copy(update={"extras": extras})), None


_EFFECTS: dict[str, Effect] = {
    "ignore-wound": _ignore_wound,
    "ignore-trauma": _ignore_trauma,
    "refresh-rep": _refresh_rep,
    "take-initiative": _take_initiative,
    "extra-action": _extra_action,
}


def recharge_in_session(
    state: EclipseState, params: EclipseRechargeInSession, stream: Stream, actor: Actor
) -> tuple[EclipseState, EclipseRechargeInSessionResult]:
    """A recharge counts against the limits for 24 hours of the table's clock from when it starts."""
    rules = state.rules
    char = state.character(params.character)
    control(actor, char)
    if params.advance_clock:
        gm_only(actor, "move the clock")
    check_allocation(params.kind, len(params.allocation))
    at = now(state.clock)
    log = recent(char.recharge_log, at)
    used = counts(log, at)
    limit = rules.short_recharges_per_day if params.kind == "short" else rules.long_recharges_per_day
    again = next_allowed(log, params.kind, limit, at)
    check_recharge(params.kind, short_used=used["short"], long_used=used["long"], rules=rules, again_at=label(again) if again is not None else None)
    rolled, done = roll_recharge(stream, params.kind, char.pools, [(a.pool, a.up_to) for a in params.allocation])
    recharge_log = (*log, RechargeStart(kind=params.kind, at=at))
    recharges = Recharges(**counts(recharge_log, at))
    used_now = recharges.short if params.kind == "short" else recharges.long
    # An ongoing pool bonus lasts until the next recharge.
    char = char.model_copy(update={"pools": done.pools, "recharge_log": recharge_log, "recharges": recharges, "ongoing": ()})
    new = state.with_character(char)
    took = minutes(params.kind, flat=char.flat)
    clock = None
    if params.advance_clock:
        new, clock = pass_time(new, took)
    return new, EclipseRechargeInSessionResult(
        kind=params.kind,
        rolled=rolled,
        restored=EclipseRestored(**done.restored),
        lost=done.lost,
        pools=pools_wire(done.pools),
        timeframe=timeframe(params.kind, flat=char.flat),
        timeframe_minutes=took,
        character=char.id,
        at=label(at),
        used_last_24_hours=used_now,
        clock=clock,
    )


SYSTEM.mechanic(
    "pool-use",
    "Spend pool points on a pool's own use (take the initiative, extra action, clue, refresh favors, Flex narrative…)",
    "Insight: take the initiative, extra mental action, acquire a clue. Moxie: ignore a trauma, refresh a favor "
    "(1 point Minor, 2 Moderate), acquire a clue, control infection, negate a gaffe. Vigor: take the initiative, "
    "extra physical action, ignore a wound. Flex: introduce an NPC or item, define the environment or a "
    "relationship. In a session the effects reach the character, its favors and the running combat.",
    stateless=pool_use,
    session=pool_use_in_session,
)
SYSTEM.mechanic(
    "recharge",
    "Recharge pools: short (1d6 points, twice a day) or long (all, once a day)",
    "A short recharge (10 minutes) rolls 1d6 and hands the points out along `allocation`, never past a pool's "
    "maximum; the rest is lost. The player decides where the points go, so a short recharge without an `allocation` "
    "is refused (`eclipse/recharge-allocation`, 422) before anything is rolled or counted. A long recharge (4 hours, 8 for flats) refills every pool. In a session the limits "
    "count the recharges started in the last 24 hours of the table's clock (a refusal says when the next one fits), "
    "a recharge ends ongoing pool bonuses, and `advanceClock` (GM) lets its 10 minutes or 4/8 hours pass.",
    stateless=recharge,
    session=recharge_in_session,
    odds=recharge_odds,
    session_odds=recharge_session_odds,
)
