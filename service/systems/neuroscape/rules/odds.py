"""Exact odds of Neuroscape's dice and draws, from what the asking seat may know.

- The roll-off: every contender rolls the same d20 and only the tied leaders roll again, so the
  roll is symmetric: each living player wins with one chance in as many as there are. Whether
  the first round settles it is counted over the faces (one seat alone on the highest face).
- A stability check: a d20 per card at risk (`ram.crash_candidates`), each crashing on its own
  through `ram.crashes`; a psychosis check: a d20 per psychotic, not running character, each
  attacking its controller through `battle.snaps`.
- A draw from the seat's own main deck. The seat knows its deck list and every card it has seen
  leave the deck, so it knows what the deck holds, but not its order: the cards on top it looked at
  come first, in order; then the rest of the top and the pile, all alike to it; then the cards
  put under the deck, in order. The copies of each card drawn are hypergeometric over the middle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb

from service.dice.memo import memoized
from service.dice.odds import Distribution, Odds, OddsTooCostly, Outcome
from service.systems.neuroscape.rules.battle import PSYCHOSIS_DIE, snaps
from service.systems.neuroscape.rules.opening import ROLL_OFF_DIE
from service.systems.neuroscape.rules.ram import CHECK_DIE, crashes
from service.systems.neuroscape.state import Deck

CRASHED, SURVIVED = "crashed", "survived"  # the stability check's own event kinds
ATTACKS, HOLDS = "attacks", "holds"
MAX_DISTINCT_CARDS = 120  # one distribution per card that may be drawn: a bound on the answer's size


@memoized
def roll_off_odds(contenders: Sequence[str]) -> Odds:
    """The winner, and whether the first round settles it (a single seat on the highest face)."""
    n = len(contenders)
    alone = sum(n * (best - 1) ** (n - 1) for best in range(1, ROLL_OFF_DIE + 1))
    return Odds.of(
        Distribution.of("winner", {seat: Fraction(1, n) for seat in contenders}),
        Distribution.counted("firstRound", {"decided": alone, "tie": ROLL_OFF_DIE**n - alone}),
    )


def _each_alone(name: str, instances: Sequence[str], chance: Fraction, hit: str, miss: str, count: str) -> Odds:
    """Independent d20s, one per instance: each one's chance, then how many of them hit."""
    each = [Distribution.of(f"{name}:{instance}", {hit: chance, miss: 1 - chance}) for instance in instances]
    k = len(instances)
    counted: dict[Outcome, Fraction] = {j: comb(k, j) * chance**j * (1 - chance) ** (k - j) for j in range(k + 1)}
    return Odds.of(Distribution.of(count, counted), each)


@memoized
def stability_odds(instances: Sequence[str], crash_on_or_below: int) -> Odds:
    """Each card at risk crashes on its own d20; `crashes` counts how many do."""
    faces = sum(1 for face in range(1, CHECK_DIE + 1) if crashes(face, crash_on_or_below))
    return _each_alone("crash", instances, Fraction(faces, CHECK_DIE), CRASHED, SURVIVED, "crashes")


@memoized
def psychosis_odds(levels: Sequence[tuple[str, int]]) -> Odds:
    """Each psychotic character attacks its own controller on its own d20, at or below its level."""
    found = []
    for instance, level in levels:
        faces = sum(1 for face in range(1, PSYCHOSIS_DIE + 1) if snaps(face, level))
        found.append(Distribution.of(f"psychosis:{instance}", {ATTACKS: Fraction(faces, PSYCHOSIS_DIE), HOLDS: 1 - Fraction(faces, PSYCHOSIS_DIE)}))
    attacks: dict[Outcome, Fraction] = {0: Fraction(1)}
    for distribution in found:
        p = distribution.probability(ATTACKS)
        step: dict[Outcome, Fraction] = {}
        for j, q in attacks.items():
            step[j] = step.get(j, Fraction(0)) + q * (1 - p)
            step[int(j) + 1] = step.get(int(j) + 1, Fraction(0)) + q * p
        attacks = step
    return Odds.of(Distribution.of("psychoticAttacks", attacks), found)


@memoized
def draw_odds(deck: Deck, seat: str, count: int) -> Odds:
    """The next card and the copies of each card among `count` drawn from the seat's own deck."""
    known = list(deck.top[: deck.known.get(seat, 0)])
    unseen: Counter[str] = Counter(deck.top[len(known):])
    unseen.update(deck.pile)
    middle = sum(unseen.values())
    first = known[:count]
    from_middle = min(count - len(first), middle)
    last = list(deck.bottom[: count - len(first) - from_middle])
    names = sorted(set(known) | set(unseen) | set(deck.bottom[: len(last)]))
    if len(names) > MAX_DISTINCT_CARDS:
        raise OddsTooCostly("distinct cards that may be drawn", len(names), MAX_DISTINCT_CARDS)
    fixed = Counter(first + last)
    found = []
    if count:
        found.append(_next_card(known, unseen, middle, list(deck.bottom)))
    found += _each_copies("copies:", names, unseen, middle, from_middle, fixed)
    if not found:
        found.append(Distribution.of("nextCard", {"nothing": 1}))
    return Odds.of(found)


@memoized
def ram_draw_odds(pile: dict[str, int], count: int) -> list[Distribution]:
    """The copies of each RAM card among `count` drawn from the seat's RAM deck (an unordered pile)."""
    if len(pile) > MAX_DISTINCT_CARDS:
        raise OddsTooCostly("distinct cards that may be drawn", len(pile), MAX_DISTINCT_CARDS)
    size = sum(pile.values())
    return _each_copies("ramCopies:", sorted(pile), pile, size, count, {})


def _each_copies(
    prefix: str, names: Sequence[str], copies: Mapping[str, int], among: int, drawn: int, already: Mapping[str, int]
) -> list[Distribution]:
    """`_copies` of each card named: cards with as many copies (and as many sure ones) share one
    distribution, renamed, made once in this call."""
    made: dict[tuple[int, int], Distribution] = {}
    out = []
    for card in names:
        key = (copies.get(card, 0), already.get(card, 0))
        found = made.get(key)
        if found is None:
            found = made[key] = _copies(f"{prefix}{card}", key[0], among, drawn, key[1])
        else:
            found = found.renamed(f"{prefix}{card}")
        out.append(found)
    return out


def _copies(name: str, copies: int, among: int, drawn: int, already: int) -> Distribution:
    """Hypergeometric: `copies` of a card among `among` alike cards, `drawn` of them drawn, plus `already` sure ones."""
    ways: dict[Outcome, int] = {}
    for j in range(min(copies, drawn) + 1):
        n = comb(copies, j) * comb(among - copies, drawn - j)
        if n:
            ways[already + j] = n
    return Distribution.counted(name, ways)


def _next_card(known: list[str], unseen: Counter[str], middle: int, bottom: list[str]) -> Distribution:
    if known:
        return Distribution.of("nextCard", {known[0]: 1})
    if middle:
        return Distribution.counted("nextCard", {card: unseen[card] for card in sorted(unseen)})
    return Distribution.of("nextCard", {bottom[0]: 1})
