"""`POST /v1/dice/roll` and `POST /v1/sessions/{id}/dice/roll`, declared once."""

from __future__ import annotations

from typing import Any

from service.dice.notation import DiceError, LimitExceeded, roll
from service.dice.results import DiceRollResult
from service.dice.stream import Stream
from service.errors import CATALOG, Code, Problem
from service.registry import Actor, system
from service.systems.dice.models import DiceRollInput, DiceSessionRollInput

CODES = ("dice/invalid-expression", "dice/limit-exceeded")
SYSTEM = system("dice", "A plain dice table", errors={code: Code(*CATALOG[code]) for code in CODES})


def _roll(expression: str, stream: Stream) -> dict[str, Any]:
    try:
        # The app's roll budget comes with the stream it made for this request.
        return roll(expression, stream, stream.limits).to_dict()
    except LimitExceeded as exc:
        raise Problem(exc.code, str(exc), limit=exc.limit, maximum=exc.maximum) from None
    except DiceError as exc:
        raise Problem(exc.code, str(exc), position=getattr(exc, "position", None)) from None


def roll_dice(params: DiceRollInput, stream: Stream) -> dict[str, Any]:
    return _roll(params.expression, stream)


def roll_in_session(state: dict[str, Any], params: DiceSessionRollInput, stream: Stream, actor: Actor) -> tuple[dict[str, Any], dict[str, Any]]:
    # A roll changes no game state: it is logged and audited, and advances the nonce.
    return state, _roll(params.expression, stream)


# A roll answers the dict its result model dumps to (the hot path skips building the model).
SYSTEM.mechanic(
    "roll",
    "Roll a dice expression",
    stateless=roll_dice,
    session=roll_in_session,
    any_system=True,
    output=DiceRollResult,
)
