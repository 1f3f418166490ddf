"""Eddies and service debt."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator
from pydantic.config import JsonDict

from service.model import Model
from service.systems.ncb.wire.sheet import MAX_EDDIES, CombatantId, NcbDebt

Transaction = Literal["earn", "spend", "service", "repay"]
_TRANSACTION = (
    "`earn` and `spend` move eddies; a `service` (chrome, treatment, rescue) is paid from eddies "
    "and the rest becomes debt to `creditor`; `repay` pays a creditor back."
)


# A service or a repayment names its creditor, in JSON Schema as in the validator below.
_CREDITOR_NAMED: JsonDict = {
    "if": {"properties": {"kind": {"enum": ["service", "repay"]}}},
    "then": {"required": ["creditor"], "properties": {"creditor": {"type": "string"}}},
}


class _Transaction(Model):
    model_config = {**Model.model_config, "json_schema_extra": _CREDITOR_NAMED}

    kind: Transaction = Field(description=_TRANSACTION)
    amount: int = Field(ge=1, le=MAX_EDDIES)
    creditor: str | None = Field(
        None, min_length=1, max_length=80, description="Required for `service` and `repay`; ignored otherwise."
    )
    reason: Literal["chrome", "treatment", "rescue", "other"] = "other"

    @model_validator(mode="after")
    def _creditor(self) -> _Transaction:
        if self.kind in ("service", "repay") and self.creditor is None:
            raise ValueError(f"a {self.kind} needs a creditor")
        return self


class NcbEddiesParams(_Transaction):
    eddies: int = Field(0, ge=0, le=MAX_EDDIES)
    debts: list[NcbDebt] = Field(default_factory=list, max_length=20)


class NcbEddiesAction(_Transaction):
    combatant: CombatantId


class NcbLedgerResult(Model):
    combatant: str | None = None
    eddies: int
    debts: list[NcbDebt]
    total_debt: int
    paid: int
    debt_added: int
    debt_repaid: int
