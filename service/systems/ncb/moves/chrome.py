"""Chrome: installing, removing and using implants."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.registry import Actor
from service.systems.ncb import SYSTEM
from service.systems.ncb import state as table
from service.systems.ncb.moves.shared import ledger_fields
from service.systems.ncb.rules.chrome import activate, install, totals, uninstall, usage
from service.systems.ncb.rules.eddies import transact
from service.systems.ncb.state import NcbState
from service.systems.ncb.wire.chrome import (
    NcbActivateChromeAction,
    NcbActivateChromeParams,
    NcbActivateChromeResult,
    NcbChromeResult,
    NcbInstallChromeAction,
    NcbInstallChromeParams,
    NcbUninstallChromeAction,
    NcbUninstallChromeParams,
)
from service.systems.ncb.wire.sheet import NcbImplantView


def chrome_fields(installed: Sequence[NcbImplantView], implant: str, slots: int, capacity: int) -> dict[str, Any]:
    used_slots, used_capacity = usage(installed)
    return {
        "implant": implant,
        "installed": list(installed),
        "slots_used": used_slots,
        "slots": slots,
        "capacity_used": used_capacity,
        "capacity": capacity,
        "bonuses": totals(installed),
    }


def install_chrome(p: NcbInstallChromeParams) -> NcbChromeResult:
    body = p.body
    installed = install(body.installed, p.implant, slots=body.chrome_slots, capacity=body.chrome_capacity)
    payment = None
    if p.price:
        payment = ledger_fields(transact(p.eddies, [], "service", p.price, creditor=p.clinic, reason="chrome"))
    fields = chrome_fields(installed, p.implant.name, body.chrome_slots, body.chrome_capacity)
    return NcbChromeResult.model_validate({**fields, "payment": payment})


def install_chrome_in_session(
    state: NcbState, p: NcbInstallChromeAction, actor: Actor
) -> tuple[NcbState, NcbChromeResult]:
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    installed = install(c.chrome, p.implant, slots=c.chrome_slots, capacity=c.chrome_capacity)
    c = c.model_copy(update={"chrome": installed})
    payment = None
    if p.price:
        ledger = transact(c.eddies, c.debts, "service", p.price, creditor=p.clinic, reason="chrome")
        c = c.model_copy(update={"eddies": ledger.eddies, "debts": ledger.debts})
        payment = {**ledger_fields(ledger), "combatant": c.id}
    fields = chrome_fields(installed, p.implant.name, c.chrome_slots, c.chrome_capacity)
    return table.put(state, c), NcbChromeResult.model_validate(
        {"combatant": c.id, "payment": payment, **fields}
    )


def uninstall_chrome(p: NcbUninstallChromeParams) -> NcbChromeResult:
    installed, removed = uninstall(p.body.installed, p.name)
    return NcbChromeResult(
        **chrome_fields(installed, removed.name, p.body.chrome_slots, p.body.chrome_capacity)
    )


def uninstall_chrome_in_session(
    state: NcbState, p: NcbUninstallChromeAction, actor: Actor
) -> tuple[NcbState, NcbChromeResult]:
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    installed, removed = uninstall(c.chrome, p.name)
    c = c.model_copy(update={"chrome": installed})
    fields = chrome_fields(installed, removed.name, c.chrome_slots, c.chrome_capacity)
    return table.put(state, c), NcbChromeResult(combatant=c.id, **fields)


def activate_chrome(p: NcbActivateChromeParams) -> NcbActivateChromeResult:
    _, used = activate([p.implant], p.implant.name)
    return NcbActivateChromeResult.model_validate({"implant": used})


def activate_chrome_in_session(
    state: NcbState, p: NcbActivateChromeAction, actor: Actor
) -> tuple[NcbState, NcbActivateChromeResult]:
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    table.require_able(c)
    installed, used = activate(c.chrome, p.name)  # judged before the economy is spent
    state, spent = table.spend(state, c.id, p.economy)
    state = table.put(state, c.model_copy(update={"chrome": installed}))
    return state, NcbActivateChromeResult.model_validate(
        {"combatant": c.id, "implant": used, "economy": spent}
    )


SYSTEM.mechanic(
    "install-chrome",
    "Install an implant",
    "The implant takes body slots and capacity from the shared pool; past either it is refused. Its passive "
    "bonuses apply while installed. A price is paid from eddies and what they cannot cover becomes debt.",
    stateless=install_chrome,
    session=install_chrome_in_session,
)
SYSTEM.mechanic(
    "uninstall-chrome",
    "Remove an implant",
    "Frees its slots and capacity; its bonuses stop.",
    stateless=uninstall_chrome,
    session=uninstall_chrome_in_session,
)
SYSTEM.mechanic(
    "activate-chrome",
    "Use an active implant",
    "Starts the implant's cooldown (its owner's turns, or until a rest); refused while it is cooling down.",
    stateless=activate_chrome,
    session=activate_chrome_in_session,
)
