"""`POST /v1/dice/roll` and `POST /v1/sessions/{id}/dice/roll`, declared once."""

from __future__ import annotations

from service.dice.notation import DiceError, LimitExceeded, roll
from service.dice.results import DiceRollResult
from service.dice.stream import Stream
from service.errors import Problem
from service.registry import REGISTRY, Actor, Mechanic, System
from service.systems.dice.models import DiceRollInput, DiceSessionRollInput


def _roll(expression: str, stream: Stream) -> dict:
    try:
        # The app's roll budget comes with the stream it made for this request.
        return roll(expression, stream, stream.limits).to_dict()
    except LimitExceeded as exc:
        raise Problem(exc.code, str(exc), limit=exc.limit, maximum=exc.maximum) from None
    except DiceError as exc:
        raise Problem(exc.code, str(exc), position=getattr(exc, "position", None)) from None


def resolve(params: DiceRollInput, stream: Stream) -> dict:
    return _roll(params.expression, stream)


def apply(state: dict, params: DiceSessionRollInput, stream: Stream, actor: Actor) -> tuple[dict, dict]:
    # A roll changes no game state: it is logged and audited, and advances the nonce.
    return state, _roll(params.expression, stream)


REGISTRY.add_system(System(id="dice", title="A plain dice table"))
REGISTRY.add(
    Mechanic(
        system="dice",
        name="roll",
        summary="Roll a dice expression",
        input=DiceRollInput,
        output=DiceRollResult,
        resolve=resolve,
        apply=apply,
        session_input=DiceSessionRollInput,
        any_system=True,
    )
)
