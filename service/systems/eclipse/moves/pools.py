"""The pools' own uses and recharges: stateless, and in a session where they reach the character, its favors and the combat."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.eclipse import SYSTEM, errors
from service.systems.eclipse.moves.common import pass_time
from service.systems.eclipse.rules.clock import counts, label, next_allowed, now, recent
from service.systems.eclipse.rules.pools import long_recharge, short_recharge, special_cost, special_effect, spend
from service.systems.eclipse.rules.recharge import check_allocation, check_recharge, minutes, timeframe
from service.systems.eclipse.rules.rep import USED_KEY
from service.systems.eclipse.state import character, control, editable, gm_only, pools_wire, rules_of
from service.systems.eclipse.wire.common import EclipsePools
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


def recharge(params: EclipseRechargeInput, stream: Stream) -> EclipseRechargeResult:
    pools = params.pools.model_dump()
    for name, values in pools.items():
        if values["current"] > values["max"]:
            raise errors.refuse(errors.POOL_EMPTY, f"{name} current {values['current']} is above its maximum {values['max']}")
    check_allocation(params.kind, len(params.allocation))
    check_recharge(params.kind, short_used=params.short_used_today, long_used=params.long_used_today, rules=params.rules)
    rolled = None
    if params.kind == "short":
        rolled = stream.roll(6)
        done = short_recharge(pools, rolled, [(a.pool, a.up_to) for a in params.allocation])
    else:
        done = long_recharge(pools)
    return EclipseRechargeResult(
        kind=params.kind,
        rolled=rolled,
        restored=EclipseRestored(**done.restored),
        lost=done.lost,
        pools=EclipsePools.model_validate(done.pools),
        timeframe=timeframe(params.kind, flat=params.flat),
        timeframe_minutes=minutes(params.kind, flat=params.flat),
    )


def pool_use_in_session(state: dict, params: EclipsePoolUseInSession, actor: Actor) -> tuple[dict, EclipsePoolUseInSessionResult]:
    new = editable(state)
    char = character(new, params.character)
    control(actor, char)
    cost = special_cost(params.pool, params.use, params.favor)
    char["pools"] = spend(char["pools"], params.pool, cost)
    effect = special_effect(params.pool, params.use)
    apply_effect = _EFFECTS.get(params.use)
    if apply_effect is not None:
        effect = apply_effect(new, char, params) or effect
    return new, EclipsePoolUseInSessionResult(
        pool=params.pool,
        use=params.use,
        cost=cost,
        remaining=char["pools"][params.pool]["current"],
        effect=effect,
        character=char["id"],
        pools=pools_wire(char),
    )


def _ignore_wound(state: dict, char: dict, params: EclipsePoolUseInSession) -> str:
    if char["ignoredWounds"] >= char["wounds"]:
        raise errors.refuse(errors.POOL_USE_HAS_NO_EFFECT, f"{char['id']} has no wound left to ignore")
    char["ignoredWounds"] += 1
    return f"ignores one wound until the day changes ({char['wounds'] - char['ignoredWounds']} still count)"


def _ignore_trauma(state: dict, char: dict, params: EclipsePoolUseInSession) -> str:
    if char["ignoredTraumas"] >= char["traumas"]:
        raise errors.refuse(errors.POOL_USE_HAS_NO_EFFECT, f"{char['id']} has no trauma left to ignore")
    char["ignoredTraumas"] += 1
    return f"ignores one trauma until the day changes ({char['traumas'] - char['ignoredTraumas']} still count)"


def _refresh_rep(state: dict, char: dict, params: EclipsePoolUseInSession) -> str:
    if params.network is None:
        raise errors.refuse(errors.FAVOR_REFRESH, "name the rep `network` whose favor to refresh")
    network = char["rep"].get(params.network)
    if network is None:
        raise errors.refuse(errors.UNKNOWN_NETWORK, f"{char['id']} has no {params.network}-rep")
    assert params.favor is not None  # special_cost refused a refresh that names no favor
    used_key = USED_KEY[params.favor]
    if network[used_key] <= 0:
        raise errors.refuse(errors.NO_FAVOR_TO_REFRESH, f"no {params.favor} favor has been used in {params.network}-rep this week")
    network[used_key] -= 1
    return f"one {params.favor} {params.network}-rep favor is available again"


def _combat_slot(state: dict, char: dict) -> dict:
    combat = state.get("combat")
    if not combat or not any(slot["name"] == char["id"] for slot in combat["order"]):
        raise errors.refuse(errors.NOT_IN_COMBAT, f"{char['id']} is not in a running combat")
    return combat


def _take_initiative(state: dict, char: dict, params: EclipsePoolUseInSession) -> None:
    combat = _combat_slot(state, char)
    if char["id"] not in combat["first"]:
        combat["first"].append(char["id"])
    if params.pool == "insight" and char["id"] not in combat["mentalOnly"]:
        combat["mentalOnly"].append(char["id"])


def _extra_action(state: dict, char: dict, params: EclipsePoolUseInSession) -> None:
    combat = _combat_slot(state, char)
    kind = "mental" if params.pool == "insight" else "physical"
    combat["extras"].setdefault(char["id"], []).append(kind)


_EFFECTS = {
    "ignore-wound": _ignore_wound,
    "ignore-trauma": _ignore_trauma,
    "refresh-rep": _refresh_rep,
    "take-initiative": _take_initiative,
    "extra-action": _extra_action,
}


def recharge_in_session(state: dict, params: EclipseRechargeInSession, stream: Stream, actor: Actor) -> tuple[dict, EclipseRechargeInSessionResult]:
    """A recharge counts against the limits for 24 hours of the table's clock from when it starts."""
    new = editable(state)
    rules = rules_of(new)
    char = character(new, params.character)
    control(actor, char)
    if params.advance_clock:
        gm_only(new, actor, "move the clock")
    check_allocation(params.kind, len(params.allocation))
    at = now(new["clock"])
    log = recent(char.get("rechargeLog", []), at)
    used = counts(log, at)
    limit = rules.short_recharges_per_day if params.kind == "short" else rules.long_recharges_per_day
    again = next_allowed(log, params.kind, limit, at)
    check_recharge(params.kind, short_used=used["short"], long_used=used["long"], rules=rules, again_at=label(again) if again is not None else None)
    rolled = None
    if params.kind == "short":
        rolled = stream.roll(6)
        done = short_recharge(char["pools"], rolled, [(a.pool, a.up_to) for a in params.allocation])
    else:
        done = long_recharge(char["pools"])
    char["pools"] = done.pools
    char["rechargeLog"] = log + [{"kind": params.kind, "at": at}]
    char["recharges"] = counts(char["rechargeLog"], at)
    used_now = char["recharges"][params.kind]
    char["ongoing"] = []  # an ongoing pool bonus lasts until the next recharge
    took = minutes(params.kind, flat=char["flat"])
    clock = pass_time(new, took) if params.advance_clock else None
    return new, EclipseRechargeInSessionResult(
        kind=params.kind,
        rolled=rolled,
        restored=EclipseRestored(**done.restored),
        lost=done.lost,
        pools=EclipsePools.model_validate(done.pools),
        timeframe=timeframe(params.kind, flat=char["flat"]),
        timeframe_minutes=took,
        character=char["id"],
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
)
