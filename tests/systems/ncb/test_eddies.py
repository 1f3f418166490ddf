"""Eddies and service debt."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.ncb.rules.eddies import transact
from service.systems.ncb.wire.sheet import NcbDebt


def debts_of(*debts: dict) -> list[NcbDebt]:
    return [NcbDebt.model_validate(d) for d in debts]


def plain(debts: tuple[NcbDebt, ...]) -> tuple[dict, ...]:
    return tuple(d.model_dump() for d in debts)


def test_earning_and_spending_move_the_balance() -> None:
    assert transact(100, [], "earn", 50).eddies == 150
    assert transact(100, [], "spend", 60).eddies == 40


def test_spending_more_than_the_balance_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        transact(100, [], "spend", 101)
    assert caught.value.code == "ncb/not-enough-eddies"


def test_a_rescue_creates_debt_even_when_it_saved_a_life() -> None:
    ledger = transact(1200, [], "service", 5000, creditor="Trauma Team", reason="rescue")
    assert ledger.eddies == 0 and ledger.paid == 1200 and ledger.debt_added == 3800
    assert plain(ledger.debts) == ({"creditor": "Trauma Team", "reason": "rescue", "amount": 3800},)


def test_a_service_the_balance_covers_creates_no_debt() -> None:
    ledger = transact(900, [], "service", 500, creditor="Viktor", reason="treatment")
    assert ledger.eddies == 400 and ledger.debts == ()


def test_new_debt_to_the_same_creditor_for_the_same_reason_adds_up() -> None:
    first = transact(0, [], "service", 300, creditor="Viktor", reason="chrome")
    second = transact(0, list(first.debts), "service", 200, creditor="viktor", reason="chrome")
    assert plain(second.debts) == ({"creditor": "Viktor", "reason": "chrome", "amount": 500},) and second.total_debt == 500


def test_repaying_settles_the_oldest_debt_to_that_creditor_first() -> None:
    debts = [
        {"creditor": "Viktor", "reason": "chrome", "amount": 300},
        {"creditor": "Trauma Team", "reason": "rescue", "amount": 1000},
        {"creditor": "Viktor", "reason": "treatment", "amount": 200},
    ]
    ledger = transact(400, debts_of(*debts), "repay", 350, creditor="Viktor")
    assert ledger.eddies == 50 and ledger.debt_repaid == 350
    assert plain(ledger.debts) == (debts[1], {"creditor": "Viktor", "reason": "treatment", "amount": 150})


def test_repaying_too_much_or_nobody_is_refused() -> None:
    debts = debts_of({"creditor": "Viktor", "reason": "chrome", "amount": 300})
    with pytest.raises(RuleViolation) as caught:
        transact(1000, debts, "repay", 301, creditor="Viktor")
    assert caught.value.code == "ncb/overpayment"
    with pytest.raises(RuleViolation) as caught:
        transact(1000, debts, "repay", 10, creditor="Misty")
    assert caught.value.code == "ncb/unknown-debt"
    with pytest.raises(RuleViolation) as caught:
        transact(100, debts, "repay", 200, creditor="Viktor")
    assert caught.value.code == "ncb/not-enough-eddies"


def test_the_ledger_stays_inside_its_limits() -> None:
    with pytest.raises(RuleViolation) as caught:
        transact(999_999_999, [], "earn", 2)
    assert caught.value.code == "ncb/ledger-limit"
