"""Session forms of the pools' own uses, the ongoing bonus, and recharges."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.eclipse import errors
from service.systems.eclipse.models import EclipsePools, EclipseRestored
from service.systems.eclipse.pools import long_recharge, ongoing_bonus, short_recharge, special_cost, special_effect, spend
from service.systems.eclipse.clock import counts, label, next_allowed, now, recent
from service.systems.eclipse.recharge import check_allocation, check_recharge, minutes, timeframe
from service.systems.eclipse.rep import USED_KEY
from service.systems.eclipse.session_models import (
    EclipseOngoingResult,
    EclipsePoolOngoingInSession,
    EclipsePoolUseInSession,
    EclipsePoolUseInSessionResult,
    EclipseRechargeInSession,
    EclipseRechargeInSessionResult,
)
from service.systems.eclipse.session_table import pass_time
from service.systems.eclipse.table import character, control, editable, gm_only, pools_wire, rules_of


def pool_use(state: dict, params: EclipsePoolUseInSession, actor: Actor) -> tuple[dict, EclipsePoolUseInSessionResult]:
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


def pool_ongoing(state: dict, params: EclipsePoolOngoingInSession, actor: Actor) -> tuple[dict, EclipseOngoingResult]:
    new = editable(state)
    char = character(new, params.character)
    control(actor, char)
    bonus = ongoing_bonus(params.pool, params.aptitude, params.points)
    char["pools"] = spend(char["pools"], params.pool, params.points)
    # One ongoing bonus per aptitude: a new one replaces a weaker one rather than stacking.
    kept = [o for o in char["ongoing"] if o["aptitude"] != params.aptitude]
    char["ongoing"] = kept + [{"pool": params.pool, "aptitude": params.aptitude, "bonus": bonus}]
    return new, EclipseOngoingResult(character=char["id"], pool=params.pool, aptitude=params.aptitude, bonus=bonus, pools=pools_wire(char))


def recharge(state: dict, params: EclipseRechargeInSession, stream: Stream, actor: Actor) -> tuple[dict, EclipseRechargeInSessionResult]:
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
