"""How often pools may recharge, and how long a recharge takes."""

from __future__ import annotations

from service.systems.eclipse import errors
from service.systems.eclipse.options import EclipseRules

SHORT_MINUTES = 10
LONG_HOURS = 4
LONG_HOURS_FLAT = 8  # flats and biomorphs without biomods rest longer


def check_recharge(kind: str, *, short_used: int, long_used: int, rules: EclipseRules, again_at: str | None = None) -> None:
    """Refuse a recharge beyond the 24-hour allowance (2 short, 1 long by default)."""
    used, limit = (short_used, rules.short_recharges_per_day) if kind == "short" else (long_used, rules.long_recharges_per_day)
    if used >= limit:
        when = f"; the next one fits at {again_at}" if again_at else ""
        raise errors.refuse(
            errors.RECHARGE_LIMIT,
            f"{used} {kind} recharge(s) already taken in the last 24 hours; the limit is {limit} per 24 hours{when}",
        )


def check_allocation(kind: str, entries: int) -> None:
    """Refuse a short recharge with no `allocation`: the player places the points, so none is guessed for them.

    Checked before the die is rolled and before the recharge is counted, so a refused call
    costs none of the day's recharges.
    """
    if kind == "short" and entries == 0:
        raise errors.refuse(
            errors.RECHARGE_ALLOCATION,
            "a short recharge restores 1d6 points where the player places them: list at least one pool in `allocation`",
            field="allocation",
        )


def minutes(kind: str, *, flat: bool) -> int:
    """How long a recharge takes: 10 minutes short; 4 hours long (8 for flats)."""
    if kind == "short":
        return SHORT_MINUTES
    return 60 * (LONG_HOURS_FLAT if flat else LONG_HOURS)


def timeframe(kind: str, *, flat: bool) -> str:
    if kind == "short":
        return f"{SHORT_MINUTES} minutes"
    return f"{LONG_HOURS_FLAT if flat else LONG_HOURS} hours"
