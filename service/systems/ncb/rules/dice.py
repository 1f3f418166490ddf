"""The dice NCB rolls: d20s straight from the stream, damage and healing as dice notation."""

from __future__ import annotations

from typing import Protocol

from service.dice.notation import DiceError, LimitExceeded, Limits, RollResult, roll
from service.errors import Problem
from service.systems.ncb.errors import DICE_TOTAL, refuse

# Damage and healing never need more; it also keeps every total inside GraphQL's 32-bit Int.
MAX_TOTAL = 9999


class DiceStream(Protocol):
    """Anything that rolls one die: the audited `Stream`, or a scripted fake in tests."""

    def roll(self, sides: int) -> int: ...

    @property
    def limits(self) -> Limits:
        """The roll budget of the app that made the stream."""
        ...


def roll_formula(expression: str, stream: DiceStream) -> RollResult:
    """Roll a formula with the platform's notation and the app's roll budget, turning a bad formula into a 422."""
    try:
        rolled = roll(expression, stream, stream.limits)
    except LimitExceeded as exc:
        raise Problem(exc.code, str(exc), limit=exc.limit, maximum=exc.maximum) from None
    except DiceError as exc:
        raise Problem(exc.code, f"{expression!r}: {exc}") from None
    if abs(rolled.total) > MAX_TOTAL:
        raise refuse(
            DICE_TOTAL, f"{expression!r} rolled {rolled.total}; damage and healing stay within {MAX_TOTAL}"
        )
    return rolled
