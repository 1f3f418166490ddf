"""What the moves of several themes share: a target described by numbers, an amount or a formula, a ledger."""

from __future__ import annotations

from typing import Any

from service.systems.ncb.errors import AMOUNT_OR_DICE, refuse
from service.systems.ncb.options import NcbRules
from service.systems.ncb.rules.damage import DOWN, Vitals, damage_reduction
from service.systems.ncb.rules.dice import DiceStream, roll_formula
from service.systems.ncb.rules.eddies import Ledger
from service.systems.ncb.wire.rolls import NcbTargetSpec


def target_vitals(t: NcbTargetSpec, rules: NcbRules) -> Vitals:
    return Vitals(
        hp=t.hp,
        max_hp=t.max_hp,
        condition=t.condition,
        damage_reduction=damage_reduction(t.armor, t.plating, rules.reduction_cap),
        death_successes=t.death_successes,
        death_failures=t.death_failures,
        last_breath=(t.kind == "character") if t.last_breath is None else t.last_breath,
        exhaustion=t.exhaustion,
        nc=t.kind == "nc",
        helpless=t.helpless or t.condition in DOWN,
    )


def amount_or_dice(amount: int | None, dice: str | None, stream: DiceStream) -> tuple[int, dict[str, Any] | None]:
    """Exactly one of a fixed amount or a formula; the formula is rolled (never below 0)."""
    if (amount is None) == (dice is None):
        raise refuse(AMOUNT_OR_DICE, "give exactly one of `amount` or `dice`")
    if dice is None:
        return amount or 0, None
    rolled = roll_formula(dice, stream)
    return max(0, rolled.total), rolled.to_dict()


def ledger_fields(ledger: Ledger) -> dict[str, Any]:
    return {
        "eddies": ledger.eddies,
        "debts": list(ledger.debts),
        "total_debt": ledger.total_debt,
        "paid": ledger.paid,
        "debt_added": ledger.debt_added,
        "debt_repaid": ledger.debt_repaid,
    }
