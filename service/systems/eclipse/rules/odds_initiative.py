"""The exact odds of initiative: each character's count (1d6 + Initiative) and who acts first.

Each count is read per face of the initiative die through `initiative_count`, as `roll_initiative`
reads it. Who acts first follows `order`'s rules without walking every combination: a higher count
goes first, an equal count with a higher REF goes first, and characters tied on both roll d100s
(higher first) again and again among those still tied, up to `ROLL_OFF_ROUNDS`, after which listing
order stands. The roll-offs are symmetric, so a tied group's chances depend only on its size and each
member's listing rank (`roll_off_chance`); the groups a character can be tied in are counted by size
and rank, never listed.
With `simultaneous` ties, tied characters share the first position, so only the counts are given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import accumulate
from math import comb, lcm
from operator import add, mul

from service.dice import memo
from service.dice.odds import Distribution, Odds, OddsTooCostly
from service.systems.eclipse.rules.initiative import INITIATIVE_DIE, ROLL_OFF_ROUNDS, Combatant, initiative_count

READINGS = 100  # a roll-off is a d100 read 00–99, the higher first
MAX_SHARING_REF = 12  # characters with one REF whose roll-off groups are counted


def count_ways(c: Combatant) -> dict[int, int]:
    """Each count a character can act at, with the faces of its initiative die that give it (out of the die's sides)."""
    ways: dict[int, int] = {}
    for face in range(1, INITIATIVE_DIE + 1):
        count = initiative_count(face, c)
        ways[count] = ways.get(count, 0) + 1
    return ways


def initiative_odds(combatants: Sequence[Combatant], names: Sequence[str], ties: str) -> Odds:
    """`first` (roll-off ties only), then each character's `count:<name>`.

    Remembered by what the odds read of each character (Initiative, REF), the names and the tie rule,
    as plain numbers and strings: a key cheaper to build than a fingerprint of the characters."""
    return memo.remember(
        lambda: ("eclipse initiative", tuple([(int(c.initiative), int(c.ref)) for c in combatants]), tuple(names), ties),
        lambda: _initiative_odds(combatants, names, ties),
    )


def _initiative_odds(combatants: Sequence[Combatant], names: Sequence[str], ties: str) -> Odds:
    counts = [count_ways(c) for c in combatants]  # each count's ways, out of the die's sides
    out: list[Distribution] = []
    made: dict[tuple[tuple[int, int], ...], Distribution] = {}  # characters with the same counts share their chances
    for name, ways in zip(names, counts, strict=True):
        shape = tuple(ways.items())
        found = made.get(shape)
        out.append(found.renamed(f"count:{name}") if found is not None else made.setdefault(shape, Distribution.counted(f"count:{name}", ways)))
    if ties == "simultaneous":
        return Odds.of(out)
    refs = [c.ref for c in combatants]
    if len(set(refs)) < len(refs):
        sharing = max(Counter(refs).values())
        if sharing > MAX_SHARING_REF:
            raise OddsTooCostly("characters sharing one REF", sharing, MAX_SHARING_REF)
    # Each character's chance of acting first, as whole numbers: the ways of its count and of the others'
    # counts (out of every whole multiplied), times a roll-off chance over the roll-offs' common denominator.
    # Kept by the tied group's (size, rank) until the end: a roll-off chance's denominator is huge, and
    # hashing such a Fraction costs a modular inverse.
    firsts = _first_ways(refs, counts)
    common, scale = roll_off_scale(max(size for terms in firsts for size, _ in terms))
    first = {name: sum(ways * scale[group] for group, ways in terms.items()) for name, terms in zip(names, firsts, strict=True)}
    whole = common * INITIATIVE_DIE ** len(counts)
    assert sum(first.values()) == whole, "exactly one character acts first"
    return Odds.of(Distribution.counted("first", first), out)


def _first_ways(refs: Sequence[int], counts: Sequence[dict[int, int]]) -> list[dict[tuple[int, int], int]]:
    """For each character, the ways it acts first unless a roll-off decides, by the roll-off it is left in:
    the tied group's size and its listing rank there ((1, 0): no roll-off). It acts first at count t when
    everyone with another REF is below t, or at t with a lower REF, and everyone with its REF is below t
    or at t, tied with it. The ways of every count multiplied: its own and each other character's.

    Worked on lists over every count from the lowest reached to the highest: for each character the ways
    of each count (`at`), of a lower one (`below`) and of that count or lower (`upto`)."""
    low = min(min(ways) for ways in counts)
    span = max(max(ways) for ways in counts) - low + 1
    at: list[list[int]] = []
    for ways in counts:
        row = [0] * span
        for t, n in ways.items():
            row[t - low] += n
        at.append(row)
    upto = [list(accumulate(row)) for row in at]
    below = [[0, *row[:-1]] for row in upto]
    firsts: list[dict[tuple[int, int], int]] = []
    for i, ref in enumerate(refs):
        stays = at[i]  # its own ways at each count, times the ways of everyone with another REF letting it lead
        peers = []
        for j, other in enumerate(refs):
            if other == ref:
                if j != i:
                    peers.append(j)
            else:
                stays = list(map(mul, stays, upto[j] if other < ref else below[j]))
        # (tied listed before i, tied listed after i) → its ways at each count, every peer but the last met
        groups: dict[tuple[int, int], list[int]] = {(0, 0): stays}
        for j in peers[:-1]:
            grown: dict[tuple[int, int], list[int]] = {}
            for (before, after), row in groups.items():
                tied = (before + 1, after) if j < i else (before, after + 1)
                _add(grown, tied, list(map(mul, row, at[j])))
                _add(grown, (before, after), list(map(mul, row, below[j])))
            groups = grown
        terms: dict[tuple[int, int], int] = {}
        for (before, after), row in groups.items():
            if not peers:
                _count(terms, before, after, sum(row))
                continue
            j = peers[-1]  # the last peer: tied with i or below it, summed over the counts at once
            _count(terms, before + (j < i), after + (j > i), sum(map(mul, row, at[j])))
            _count(terms, before, after, sum(map(mul, row, below[j])))
        firsts.append(terms)
    return firsts


def _count(terms: dict[tuple[int, int], int], before: int, after: int, ways: int) -> None:
    """Add `ways` to the roll-off of a group with `before` members listed before the character and `after` after it."""
    group = (before + after + 1, before)
    terms[group] = terms.get(group, 0) + ways


def _add(groups: dict[tuple[int, int], list[int]], key: tuple[int, int], ways: list[int]) -> None:
    found = groups.get(key)
    groups[key] = ways if found is None else list(map(add, found, ways))


@cache
def roll_off_scale(largest: int) -> tuple[int, dict[tuple[int, int], int]]:
    """Every `roll_off_chance` of a group of up to `largest` members, as whole numbers over their common
    denominator: (that denominator, (size, rank) → numerator). The rules' own table, the same for every request."""
    shares = {(size, rank): roll_off_chance(size, rank, ROLL_OFF_ROUNDS) for size in range(1, largest + 1) for rank in range(size)}
    common = lcm(*(share.denominator for share in shares.values()))
    return common, {group: share.numerator * (common // share.denominator) for group, share in shares.items()}


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
