"""Seeded choices shared by the replay choosers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Pick = Callable[[int], int]  # a seeded 1..n


def one(pick: Pick, items: list) -> Any:
    return items[pick(len(items)) - 1]


def weighted(pick: Pick, moves: list[tuple[int, Callable]]) -> Callable:
    """One builder of `moves` ((weight, builder) pairs), drawn in proportion to its weight."""
    roll = pick(sum(weight for weight, _ in moves))
    for weight, build in moves:
        roll -= weight
        if roll <= 0:
            return build
    raise AssertionError("unreachable")
