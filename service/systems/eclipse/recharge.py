"""How often pools may recharge, and how long a recharge takes."""

from __future__ import annotations

from service.errors import RuleViolation
from service.systems.eclipse import errors
from service.systems.eclipse.rules import EclipseRules

SHORT_MINUTES = 10
LONG_HOURS = 4
LONG_HOURS_FLAT = 8  # flats and biomorphs without biomods rest longer


def check_recharge(kind: str, *, short_used: int, long_used: int, rules: EclipseRules) -> None:
    """Refuse a recharge beyond the day's allowance (2 short, 1 long by default)."""
    if kind == "short" and short_used >= rules.short_recharges_per_day:
        raise RuleViolation(
            errors.RECHARGE_LIMIT,
            f"{short_used} short recharge(s) already taken today; the limit is {rules.short_recharges_per_day} per 24 hours",
            status=409,
        )
    if kind == "long" and long_used >= rules.long_recharges_per_day:
        raise RuleViolation(
            errors.RECHARGE_LIMIT,
            f"{long_used} long recharge(s) already taken today; the limit is {rules.long_recharges_per_day} per 24 hours",
            status=409,
        )


def timeframe(kind: str, *, flat: bool) -> str:
    if kind == "short":
        return f"{SHORT_MINUTES} minutes"
    return f"{LONG_HOURS_FLAT if flat else LONG_HOURS} hours"
