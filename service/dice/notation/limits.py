"""The roll budget: every formula finishes quickly and small, whatever is typed."""

from __future__ import annotations

from dataclasses import dataclass

# The parser and evaluator recurse once or a few frames per nesting level; this
# cap keeps any configured depth far below Python's recursion limit (1000).
_DEPTH_CEILING = 100


@dataclass(frozen=True, slots=True)
class Limits:
    """Hard caps; exceeding one raises `LimitExceeded` naming it (camelCase in brackets).

    Explosions and rerolls are counted per dice term, and reaching past the cap is
    an error rather than a silent stop: a truncated chain would report a total the
    rules never produced.
    """

    max_length: int = 1000  # [maxLength] characters of formula text
    max_depth: int = 32  # [maxDepth] nested parentheses plus unary minus
    max_dice: int = 1000  # [maxDice] dice rolled by one formula, rerolls and explosions included
    max_sides: int = 10000  # [maxSides] faces of one die
    max_explosions: int = 100  # [maxExplosions] extra dice from explosions, per term
    max_rerolls: int = 100  # [maxRerolls] rerolls, per term
    max_number: int = 10**9  # [maxNumber] any integer literal
    # [maxValue] the magnitude of every value a formula computes: each dice term's total, each
    # running sum and product, and the total. The default is GraphQL's Int (2**31 - 1), so a total
    # that REST answers is one GraphQL can carry too.
    max_value: int = 2**31 - 1

    def __post_init__(self) -> None:
        for name in self.__slots__:
            assert getattr(self, name) >= 0, f"Limits.{name} must not be negative"
        assert self.max_depth <= _DEPTH_CEILING, f"Limits.max_depth above {_DEPTH_CEILING} risks RecursionError"
        assert self.max_number >= 1, "Limits.max_number must allow at least 1"
        # A literal or a single die is then always in range: only arithmetic and sums of dice can breach.
        assert self.max_number <= self.max_value, "Limits.max_number above max_value"
        assert self.max_sides <= self.max_value, "Limits.max_sides above max_value"


DEFAULT_LIMITS = Limits()
