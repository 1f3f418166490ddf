"""The dice table's mechanics, each declared once for its stateless and session forms.

- `roll`: `POST /v1/dice/roll` and `POST /v1/sessions/{id}/dice/roll`;
- `fulfill`: `POST /v1/dice/fulfill` and `POST /v1/sessions/{id}/dice/fulfill`, the server side of
  Foundry VTT's dice fulfillment: the faces for the dice Foundry asks for, one audit record for all.
"""

from __future__ import annotations

from typing import Any

from service.dice.notation import DiceError, LimitExceeded, roll
from service.dice.notation.foundry import foundry_roll
from service.dice.notation.exact import DEFAULT_ODDS_LIMITS
from service.dice.notation.odds import expression_odds
from service.dice.notation.parser import compile_formula
from service.dice.odds import Distribution, Odds, OddsTooCostly, roll_limits
from service.dice.results import DiceRollResult
from service.dice.stream import Stream
from service.errors import CATALOG, Code, Problem
from service.registry import Actor, system
from service.systems.dice.models import (
    DiceFulfillInput,
    DiceFulfillResult,
    DiceRollInput,
    DiceSessionFulfillInput,
    DiceSessionRollInput,
)

CODES = ("dice/invalid-expression", "dice/limit-exceeded")
# Terms tables roll most, worked at startup so their first odds request finds them (some 6 ms CPU, 0.2 MB):
# the keeps and drops walk icepool's pools, an explosion its chains, the rest sum faces.
TYPICAL_TERMS = ("1d20", "1d100", "2d6", "3d6", "8d6", "4d6kh3", "4d6dl1", "2d20kh1", "2d20kl1", "3d6!", "1d6!", "10d10>=8")


def _prepare() -> None:
    for term in TYPICAL_TERMS:
        expression_odds(term)


SYSTEM = system("dice", "A plain dice table", errors={code: Code(*CATALOG[code]) for code in CODES}, prepare=_prepare)


def _limit(exc: LimitExceeded) -> Problem:
    return Problem(exc.code, str(exc), limit=exc.limit, maximum=exc.maximum)


def _roll(params: DiceRollInput, stream: Stream) -> dict[str, Any]:
    # The app's roll budget comes with the stream it made for this request.
    limits = stream.limits
    try:
        if params.format == "default" and params.dialect == "default":  # the hot path
            return roll(params.expression, stream, limits).to_dict()
        result = roll(params.expression, stream, limits, params.dialect)
        body = result.to_dict()
        if params.format == "foundry":
            node = compile_formula(params.expression, limits, params.dialect)[0]  # cached by the roll
            body["foundry"] = foundry_roll(node, result)
        return body
    except LimitExceeded as exc:
        raise _limit(exc) from None
    except DiceError as exc:
        raise Problem(exc.code, str(exc), position=getattr(exc, "position", None)) from None


def roll_dice(params: DiceRollInput, stream: Stream) -> dict[str, Any]:
    return _roll(params, stream)


def roll_in_session(state: dict[str, Any], params: DiceSessionRollInput, stream: Stream, actor: Actor) -> tuple[dict[str, Any], dict[str, Any]]:
    # A roll changes no game state: it is logged and audited, and advances the nonce.
    return state, _roll(params, stream)


def _roll_odds(params: DiceRollInput) -> Odds:
    """The exact odds of the expression, refused as the roll refuses it (the format changes nothing)."""
    try:
        return expression_odds(params.expression, roll_limits(), params.dialect)
    except LimitExceeded as exc:
        raise _limit(exc) from None
    except DiceError as exc:
        raise Problem(exc.code, str(exc), position=getattr(exc, "position", None)) from None


def roll_odds(params: DiceRollInput) -> Odds:
    return _roll_odds(params)


def roll_odds_in_session(state: dict[str, Any], params: DiceSessionRollInput, actor: Actor) -> Odds:
    # A roll reads nothing of the session: its odds are the expression's.
    return _roll_odds(params)


# Foundry's coin and Fate die: drawn as a d2 / d3, answered as the draw plus this offset (0/1, -1/0/+1).
_MAPPED = {"dc": (2, -1), "df": (3, -2)}


def _offset(denomination: str) -> int:
    return _MAPPED[denomination][1] if denomination in _MAPPED else 0


def _sizes(params: DiceFulfillInput, limits: Any) -> list[int]:
    """Each term's die size, after checking every limit (before the first draw, so a refused request draws nothing)."""
    sizes = [_MAPPED[term.denomination][0] if term.denomination in _MAPPED else int(term.denomination[1:]) for term in params.terms]
    for sides in sizes:
        if sides > limits.max_sides:
            raise _limit(LimitExceeded("maxSides", limits.max_sides, sides))
    count = sum(term.count for term in params.terms)
    if count > limits.max_dice:
        raise _limit(LimitExceeded("maxDice", limits.max_dice, count))
    return sizes


def _fulfill_odds(params: DiceFulfillInput) -> Odds:
    """Each term's faces are plain draws: every face of its die equally likely, one distribution per term."""
    sizes = _sizes(params, roll_limits())
    if sum(sizes) > DEFAULT_ODDS_LIMITS.max_outcomes:
        raise OddsTooCostly("maxOutcomes", sum(sizes), DEFAULT_ODDS_LIMITS.max_outcomes)
    return Odds.of(
        Distribution.counted(f"terms[{i}]: each {term.denomination}", dict.fromkeys(range(1 + _offset(term.denomination), sides + 1 + _offset(term.denomination)), 1))
        for i, (term, sides) in enumerate(zip(params.terms, sizes, strict=True))
    )


def fulfill_odds(params: DiceFulfillInput) -> Odds:
    return _fulfill_odds(params)


def fulfill_odds_in_session(state: dict[str, Any], params: DiceSessionFulfillInput, actor: Actor) -> Odds:
    return _fulfill_odds(params)


def _fulfill(params: DiceFulfillInput, stream: Stream) -> DiceFulfillResult:
    sizes = _sizes(params, stream.limits)
    faces: list[list[int]] = []
    for term, sides in zip(params.terms, sizes, strict=True):
        drawn = stream.roll_many(term.count, sides)
        offset = _offset(term.denomination)
        faces.append([face + offset for face in drawn] if offset else drawn)
    return DiceFulfillResult(faces=faces)


def fulfill(params: DiceFulfillInput, stream: Stream) -> DiceFulfillResult:
    return _fulfill(params, stream)


def fulfill_in_session(
    state: dict[str, Any], params: DiceSessionFulfillInput, stream: Stream, actor: Actor
) -> tuple[dict[str, Any], DiceFulfillResult]:
    # Like a roll: no game state changes; the faces are logged and audited.
    return state, _fulfill(params, stream)


# A roll answers the dict its result model dumps to (the hot path skips building the model).
SYSTEM.mechanic(
    "roll",
    "Roll a dice expression",
    stateless=roll_dice,
    session=roll_in_session,
    any_system=True,
    output=DiceRollResult,
    odds=roll_odds,
    session_odds=roll_odds_in_session,
)

SYSTEM.mechanic(
    "fulfill",
    "Draw the faces of the dice a Foundry VTT roll asks for",
    (
        "The server side of Foundry VTT's dice fulfillment (`CONFIG.Dice.fulfillment`): send the dice terms a "
        "Foundry roll needs, as denomination and count in the order Foundry rolls them, and get back just their "
        "faces, drawn from the auditable stream with one audit record for all of them. Coins (`dc`) answer 0 or 1 "
        "and Fate dice (`df`) -1, 0 or +1, drawn as a d2 / d3 less 1 / 2. `integrations/foundry` "
        "is a Foundry module that does this for every roll of a table."
    ),
    stateless=fulfill,
    session=fulfill_in_session,
    odds=fulfill_odds,
    session_odds=fulfill_odds_in_session,
    any_system=True,
    errors=("dice/limit-exceeded",),  # there is no expression to refuse
)
