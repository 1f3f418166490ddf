"""Eddies and service debt: a balance that never goes negative, and what is owed to whom.

Chrome, treatment and rescue are services: the balance pays what it can and the rest
becomes debt to the provider, even when the service saved a life. A debt is an `NcbDebt`
(creditor, reason, amount); repaying a creditor settles its oldest first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from service.systems.ncb.errors import LEDGER_LIMIT, NOT_ENOUGH_EDDIES, OVERPAYMENT, UNKNOWN_DEBT, refuse
from service.systems.ncb.wire.sheet import NcbDebt

Reason = Literal["chrome", "treatment", "rescue", "other"]
Transaction = Literal["earn", "spend", "service", "repay"]

# Every amount stays inside GraphQL's 32-bit Int; the debt list stays short.
MAX_AMOUNT = 1_000_000_000
MAX_DEBTS = 20


@dataclass(frozen=True, slots=True)
class Ledger:
    eddies: int
    debts: tuple[NcbDebt, ...]
    paid: int  # eddies that left the balance
    debt_added: int
    debt_repaid: int

    @property
    def total_debt(self) -> int:
        return sum(d.amount for d in self.debts)


def _owed(debts: Sequence[NcbDebt], creditor: str) -> int:
    return sum(d.amount for d in debts if d.creditor.casefold() == creditor.casefold())


def transact(
    eddies: int,
    debts: Sequence[NcbDebt],
    kind: Transaction,
    amount: int,
    *,
    creditor: str = "",
    reason: Reason = "other",
) -> Ledger:
    if kind == "earn":
        if eddies + amount > MAX_AMOUNT:
            raise refuse(LEDGER_LIMIT, f"a balance stops at {MAX_AMOUNT} eddies")
        return Ledger(eddies + amount, tuple(debts), 0, 0, 0)
    if kind == "spend":
        if amount > eddies:
            raise refuse(NOT_ENOUGH_EDDIES, f"spending {amount} eddies with {eddies} in hand; a service can go on debt")
        return Ledger(eddies - amount, tuple(debts), amount, 0, 0)
    if kind == "service":
        paid = min(eddies, amount)
        owed = amount - paid
        return Ledger(eddies - paid, _add_debt(debts, creditor, reason, owed), paid, owed, 0)
    owed = _owed(debts, creditor)
    if owed == 0:
        raise refuse(UNKNOWN_DEBT, f"nothing is owed to {creditor!r}")
    if amount > owed:
        raise refuse(OVERPAYMENT, f"{owed} is owed to {creditor!r}; repaying {amount} is too much")
    if amount > eddies:
        raise refuse(NOT_ENOUGH_EDDIES, f"repaying {amount} eddies with {eddies} in hand")
    left, out = amount, []
    for debt in debts:
        if left and debt.creditor.casefold() == creditor.casefold():
            take = min(left, debt.amount)
            left -= take
            if debt.amount > take:
                out.append(debt.model_copy(update={"amount": debt.amount - take}))
            continue
        out.append(debt)
    return Ledger(eddies - amount, tuple(out), amount, 0, amount)


def _add_debt(debts: Sequence[NcbDebt], creditor: str, reason: Reason, amount: int) -> tuple[NcbDebt, ...]:
    """New debt joins what is already owed to the same creditor for the same reason."""
    if amount == 0:
        return tuple(debts)
    out, merged = [], False
    for debt in debts:
        if not merged and debt.creditor.casefold() == creditor.casefold() and debt.reason == reason:
            debt = debt.model_copy(update={"amount": debt.amount + amount})
            merged = True
        out.append(debt)
    if not merged:
        out.append(NcbDebt(creditor=creditor, reason=reason, amount=amount))
    if len(out) > MAX_DEBTS or any(d.amount > MAX_AMOUNT for d in out):
        raise refuse(LEDGER_LIMIT, f"debts stop at {MAX_DEBTS} creditors and {MAX_AMOUNT} eddies each")
    return tuple(out)
