"""Exhaustion levels (Last Breath adds one, a long rest removes one) and what they cost.

RULES.CORE only counts the levels; their effects are 5e's, chosen by `NcbRules.exhaustion`:
under `5e-2024` each level takes 2 off every d20 test and 5 feet off speed, and the sixth
level flatlines; under `tracked-only` the levels are counted and nothing else.
"""

from __future__ import annotations

from service.systems.ncb.options import NcbRules

MAX_EXHAUSTION = 6


def d20_penalty(level: int, rules: NcbRules) -> int:
    return 2 * level if rules.exhaustion == "5e-2024" else 0


def speed(base: int, level: int, rules: NcbRules) -> int:
    if rules.exhaustion != "5e-2024":
        return base
    return max(0, base - 5 * level)


def is_lethal(level: int, rules: NcbRules) -> bool:
    return rules.exhaustion == "5e-2024" and level >= MAX_EXHAUSTION
