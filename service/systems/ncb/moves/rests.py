"""Short and long rests."""

from __future__ import annotations

from typing import Any

from service.dice.odds import Odds
from service.dice.stream import Stream
from service.plain import as_dict
from service.registry import Actor
from service.systems.ncb import SYSTEM
from service.systems.ncb import state as table
from service.systems.ncb.rules.chrome import refresh
from service.systems.ncb.rules.damage import Vitals
from service.systems.ncb.rules.odds_amounts import hit_dice_odds
from service.systems.ncb.rules.recovery import LongRest, ShortRest, require_rest
from service.systems.ncb.rules.recovery import long_rest as rest_long
from service.systems.ncb.rules.recovery import short_rest as rest_short
from service.systems.ncb.state import NcbState
from service.systems.ncb.wire.sheet import NcbProgramSlotState
from service.systems.ncb.wire.checks import NcbCombatantRef
from service.systems.ncb.wire.rests import (
    NcbLongRestParams,
    NcbLongRestResult,
    NcbShortRestAction,
    NcbShortRestParams,
    NcbShortRestResult,
)


def short_rest(p: NcbShortRestParams, stream: Stream) -> NcbShortRestResult:
    v = Vitals(hp=p.hp, max_hp=p.max_hp, condition=p.condition)
    _, rest = rest_short(
        v,
        spend=p.spend,
        hit_dice=p.hit_dice,
        hit_die=p.hit_die,
        constitution=p.constitution,
        ram_max=p.ram_max,
        stream=stream,
    )
    return NcbShortRestResult(**short_rest_fields(rest))


def short_rest_odds(p: NcbShortRestParams) -> Odds:
    v = Vitals(hp=p.hp, max_hp=p.max_hp, condition=p.condition)
    require_rest(v, spend=p.spend, hit_dice=p.hit_dice)
    return hit_dice_odds(v, p.spend, p.hit_die, p.constitution)


def short_rest_session_odds(state: NcbState, p: NcbShortRestAction, actor: Actor) -> Odds:
    c = table.get(state, p.combatant)
    v = table.vitals(c, state.rules)
    require_rest(v, spend=p.spend, hit_dice=c.hit_dice)
    return hit_dice_odds(v, p.spend, c.hit_die, table.scores(c)["constitution"])


def short_rest_fields(rest: ShortRest) -> dict[str, Any]:
    h = rest.healing
    return {
        "rolls": [as_dict(r) for r in rest.rolls],
        "healed": h.healed,
        "hp": h.hp_after,
        "max_hp": h.max_hp,
        "condition": h.condition,
        "hit_dice_left": rest.hit_dice_left,
        "ram": rest.ram,
    }


def short_rest_in_session(
    state: NcbState, p: NcbShortRestAction, stream: Stream, actor: Actor
) -> tuple[NcbState, NcbShortRestResult]:
    rules = state.rules
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    table.require_out_of_combat(state, c)
    after, rest = rest_short(
        table.vitals(c, rules),
        spend=p.spend,
        hit_dice=c.hit_dice,
        hit_die=c.hit_die,
        constitution=table.scores(c)["constitution"],
        ram_max=c.ram_max,
        stream=stream,
    )
    rested = {"hit_dice": rest.hit_dice_left, "ram": rest.ram, "chrome": refresh(c.chrome, "short-rest")}
    c = table.with_vitals(c, after).model_copy(update=rested)
    return table.put(state, c), NcbShortRestResult(combatant=c.id, **short_rest_fields(rest))


def long_rest(p: NcbLongRestParams) -> NcbLongRestResult:
    v = Vitals(hp=p.hp, max_hp=p.max_hp, condition=p.condition, exhaustion=p.exhaustion)
    _, rest = rest_long(v, hit_dice=p.hit_dice, hit_dice_max=p.level, ram_max=p.ram_max, rules=p.rules)
    slots = [NcbProgramSlotState(tier=i + 1, total=n, used=0) for i, n in enumerate(p.program_slots)]
    return NcbLongRestResult(**long_rest_fields(rest, slots))


def long_rest_fields(rest: LongRest, slots: list[NcbProgramSlotState]) -> dict[str, Any]:
    h = rest.healing
    return {
        "healed": h.healed,
        "hp": h.hp_after,
        "max_hp": h.max_hp,
        "condition": h.condition,
        "hit_dice": rest.hit_dice,
        "hit_dice_regained": rest.hit_dice_regained,
        "exhaustion": rest.exhaustion,
        "ram": rest.ram,
        "program_slots": slots,
        "last_breath": rest.last_breath,
    }


def long_rest_in_session(
    state: NcbState, p: NcbCombatantRef, actor: Actor
) -> tuple[NcbState, NcbLongRestResult]:
    rules = state.rules
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    table.require_out_of_combat(state, c)
    after, rest = rest_long(
        table.vitals(c, rules), hit_dice=c.hit_dice, hit_dice_max=c.level, ram_max=c.ram_max, rules=rules
    )
    slots = [s.model_copy(update={"used": 0}) for s in c.program_slots]
    chrome = refresh(c.chrome, "long-rest")
    rested = {"hit_dice": rest.hit_dice, "ram": rest.ram, "program_slots": tuple(slots), "chrome": chrome}
    c = table.with_vitals(c, after).model_copy(update=rested)
    return table.put(state, c), NcbLongRestResult(combatant=c.id, **long_rest_fields(rest, slots))


SYSTEM.mechanic(
    "short-rest",
    "Take a short rest",
    "Spend hit dice (each heals its roll + Constitution modifier, at least 1) and recover all RAM; "
    "round and short-rest chrome cooldowns reset. Not while dying or in a running combat.",
    stateless=short_rest,
    session=short_rest_in_session,
    odds=short_rest_odds,
    session_odds=short_rest_session_odds,
)
SYSTEM.mechanic(
    "long-rest",
    "Take a long rest",
    "All HP, half the maximum hit dice back (at least one), all program slots and RAM, one exhaustion level "
    "off, Last Breath ready again, every chrome cooldown reset. Needs at least 1 HP at its start (5e default).",
    stateless=long_rest,
    session=long_rest_in_session,
)
