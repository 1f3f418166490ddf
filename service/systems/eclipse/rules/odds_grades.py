"""A test's results grouped for its odds: by grade (all but the roll and target), and paired by contest.

A d100 test ends with one `Result` per face, but most of what its odds read (the outcome class,
superior results, what a win buys) is the same for every result of one grade: results equal but
for their roll and target. `grades` groups them, so such a reading is made once per grade, not
once per face. An opposed test, an attack or a hack pairs the two sides' results by `contest`
(the higher wins, equal ones neither): `duel` answers, for each grade of the first side, the ways
it wins, draws and loses, from the second side's ways below and equal to each contest.

A table built at startup (`odds_faces.build`) keeps these groups beside its chances (`prepare`),
so the first request that reads it only sums; any other table is grouped as it is read.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field, fields
from fractions import Fraction
from itertools import accumulate
from operator import itemgetter, mul
from typing import Any, TypeVar

from service.dice import memo
from service.dice.memo import Walked
from service.dice.walk import as_ways
from service.systems.eclipse.rules.d100 import Result
from service.systems.eclipse.rules.opposed import Contest, Winner, contest, decided

Results = dict[Result, Fraction]
Grade = tuple[bool, bool, int, bool, bool, int]
Graded = tuple[list[tuple[Result, int]], int]  # one result standing for each grade, its ways; the total
Dueled = tuple[list[tuple[Result, Winner, int]], int]  # a grade of the first side, how it ends, its ways; the total
_Part = TypeVar("_Part")
_R = TypeVar("_R")

# Every field of a result but these two is its grade (a test checks that the list stays whole).
UNGRADED = ("roll", "target")
GRADED = tuple(f.name for f in fields(Result) if f.name not in UNGRADED)


def by_tables(name: str, tables: tuple[Results, ...], other: Hashable, compute: Callable[[], _R]) -> _R:
    """`compute()`, remembered by the keys the tables carry (`Walked.key`: the rule and inputs each was walked
    from) and `other` (plain values): a key cheaper to build than a fingerprint of every argument. Computed
    afresh when remembering is off or a table has no key."""

    def key_of() -> Hashable | None:
        keys = tuple([getattr(table, "key", None) for table in tables])
        return None if any(key is None for key in keys) else ("eclipse", name, keys, other)

    return memo.remember(key_of, compute)


def grade(result: Result) -> Grade:
    """What a result is but for its roll and target: readings of it that read neither are the same for its grade."""
    return (result.success, result.critical, result.superior, result.defaulting, result.critical_ignored, result.replaced)


def grades(results: Results) -> Graded:
    """The results grouped by grade: one result standing for each, with the grade's ways out of the total.
    For a reading that reads neither the roll nor the target (`grade`)."""
    kept = _prepared(results)
    if kept is not None:
        return kept.grades
    return _grades(results)


def _grades(results: Results) -> Graded:
    ways, total = as_ways(results)
    groups: dict[Grade, list[Any]] = {}
    for result, n in ways.items():
        found = groups.get(grade(result))
        if found is None:
            groups[grade(result)] = [result, n]
        else:
            found[1] += n
    return [(r, n) for r, n in groups.values()], total


Contested = tuple[list[tuple[Contest, _Part, int]], int]


def contests(results: Results, part: Callable[[Result], _Part], *, critical_beats_success: bool, tie: str) -> Contested[_Part]:
    """The results grouped by what `winner` reads of them (`contest`) and by the `part` the caller keeps of
    them: each group's contest, the part, and its ways out of the common total."""
    ways, total = as_ways(results)
    groups: dict[tuple[Contest, _Part], int] = {}
    for result, n in ways.items():
        key = (contest(result, critical_beats_success=critical_beats_success, tie=tie), part(result))
        groups[key] = groups.get(key, 0) + n
    return [(c, kept, n) for (c, kept), n in groups.items()], total


def paired(a: Contested[_Part], b: Contested[Any]) -> Iterator[tuple[_Part, Winner, int]]:
    """Every pair of the two sides' contests as `decided` judges it, with its ways out of both totals.

    The higher contest wins (`contest`), so each of a's groups meets b's distinct contests sorted: the
    ways of b below it, equal to it and above it are read off running sums, and each of those three is
    judged once, on one contest of b standing for it, instead of pair by pair."""
    ways: dict[Contest, int] = {}
    for c, _, n in b[0]:
        ways[c] = ways.get(c, 0) + n
    keys = sorted(ways)
    through, running = [], 0  # through[i]: the ways of keys[0..i]
    for c in keys:
        running += ways[c]
        through.append(running)
    for c, kept, n in a[0]:
        lo, hi = bisect_left(keys, c), bisect_right(keys, c)
        if lo:
            yield kept, decided(c, keys[lo - 1])[0], n * through[lo - 1]
        if hi > lo:
            yield kept, decided(c, c)[0], n * ways[c]
        if hi < len(keys):
            yield kept, decided(c, keys[hi])[0], n * (running - (through[hi - 1] if hi else 0))


def duel(a: Results, b: Results, *, critical_beats_success: bool, tie: str) -> Dueled:
    """Each grade of `a` and how it ends against `b` (`a` wins, `b` wins, a tie, neither), with its ways out
    of both totals: for readings of what a's side won with that read neither its roll nor its target."""
    variant = (critical_beats_success, tie)
    pa, pb = _prepared(a), _prepared(b)
    if pa is not None and pb is not None and variant in pa.sides and variant in pb.sides:
        return _duel_prepared(pa.sides[variant], pb.sides[variant]), pa.grades[1] * pb.grades[1]
    a_side = contests(a, grade, critical_beats_success=critical_beats_success, tie=tie)
    b_side = contests(b, lambda r: None, critical_beats_success=critical_beats_success, tie=tie)
    standing = {grade(r): r for r in a}
    ends: dict[tuple[Grade, Winner], int] = {}
    for kept, won, n in paired(a_side, b_side):
        ends[(kept, won)] = ends.get((kept, won), 0) + n
    return [(standing[g], won, n) for (g, won), n in ends.items()], a_side[1] * b_side[1]


Span = tuple[int, int, int] | None  # places lo..hi-1 of the domain, each with the same ways; None: not so
First = tuple[Result, Winner, tuple[int, ...], tuple[int, ...], int, Span, Callable[[tuple[int, ...]], Any], int | None]


@dataclass(frozen=True, slots=True)
class _Side:
    """A prepared table's contests for one (critical beats success, tie) reading, over `Prepared.domain`:
    as the first side, each (grade, how a draw ends) with the domain places of its contests and their ways,
    their span when those places run unbroken with equal ways, a getter of those places from a second
    side's ways, and the ways each place has when they are all equal (a d100 grade: one way per roll);
    as the second, the ways below and at each place of the domain, and their running sums."""

    first: tuple[First, ...]  # (…, places, their ways, all its ways, span, getter, equal ways)
    below: tuple[int, ...]
    at: tuple[int, ...]
    total: int
    below_sums: tuple[int, ...]  # below_sums[i]: the ways below each of places 0..i-1, summed
    at_sums: tuple[int, ...]  # at_sums[i]: the ways at places 0..i-1


def _duel_prepared(a: _Side, b: _Side) -> list[tuple[Result, Winner, int]]:
    out: list[tuple[Result, Winner, int]] = []
    below, at, whole = b.below.__getitem__, b.at.__getitem__, b.total
    below_sums, at_sums = b.below_sums, b.at_sums
    for rep, draw, places, ways, every, span, pick, each in a.first:
        if span is not None:  # a run of places with equal ways: two differences of running sums
            lo, hi, each = span
            won = each * (below_sums[hi] - below_sums[lo])
            drew = each * (at_sums[hi] - at_sums[lo])
        elif each is not None:  # equal ways: the second side's ways at those places, summed
            won = each * sum(pick(b.below))
            drew = each * sum(pick(b.at))
        else:
            won = sum(map(mul, ways, map(below, places)))
            drew = sum(map(mul, ways, map(at, places)))
        lost = every * whole - won - drew
        # The higher contest wins (`contest`): below a's contest, a wins; above it, b does.
        if won:
            out.append((rep, "a", won))
        if drew:
            out.append((rep, draw, drew))
        if lost:
            out.append((rep, "b", lost))
    return out


@dataclass(frozen=True, slots=True)
class Prepared:
    """What a table built at startup keeps beside its chances: its grades, and its sides by reading."""

    grades: Graded
    sides: dict[tuple[bool, str], _Side]
    read: dict[Any, Any] = field(default_factory=dict)  # what odds builders read off the table, by their key


def kept_reading(results: Results, key: Any) -> Any:
    """What an odds builder kept of a prepared table under `key` (None when the table kept nothing so)."""
    kept = _prepared(results)
    return None if kept is None else kept.read.get(key)


def keep(results: Results, key: Any, value: Any) -> None:
    """Keep `value` with a prepared table under `key` (at startup: a table is only read once it is served)."""
    kept = _prepared(results)
    assert kept is not None, "only a prepared table keeps readings"
    kept.read[key] = value


def _prepared(results: Results) -> Prepared | None:
    found = getattr(results, "derived", None)
    return found if isinstance(found, Prepared) else None


def prepare(tables: list[Walked[Result, Fraction]], readings: tuple[tuple[bool, str], ...]) -> None:
    """Group each table once (`grades`), and place its contests for each reading on one domain shared by all
    the tables: every contest any of them has, sorted."""
    for reading in readings:
        beats, tie = reading
        domain = sorted({contest(r, critical_beats_success=beats, tie=tie) for table in tables for r in table})
        place = {c: i for i, c in enumerate(domain)}
        for table in tables:
            kept = _prepared(table) or Prepared(_grades(table), {})
            kept.sides[reading] = _side(table, place, beats, tie)
            table.derived = kept


def _side(table: Results, place: dict[Contest, int], beats: bool, tie: str) -> _Side:
    ways, total = as_ways(table)
    first: dict[tuple[Grade, Winner], tuple[Result, dict[int, int]]] = {}
    at = [0] * len(place)
    draws: dict[Contest, Winner] = {}
    for result, n in ways.items():
        c = contest(result, critical_beats_success=beats, tie=tie)
        i = place[c]
        at[i] += n
        draw = draws.get(c) or draws.setdefault(c, decided(c, c)[0])
        rep, places = first.setdefault((grade(result), draw), (result, {}))
        places[i] = places.get(i, 0) + n
    below, running = [], 0
    for n in at:
        below.append(running)
        running += n
    groups = tuple(
        (rep, draw, tuple(places), tuple(places.values()), sum(places.values()), _span(places), itemgetter(*places), _equal(places))
        for (_, draw), (rep, places) in first.items()
    )
    return _Side(groups, tuple(below), tuple(at), total, (0, *accumulate(below)), (0, *accumulate(at)))


def _equal(places: dict[int, int]) -> int | None:
    """The ways each place has, when there are two places or more and all have the same; else None."""
    ways = set(places.values())
    return ways.pop() if len(places) > 1 and len(ways) == 1 else None


def _span(places: dict[int, int]) -> Span:
    """(lo, hi, ways) when the places are exactly lo..hi-1, each with the same ways; else None."""
    lo, hi = min(places), max(places) + 1
    ways = set(places.values())
    return (lo, hi, ways.pop()) if len(places) == hi - lo and len(ways) == 1 else None
