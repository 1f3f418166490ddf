"""The exact odds of initiative: each character's count (1d6 + Initiative) and who acts first.

Each count is walked through `roll_initiative` for that character alone. Who acts first follows
`order`'s rules without walking every combination: a higher count goes first, an equal count with
a higher REF goes first, and characters tied on both roll d100s (higher first) again and again
among those still tied, up to `ROLL_OFF_ROUNDS`, after which listing order stands. The roll-offs
are symmetric, so a tied group's chances depend only on its size and each member's listing rank
(`roll_off_chance`); the groups a character can be tied in are counted by size and rank, never listed.
With `simultaneous` ties, tied characters share the first position, so only the counts are given.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from math import comb, lcm

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds, OddsTooCostly
from service.dice.stream import Stream
from service.dice.walk import as_ways, walk
from service.systems.eclipse.rules.initiative import ROLL_OFF_ROUNDS, Combatant, roll_initiative

READINGS = 100  # a roll-off is a d100 read 00–99, the higher first
MAX_SHARING_REF = 12  # characters with one REF whose roll-off groups are counted


def count_chances(c: Combatant, ties: str) -> dict[int, Fraction]:
    return walk(lambda stream: _count(stream, c, ties))


def _count(stream: Stream, c: Combatant, ties: str) -> int:
    return roll_initiative(stream, [c], ties=ties)[0].count


@memoized
def initiative_odds(combatants: Sequence[Combatant], names: Sequence[str], ties: str) -> Odds:
    """`first` (roll-off ties only), then each character's `count:<name>`."""
    counts = [as_ways(count_chances(c, ties)) for c in combatants]  # each count's ways, out of its own whole
    out = [Distribution.counted(f"count:{name}", ways) for name, (ways, _) in zip(names, counts, strict=True)]
    if ties == "simultaneous":
        return Odds.of(out)
    for c in combatants:
        sharing = sum(1 for other in combatants if other.ref == c.ref)
        if sharing > MAX_SHARING_REF:
            raise OddsTooCostly("characters sharing one REF", sharing, MAX_SHARING_REF)
    # Each character's chance of acting first, as whole numbers: the ways of its count and of the others'
    # counts (out of every whole multiplied), times a roll-off chance over the roll-offs' common denominator.
    firsts: list[list[tuple[Fraction, int]]] = []
    for i in range(len(combatants)):
        terms: dict[Fraction, int] = {}
        for t, n in counts[i][0].items():
            for share, ways in _first_at(i, t, combatants, counts).items():
                terms[share] = terms.get(share, 0) + n * ways
        firsts.append(list(terms.items()))
    common = lcm(*(share.denominator for terms in firsts for share, _ in terms))
    first = {name: sum(ways * share.numerator * (common // share.denominator) for share, ways in terms) for name, terms in zip(names, firsts, strict=True)}
    whole = common
    for _, each in counts:
        whole *= each
    assert sum(first.values()) == whole, "exactly one character acts first"
    return Odds.of(Distribution.counted("first", first), out)


def _first_at(i: int, t: int, combatants: Sequence[Combatant], counts: Sequence[tuple[dict[int, int], int]]) -> dict[Fraction, int]:
    """Character i at count t acting first: nobody above it, and it wins any roll-off. The ways of the
    others' counts (out of their wholes multiplied) by the chance it wins the roll-off they leave."""
    ref = combatants[i].ref
    groups: dict[tuple[int, int], int] = {(0, 0): 1}  # (tied before i, tied after i) → ways
    for j, other in enumerate(combatants):
        if j == i:
            continue
        ways, _ = counts[j]
        below = sum(n for total, n in ways.items() if total < t)
        level = ways.get(t, 0)
        if other.ref != ref:
            stays = below + (level if other.ref < ref else 0)
            groups = {key: n * stays for key, n in groups.items()}
            continue
        grown: dict[tuple[int, int], int] = {}
        for (before, after), n in groups.items():
            tied = (before + 1, after) if j < i else (before, after + 1)
            grown[tied] = grown.get(tied, 0) + n * level
            grown[(before, after)] = grown.get((before, after), 0) + n * below
        groups = grown
    out: dict[Fraction, int] = {}
    for (before, after), n in groups.items():
        if n:
            share = roll_off_chance(before + after + 1, before, ROLL_OFF_ROUNDS)
            out[share] = out.get(share, 0) + n
    return out


@cache
def roll_off_chance(size: int, rank: int, rounds: int) -> Fraction:
    """The chance that the member listed `rank`-th (from 0) of a tied group of `size` comes out first."""
    if size == 1:
        return Fraction(1)
    if rounds == 0:
        return Fraction(1 if rank == 0 else 0)  # still tied: listing order stands
    chance = Fraction(0)
    for top in range(1, size + 1):  # how many share the highest reading, this member among them
        share = _top_group(size, top)
        for ahead in range(0, min(rank, top - 1) + 1):  # how many of them are listed before it
            ways = comb(rank, ahead) * comb(size - 1 - rank, top - 1 - ahead)
            if ways:
                chance += share * ways * roll_off_chance(top, ahead, rounds - 1)
    return chance


@cache
def _top_group(size: int, top: int) -> Fraction:
    """The chance that one given set of `top` members (of `size`) share the highest reading, the rest below."""
    return sum((Fraction(below ** (size - top), READINGS**size) for below in range(READINGS)), Fraction(0))
