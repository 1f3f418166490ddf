"""Exact odds by walking every path of draws a rule can take.

A rule that draws from a `Stream` is a pure function of the faces it is given. `walk` runs the
rule once per possible sequence of faces, on a `Replay` stream that hands out those faces, and
adds up each path's chance (the product of 1/sides over its draws). The rule itself decides how
many dice it asks for and of what size, so the odds come from the very code that rolls, and the
two cannot drift apart: a rule that rolls again on a 20, or not at all on a miss, is walked just so.

The number of paths is the product of the dice a path rolls (a d20 test: 20; with advantage:
400), so `max_paths` bounds the cost: past it the walk stops with `OddsTooCostly`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import TypeVar

from service.dice import memo
from service.dice.odds import OddsTooCostly, Outcome
from service.dice.stream import Stream

_Outcome = TypeVar("_Outcome", bound=Hashable)
_Key = TypeVar("_Key", bound=Hashable)

DEFAULT_MAX_PATHS = 20_000


@dataclass(slots=True)
class Replay(Stream):
    """A stream that gives the faces listed, then 1 for every further die, noting each die's sides."""

    faces: tuple[int, ...] = ()
    sides: list[int] = field(default_factory=list)  # of every die asked for, in order

    def __post_init__(self) -> None:
        """No key to derive: a replay never draws from the HMAC stream."""

    def roll(self, sides: int) -> int:
        if sides < 1:
            raise ValueError(f"a die needs at least one side, got {sides}")
        at = len(self.sides)
        self.sides.append(sides)
        return self.faces[at] if at < len(self.faces) else 1


def replay(faces: tuple[int, ...] = ()) -> Replay:
    return Replay(seed="", scope="odds", nonce=0, faces=faces)


def walk(
    outcome_of: Callable[[Stream], _Outcome], *, max_paths: int = DEFAULT_MAX_PATHS, limit: str = "draw paths"
) -> memo.Walked[_Outcome, Fraction]:
    """The exact chance of each outcome `outcome_of` can return, over every sequence of faces.

    A rule and inputs walked before are answered from `memo.TABLES` (a fresh copy, keyed by the
    rule's code and the content of what it was given); the answer carries that key, so tables
    derived from it can be remembered too. A rule that cannot be keyed is walked every time.
    """
    key = memo.fingerprint((outcome_of, max_paths, limit)) if memo.enabled() else None
    if key is None:
        return memo.Walked(_walk(outcome_of, max_paths=max_paths, limit=limit))
    found = memo.Walked(memo.TABLES.get(("walk", key), lambda: _walk(outcome_of, max_paths=max_paths, limit=limit)))
    found.key = key
    return found


def faces(
    outcome_of: Callable[[int], _Outcome], sides: int, *, remember: bool = True, key: Hashable | None = None
) -> memo.Walked[_Outcome, Fraction]:
    """The exact chance of each outcome of a rule that draws one die of `sides`, given each face 1..sides once.

    For a rule whose draw is a single die and whose reading of the face is a pure function (`outcome_of`),
    this is `walk` without a stream per path: `sides` calls, counted as whole numbers. Remembered as `walk` is,
    unless `remember` is false (a table the caller keeps itself): then it is keyed, so tables derived from
    it can be remembered, but walked afresh. A caller may name its `key` itself (one no other content can
    have), instead of its fingerprint; a table is remembered only while remembering is on.
    """
    if key is None:
        key = memo.fingerprint(("faces", outcome_of, sides)) if memo.enabled() else None
    if key is None or not remember or not memo.enabled():
        chances, counted = _faces(outcome_of, sides)
    else:
        chances, counted = memo.TABLES.get(("faces", key), lambda: _faces(outcome_of, sides))
    found: memo.Walked[_Outcome, Fraction] = memo.Walked(chances)
    found.key = key
    found.ways = (counted, sides)  # `as_ways` reads these (a copy) instead of working them out again
    return found


def _faces(outcome_of: Callable[[int], _Outcome], sides: int) -> tuple[dict[_Outcome, Fraction], dict[_Outcome, int]]:
    counted: dict[_Outcome, int] = {}
    for face in range(1, sides + 1):
        outcome = outcome_of(face)
        counted[outcome] = counted.get(outcome, 0) + 1
    shares = _shares(sides)
    return {outcome: shares[n] for outcome, n in counted.items()}, counted


@lru_cache(maxsize=64)
def _shares(sides: int) -> tuple[Fraction, ...]:
    """`n` faces out of `sides` for each n: Fractions shared by every table that holds them (a Fraction never changes)."""
    return tuple(Fraction(n, sides) for n in range(sides + 1))


def _walk(outcome_of: Callable[[Stream], _Outcome], *, max_paths: int, limit: str) -> dict[_Outcome, Fraction]:
    """Every path run once: a run on a prefix of faces takes face 1 for every die past the prefix; each
    of those dice then branches into its faces 2..sides, each branch a prefix of its own, shorter first."""
    # Paths counted by (outcome, ways of a path): few distinct `ways`, so few Fractions at the end.
    counted: dict[tuple[_Outcome, int], int] = {}
    # Shorter prefixes first (breadth first), so a budget runs out among the common rolls before the
    # walk reaches the far end of a long chain (an explosion of sixes).
    pending: deque[tuple[int, ...]] = deque([()])
    paths = 0
    while pending:
        prefix = pending.popleft()
        stream = replay(prefix)
        outcome = outcome_of(stream)
        paths += 1
        if paths > max_paths:
            raise OddsTooCostly(limit, paths, max_paths)
        ways = 1
        for sides in stream.sides:
            ways *= sides
        counted[(outcome, ways)] = counted.get((outcome, ways), 0) + 1
        taken = prefix + (1,) * (len(stream.sides) - len(prefix))
        for at in range(len(prefix), len(stream.sides)):
            pending.extend(taken[:at] + (face,) for face in range(2, stream.sides[at] + 1))
    # Whole numbers over one common total, one Fraction per outcome at the end.
    total = 1
    for _, ways in counted:
        total = lcm(total, ways)
    summed: dict[_Outcome, int] = {}
    for (outcome, ways), n in counted.items():
        summed[outcome] = summed.get(outcome, 0) + n * (total // ways)
    return {outcome: Fraction(n, total) for outcome, n in summed.items()}


def as_ways(chances: Mapping[_Key, Fraction]) -> tuple[dict[_Key, int], int]:
    """The same chances as whole numbers of ways out of one common total, for fast exact sums and products."""
    if isinstance(chances, memo.Walked) and chances.ways is not None:
        counted, whole = chances.ways
        return dict(counted), whole
    total = 1
    for p in chances.values():
        total = lcm(total, p.denominator)
    return {k: p.numerator * (total // p.denominator) for k, p in chances.items()}, total


def marginal(chances: Mapping[_Outcome, Fraction], key: Callable[[_Outcome], _Key]) -> dict[_Key, Fraction]:
    """The chances of one part of a joint outcome (`key` picks it), summed over the rest.

    Summed as whole numbers of ways over one common total (`as_ways`), one Fraction per part at the end.
    """
    ways, total = as_ways(chances)
    out: dict[_Key, int] = {}
    for outcome, n in ways.items():
        k = key(outcome)
        out[k] = out.get(k, 0) + n
    return {k: Fraction(n, total) for k, n in out.items()}


def ordered(chances: Mapping[str, Fraction], order: tuple[str, ...]) -> dict[Outcome, Fraction]:
    """Named outcomes in the game's order (worst to best), each of them present, impossible ones at 0."""
    unknown = set(chances) - set(order)
    assert not unknown, f"outcomes outside the order given: {sorted(map(str, unknown))}"
    return {name: chances.get(name, Fraction(0)) for name in order}


def ordered_ways(ways: Mapping[str, int], order: tuple[str, ...]) -> dict[str, int]:
    """`ordered` for whole numbers of ways (`Distribution.counted` makes the chances)."""
    unknown = set(ways) - set(order)
    assert not unknown, f"outcomes outside the order given: {sorted(map(str, unknown))}"
    return {name: ways.get(name, 0) for name in order}
