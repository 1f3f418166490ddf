"""Dice notation: parse what VTT users type, roll it on a `Stream`, keep every die.

`roll("4D6 KH3+2", stream)` gives a `RollResult` whose `formula` is "4d6kh3 + 2" and
whose `text` reads like "4d6kh3 (6, 5, 4, ~~1~~) + 2 = 17" (`~~n~~` is a discarded die).
"""

from __future__ import annotations

from service.dice.notation.errors import DiceError, LimitExceeded, NotationError
from service.dice.notation.limits import DEFAULT_LIMITS, Limits
from service.dice.notation.parser import parse
from service.dice.notation.result import DiceTermResult, DieResult, RollResult
from service.dice.notation.roller import evaluate, roll

__all__ = [
    "DEFAULT_LIMITS",
    "DiceError",
    "DiceTermResult",
    "DieResult",
    "LimitExceeded",
    "Limits",
    "NotationError",
    "RollResult",
    "evaluate",
    "parse",
    "roll",
]
