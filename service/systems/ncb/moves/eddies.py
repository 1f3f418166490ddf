"""Eddies and service debt."""

from __future__ import annotations

from service.errors import Problem
from service.registry import Actor
from service.systems.ncb import SYSTEM
from service.systems.ncb import state as table
from service.systems.ncb.moves.shared import ledger_fields
from service.systems.ncb.rules.eddies import transact
from service.systems.ncb.state import NcbState
from service.systems.ncb.wire.eddies import NcbEddiesAction, NcbEddiesParams, NcbLedgerResult


def eddies(p: NcbEddiesParams) -> NcbLedgerResult:
    ledger = transact(p.eddies, p.debts, p.kind, p.amount, creditor=p.creditor or "", reason=p.reason)
    return NcbLedgerResult(**ledger_fields(ledger))


def eddies_in_session(
    state: NcbState, p: NcbEddiesAction, actor: Actor
) -> tuple[NcbState, NcbLedgerResult]:
    c = table.get(state, p.combatant)
    table.require_control(actor, c)
    if p.kind == "earn" and actor.role != "gm":
        raise Problem("forbidden", "only the GM hands out eddies")
    ledger = transact(c.eddies, c.debts, p.kind, p.amount, creditor=p.creditor or "", reason=p.reason)
    c = c.model_copy(update={"eddies": ledger.eddies, "debts": ledger.debts})
    return table.put(state, c), NcbLedgerResult(combatant=c.id, **ledger_fields(ledger))


SYSTEM.mechanic(
    "eddies",
    "Move eddies or service debt",
    "Earn, spend (never below 0), pay for a service (chrome, treatment, rescue: what eddies cannot cover "
    "becomes debt, even when it saved a life) or repay a creditor. Session form: only the GM grants earnings.",
    stateless=eddies,
    session=eddies_in_session,
)
