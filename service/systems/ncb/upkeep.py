"""Session forms of what happens between fights: rests, levels, chrome and eddies."""

from __future__ import annotations

from service.errors import Problem
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.ncb import chrome, eddies
from service.systems.ncb import state as table
from service.systems.ncb.abilities import SUBCLASS_LEVEL
from service.systems.ncb.errors import COMBAT_RUNNING, SUBCLASS_TOO_EARLY, refuse
from service.systems.ncb.models import checks, resources
from service.systems.ncb.recovery import level_up as gain_level
from service.systems.ncb.recovery import long_rest as rest_long
from service.systems.ncb.recovery import short_rest as rest_short
from service.systems.ncb.stateless import chrome_fields, ledger_fields, long_rest_fields, short_rest_fields


def _require_out_of_combat(state: dict, c: dict) -> None:
    combat = state["combat"]
    if combat is not None and c["id"] in (s["id"] for s in combat["order"]):
        raise refuse(COMBAT_RUNNING, f"{c['id']} is in a running combat; rest when it ends")


def short_rest(state: dict, p: resources.NcbShortRestAction, stream: Stream, actor: Actor) -> tuple[dict, resources.NcbShortRestResult]:
    rules = table.rules_of(state)
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    _require_out_of_combat(state, c)
    after, rest = rest_short(
        table.vitals(c, rules),
        spend=p.spend,
        hit_dice=c["hitDice"],
        hit_die=c["hitDie"],
        constitution=table.scores(c)["constitution"],
        ram_max=c["ramMax"],
        stream=stream,
    )
    c = {
        **table.with_vitals(c, after),
        "hitDice": rest.hit_dice_left,
        "ram": rest.ram,
        "chrome": chrome.refresh(c["chrome"], "short-rest"),
    }
    return table.put(state, c), resources.NcbShortRestResult(combatant=c["id"], **short_rest_fields(rest))


def long_rest(state: dict, p: checks.NcbCombatantRef, stream: Stream, actor: Actor) -> tuple[dict, resources.NcbLongRestResult]:
    rules = table.rules_of(state)
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    _require_out_of_combat(state, c)
    after, rest = rest_long(
        table.vitals(c, rules), hit_dice=c["hitDice"], hit_dice_max=c["level"], ram_max=c["ramMax"], rules=rules
    )
    slots = [{**s, "used": 0} for s in c["programSlots"]]
    c = {
        **table.with_vitals(c, after),
        "hitDice": rest.hit_dice,
        "ram": rest.ram,
        "programSlots": slots,
        "chrome": chrome.refresh(c["chrome"], "long-rest"),
    }
    return table.put(state, c), resources.NcbLongRestResult(combatant=c["id"], **long_rest_fields(rest, slots))


def level_up(state: dict, p: checks.NcbLevelUpAction, stream: Stream, actor: Actor) -> tuple[dict, checks.NcbLevelUpResult]:
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    table.require_able(c)
    _require_out_of_combat(state, c)
    if p.subclass is not None and c["level"] + 1 < SUBCLASS_LEVEL:
        raise refuse(
            SUBCLASS_TOO_EARLY,
            f"subclasses unlock at level {SUBCLASS_LEVEL}; this makes level {c['level'] + 1}",
        )
    up = gain_level(
        level=c["level"],
        hp=c["hp"],
        max_hp=c["maxHp"],
        hit_die=c["hitDie"],
        constitution=table.scores(c)["constitution"],
        method=p.method,
        stream=stream,
    )
    subclass = p.subclass if p.subclass is not None else c["subclass"]
    c = {**c, "level": up.level, "maxHp": up.max_hp, "hp": up.hp, "hitDice": c["hitDice"] + 1, "subclass": subclass}
    return table.put(state, c), checks.NcbLevelUpResult(combatant=c["id"], subclass=subclass, **table.as_dict(up))


def install_chrome(state: dict, p: resources.NcbInstallChromeAction, stream: Stream, actor: Actor) -> tuple[dict, resources.NcbChromeResult]:
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    implant = p.implant.model_dump(mode="json", by_alias=True)
    installed = chrome.install(c["chrome"], implant, slots=c["chromeSlots"], capacity=c["chromeCapacity"])
    c = {**c, "chrome": installed}
    payment = None
    if p.price:
        ledger = eddies.transact(c["eddies"], c["debts"], "service", p.price, creditor=p.clinic, reason="chrome")
        c = {**c, "eddies": ledger.eddies, "debts": list(ledger.debts)}
        payment = {**ledger_fields(ledger), "combatant": c["id"]}
    fields = chrome_fields(installed, p.implant.name, c["chromeSlots"], c["chromeCapacity"])
    return table.put(state, c), resources.NcbChromeResult.model_validate(
        {"combatant": c["id"], "payment": payment, **fields}
    )


def uninstall_chrome(state: dict, p: resources.NcbUninstallChromeAction, stream: Stream, actor: Actor) -> tuple[dict, resources.NcbChromeResult]:
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    installed, removed = chrome.uninstall(c["chrome"], p.name)
    c = {**c, "chrome": installed}
    fields = chrome_fields(installed, removed["name"], c["chromeSlots"], c["chromeCapacity"])
    return table.put(state, c), resources.NcbChromeResult(combatant=c["id"], **fields)


def activate_chrome(state: dict, p: resources.NcbActivateChromeAction, stream: Stream, actor: Actor) -> tuple[dict, resources.NcbActivateChromeResult]:
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    table.require_able(c)
    installed, used = chrome.activate(c["chrome"], p.name)  # judged before the economy is spent
    state, spent = table.spend(state, c["id"], p.economy)
    state = table.put(state, {**c, "chrome": installed})
    return state, resources.NcbActivateChromeResult.model_validate(
        {"combatant": c["id"], "implant": used, "economy": spent}
    )


def eddies_(state: dict, p: resources.NcbEddiesAction, stream: Stream, actor: Actor) -> tuple[dict, resources.NcbLedgerResult]:
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    if p.kind == "earn" and actor.role != "gm":
        raise Problem("forbidden", "only the GM hands out eddies")
    ledger = eddies.transact(c["eddies"], c["debts"], p.kind, p.amount, creditor=p.creditor or "", reason=p.reason)
    c = {**c, "eddies": ledger.eddies, "debts": list(ledger.debts)}
    return table.put(state, c), resources.NcbLedgerResult(combatant=c["id"], **ledger_fields(ledger))
