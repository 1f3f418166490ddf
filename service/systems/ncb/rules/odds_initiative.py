"""The exact odds of initiative: each participant's total, who acts first, and where a newcomer lands.

Each total is read from the naturals of the entry's mode as `roll_initiative` reads it (`initiative_total`,
which adds the same to every natural: read at the ends of the range, `runs`; the entries roll independently).
Who acts first is then exact without walking every combination: participant i is first with total
t when every other j lands below it, which is j's chance of a lower total plus, for an equal one,
whether `ranked` puts i ahead of j (higher bonus, then Dexterity, then listing order). Those products are
shared between participants, so a crowd costs in proportion to its size, not to its square.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from itertools import accumulate
from operator import mul, sub

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds, OddsTooCostly, Outcome
from service.systems.ncb.rules.odds_d20 import natural_sums, natural_ways
from service.systems.ncb.rules.odds_runs import runs
from service.systems.ncb.rules.turns import InitiativeEntry, InitiativeRoll, ahead_of, initiative_total, ranked
from service.systems.ncb.wire.combat import NcbCombatView

MAX_PARTICIPANTS = 50


def totals(entry: InitiativeEntry) -> dict[int, Fraction]:
    """Each total the entry can roll and its chance: the naturals of its mode read through `initiative_total`."""
    ways, whole = total_ways(entry)
    return {total: Fraction(n, whole) for total, n in ways.items()}


def total_ways(entry: InitiativeEntry) -> tuple[dict[int, int], int]:
    """The same as whole numbers of ways out of one total."""
    naturals, whole = natural_ways(entry.mode)
    faces, _ = natural_sums(entry.mode)
    out: dict[int, int] = {}
    # The total less the natural never changes: the naturals are read at the ends of their range (`runs`).
    for first, last, added in runs(faces, partial(_added, entry)):
        for natural in faces[first : last + 1]:
            out[natural + added] = out.get(natural + added, 0) + naturals[natural]
    return out, whole


def _added(entry: InitiativeEntry, natural: int) -> int:
    """What `initiative_total` adds to the natural."""
    return initiative_total(entry, natural) - natural


def initiative_odds(entries: list[InitiativeEntry]) -> Odds:
    """`first`: who starts round 1; then each participant's total (`initiative:<id>`)."""
    if len(entries) > MAX_PARTICIPANTS:
        raise OddsTooCostly("participants", len(entries), MAX_PARTICIPANTS)
    ways = [total_ways(e) for e in entries]
    low = min(min(counted) for counted, _ in ways)
    high = max(max(counted) for counted, _ in ways)
    behind = [_behind(counted, low, high) for counted, _ in ways]
    whole = 1
    for _, total in ways:
        whole *= total
    # In the order everyone holds on a shared total (`_tie_order`), those ahead of i win a tie against it: i
    # needs each of them strictly below its total, and each of those behind it at or below. Running products
    # of those columns from both ends give every participant the others' part: about 4n column products in
    # all, where taking the others one by one for each participant was n(n - 1).
    order = _tie_order(entries)
    ahead = _running_products([behind[j][0] for j in order])
    after = _running_products([behind[j][1] for j in reversed(order)])
    chances = [0] * len(entries)  # ways out of `whole`, in listing order
    last = len(order) - 1
    for place, i in enumerate(order):
        below, at_or_below = behind[i]
        column = list(map(sub, at_or_below, below))  # i's own ways at each total, from low to high
        if place:
            column = list(map(mul, column, ahead[place]))
        if place < last:
            column = list(map(mul, column, after[last - place]))
        chances[i] = sum(column)
    first: dict[Outcome, int] = dict(zip([e.id for e in entries], chances))
    assert sum(first.values()) == whole, "someone acts first"
    # Counted in whole numbers: each distinct count made a Fraction once (a plain d20's twenty totals share one).
    return Odds.of(
        Distribution.counted("first", first),
        [Distribution.counted(f"initiative:{e.id}", ways[i][0]) for i, e in enumerate(entries)],
    )


# The same remembered by the content of its inputs, for the session's odds. The stateless odds are
# remembered by their request in the API's answer cache (`service.api.odds`), so they call the function itself.
remembered_initiative_odds = memoized(initiative_odds)


def _behind(ways: dict[int, int], low: int, high: int) -> tuple[list[int], list[int]]:
    """The ways a participant lands behind each total t from `low` to `high` (index t - low, out of its own
    whole), as a pair indexed by whether the other wins a tie on t: no (its lower totals only) or yes (its
    equal total too)."""
    losing = list(accumulate([ways.get(t, 0) for t in range(low, high + 1)]))  # at or below t
    return [0, *losing[:-1]], losing


def _tie_order(entries: list[InitiativeEntry]) -> list[int]:
    """The entries' indices in the order `ranked` gives them all on one total (higher bonus, then Dexterity,
    then listing order). It is a stable sort, so this is also the order it gives any two of them: whoever
    stands earlier wins their tie."""
    rolls = [_at(e, 0) for e in entries]
    at = {id(roll): i for i, roll in enumerate(rolls)}
    return [at[id(roll)] for roll in ranked(rolls)]


def _running_products(columns: list[list[int]]) -> list[list[int]]:
    """For each k from 1, the product, total by total, of columns[0..k-1] (at 0, an empty list: no product)."""
    out: list[list[int]] = [[]]
    if len(columns) > 1:
        running = columns[0]
        out.append(running)
        for column in columns[1:-1]:
            running = list(map(mul, running, column))
            out.append(running)
    return out


def _at(e: InitiativeEntry, total: int) -> InitiativeRoll:
    return InitiativeRoll(e.id, (), 0, e.mode, e.bonus, total, e.dexterity)


@memoized
def join_odds(combat: NcbCombatView, entry: InitiativeEntry) -> Odds:
    """A newcomer's `initiative` total and its `place` in the order once it has joined (1 = first): each
    total it can roll (`total_ways`) placed as `join` places it, behind those `ahead_of` it."""
    ways, _ = total_ways(entry)
    place: dict[int, int] = {}
    for t, n in ways.items():
        at = ahead_of(combat.order, _at(entry, t)) + 1
        place[at] = place.get(at, 0) + n
    return Odds.of(Distribution.counted("initiative", ways), Distribution.counted("place", place))
