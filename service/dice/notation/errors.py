"""What can go wrong with a dice formula: it does not parse, or it asks for too much.

Both carry a stable `code` that the API layer maps to problem+json / GraphQL
`extensions.code`; the message is for the person who typed the formula.
"""

from __future__ import annotations


class DiceError(Exception):
    """Base of every error the notation engine raises on purpose."""

    code = "dice/invalid-expression"


class NotationError(DiceError):
    """The text is not a formula we accept; `position` is the 0-based character offset."""

    code = "dice/invalid-expression"

    def __init__(self, message: str, position: int) -> None:
        super().__init__(message, position)  # args stay the constructor's, so the error pickles
        self.message = message
        self.position = position

    def __str__(self) -> str:
        return f"{self.message} at position {self.position}"


class LimitExceeded(DiceError):
    """A hard limit (see `Limits`) was hit; `limit` is its camelCase name, e.g. `maxDice`.

    `value` is the offending amount when it is known cheaply (it is None for an
    over-long number literal, which is rejected before it is converted).
    """

    code = "dice/limit-exceeded"

    def __init__(self, limit: str, maximum: int, value: int | None) -> None:
        super().__init__(limit, maximum, value)
        self.limit = limit
        self.maximum = maximum
        self.value = value

    def __str__(self) -> str:
        if self.value is None:
            return f"{self.limit} exceeded (the maximum is {self.maximum})"
        if self.value < 0:  # maxValue bounds both signs
            return f"{self.limit} exceeded: {self.value} < -{self.maximum}"
        return f"{self.limit} exceeded: {self.value} > {self.maximum}"
