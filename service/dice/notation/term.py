"""Rolling one dice term: draw the dice, run its modifiers stage by stage, keep every die.

A term works on two parallel lists, face values and flag bits, through a
`{ModifierType: handler}` table, and turns them into `DieResult`s only at the
end. Equal `DieResult`s (and the way each prints) are shared flyweights: they
are immutable, and most dice then cost a dict hit instead of a dataclass
`__init__` plus string building.

Text marks: `~~3~~` discarded (dropped or rerolled away), `6!` exploded,
`5*` a success (or, counting failures, a failure); a success-counting term ends
with `; N successes` (`; N failures`). Foundry's rarer modifiers end it the same way:
`; N even` / `; N odd`, `; N failures subtracted`, and a margin as `; 21 - 12` (total - N).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from service.dice.notation.ast import (
    Clamp,
    CountParity,
    CountSuccesses,
    Dice,
    Explode,
    Keep,
    MappedDice,
    Margin,
    Modifier,
    Reroll,
    SubtractFailures,
)
from service.dice.notation.errors import LimitExceeded
from service.dice.notation.limits import Limits
from service.dice.notation.result import DiceTermResult, DieResult

# _MET: the die meets the term's count condition; _COUNTED / _FAILURES: the term counts
# successes / failures, so the die's `success` / `failure` is a bool rather than None.
_ACTIVE, _DISCARDED, _EXPLODED, _REROLLED, _MET, _COUNTED, _FAILURES = 1, 2, 4, 8, 16, 32, 64
_FLAGS, _SHIFT = 127, 7  # a die's key is `result << _SHIFT | flags`
_DROP = ~_ACTIVE
_SHARED_MAX = 1 << 16  # flyweight tables start over past this many entries


class _Dies(dict[int, DieResult]):
    """`result << _SHIFT | flags` -> the one DieResult with that result and those flags."""

    def __missing__(self, key: int) -> DieResult:
        if len(self) >= _SHARED_MAX:
            self.clear()
        f = key & _FLAGS
        die = self[key] = DieResult(
            key >> _SHIFT,
            bool(f & _ACTIVE),
            bool(f & _DISCARDED),
            bool(f & _EXPLODED),
            bool(f & _REROLLED),
            bool(f & _MET) if f & _COUNTED else None,
            bool(f & _MET) if f & _FAILURES else None,
        )
        return die


class _Marks(dict[int, str]):
    """`result << _SHIFT | flags` -> how that die prints in the text breakdown."""

    def __missing__(self, key: int) -> str:
        if len(self) >= _SHARED_MAX:
            self.clear()
        f = key & _FLAGS
        text = f"{key >> _SHIFT}!" if f & _EXPLODED else numeral(key >> _SHIFT)
        if f & _MET:
            text += "*"
        mark = self[key] = f"~~{text}~~" if f & _DISCARDED else text
        return mark


class _Numerals(dict[int, str]):
    """int -> its decimal text: formatting an int costs more than a dict hit."""

    def __missing__(self, value: int) -> str:
        text = str(value)
        if len(text) <= 12:  # a product of big literals can run to hundreds of digits: not worth keeping
            if len(self) >= _SHARED_MAX:
                self.clear()
            self[value] = text
        return text


class _Plain(dict[int, DieResult]):
    """face -> the plain active DieResult, for terms without modifiers."""

    def __missing__(self, value: int) -> DieResult:
        if len(self) >= _SHARED_MAX:
            self.clear()
        die = self[value] = DieResult(value, True, False, False, False, None, None)
        return die


_die = _Dies().__getitem__
_mark = _Marks().__getitem__
_plain = _Plain().__getitem__
numeral = _Numerals().__getitem__


# What one evaluation shares across its terms: the stream's roll, the limits and
# the term results so far (left to right). A plain tuple, because building an
# object for it cost as much as rolling a d20; the running dice count is derived
# from the results already recorded.
Context = tuple[Callable[[int], int], Limits, list[DiceTermResult]]


# A term in progress: (node, values, flags, roll, limits, dice rolled by earlier
# terms). A tuple rather than an object for the same reason as `Context`; the
# lists inside it are what the stages change.
_Work = tuple[Dice, list[int], list[int], Callable[[int], int], Limits, int]


def _draw(work: _Work) -> None:
    """Roll one extra die for the term (clamped like the first ones) and append it, active."""
    node, values, flags, roll, limits, earlier = work
    rolled = earlier + len(values) + 1
    if rolled > limits.max_dice:
        raise LimitExceeded("maxDice", limits.max_dice, rolled)
    value = roll(node.sides)
    if node.clamp is not None:
        low, high = node.clamp
        value = low if value < low else high if value > high else value
    values.append(value)
    flags.append(_ACTIVE)


def _clamp(modifier: Clamp, work: _Work) -> None:
    # Dice drawn later get the term's whole composed clamp in `_draw`.
    values, bound = work[1], modifier.value
    # Plain loops rather than comprehensions here and below: on CPython 3.11 a
    # comprehension is a function call, which costs more than a few dice.
    if modifier.kind == "min":
        for i, v in enumerate(values):
            if v < bound:
                values[i] = bound
    else:
        for i, v in enumerate(values):
            if v > bound:
                values[i] = bound


def _reroll(modifier: Reroll, work: _Work) -> None:
    node, values, flags, _, limits, _ = work
    low, high, limit = modifier.condition.low, modifier.condition.high, limits.max_rerolls
    # `ro` looks only at the dice present now; `r` also at the replacements it appends.
    end = len(values) if modifier.once else -1
    cap, done = modifier.limit, 0  # Foundry's `r2=1`: at most `cap` rerolls by this modifier
    i = 0
    while i < (len(values) if end < 0 else end):
        if flags[i] & _ACTIVE and low <= values[i] <= high:
            if done == cap:
                break
            # Rerolls run before explosions, so every die past the first `count` is a reroll.
            rerolls = len(values) - node.count + 1
            if rerolls > limit:
                raise LimitExceeded("maxRerolls", limit, rerolls)
            flags[i] = (flags[i] & _DROP) | _DISCARDED | _REROLLED
            _draw(work)
            done += 1
        i += 1


def _explode(modifier: Explode, work: _Work) -> None:
    node, values, flags, _, limits, _ = work
    condition, limit = modifier.condition, limits.max_explosions
    low, high = (node.sides, node.sides) if condition is None else (condition.low, condition.high)
    explosions = 0  # one explosion modifier per term, so this is the term's count
    # Appended dice are checked too (the chain continues), except when exploding once.
    end = len(values) if modifier.once else -1
    cap = modifier.limit  # Foundry's `x2=6`: at most `cap` explosions
    i = 0
    while i < (len(values) if end < 0 else end):
        if flags[i] & _ACTIVE and low <= values[i] <= high:
            if explosions == cap:
                break
            explosions += 1
            if explosions > limit:
                raise LimitExceeded("maxExplosions", limit, explosions)
            flags[i] |= _EXPLODED
            _draw(work)
        i += 1


def _keep(modifier: Keep, work: _Work) -> None:
    values, flags = work[1], work[2]
    active: list[int] = []
    for i, f in enumerate(flags):
        if f & _ACTIVE:
            active.append(i)
    # Stable (also with reverse=True): among equal faces the earlier die ranks first.
    ranked = sorted(active, key=values.__getitem__, reverse=modifier.kind in ("kh", "dh"))
    n = modifier.count
    for i in ranked[n:] if modifier.kind[0] == "k" else ranked[:n]:
        flags[i] = (flags[i] & _DROP) | _DISCARDED


def _count(modifier: CountSuccesses, work: _Work) -> None:
    low, high = modifier.condition.low, modifier.condition.high
    values, flags = work[1], work[2]
    counted = _FAILURES if modifier.failures else _COUNTED
    for i, f in enumerate(flags):
        if f & _ACTIVE and low <= values[i] <= high:
            f |= _MET
        flags[i] = f | counted


def _parity(modifier: CountParity, work: _Work) -> None:
    values, flags = work[1], work[2]
    rest = 0 if modifier.kind == "even" else 1
    for i, f in enumerate(flags):
        if f & _ACTIVE and values[i] % 2 == rest:
            f |= _MET
        flags[i] = f | _COUNTED


def _failures(modifier: SubtractFailures, work: _Work) -> None:
    # Flags the failures; the term's value is worked out at the end (`_foundry_value`).
    low, high = modifier.condition.low, modifier.condition.high
    values, flags = work[1], work[2]
    for i, f in enumerate(flags):
        if f & _ACTIVE and low <= values[i] <= high:
            f |= _MET
        flags[i] = f | _FAILURES


def _margin(modifier: Margin, work: _Work) -> None:
    """The margin changes no die, only the term's value (`_foundry_value`)."""


# Each stage takes the modifier type it is filed under (so the table cannot say more than Any).
_STAGES: dict[type, Callable[[Any, _Work], None]] = {
    Clamp: _clamp,
    Reroll: _reroll,
    Explode: _explode,
    Keep: _keep,
    CountSuccesses: _count,
    CountParity: _parity,
    SubtractFailures: _failures,
    Margin: _margin,
}
_FOUNDRY_TAILS = frozenset((CountParity, SubtractFailures, Margin))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}{'es' if word.endswith('s') else 's'}"


def _foundry_value(
    modifiers: tuple[Modifier, ...], values: list[int], flags: list[int], total: int, met: int, shown: str
) -> tuple[int, str, int | None]:
    """A term's (value, breakdown, success count) under Foundry's `even`/`odd`, `sf` and `ms`.

    `total` is the sum of the active dice and `met` how many met the count; modifiers are in stage order.
    """
    counted: int | None = None
    for modifier in modifiers:
        if isinstance(modifier, CountSuccesses):
            total = met
            shown += f"; {_plural(met, 'failure' if modifier.failures else 'success')}"
            counted = None if modifier.failures else met
        elif isinstance(modifier, CountParity):
            total = counted = met
            shown += f"; {met} {modifier.kind}"
        elif isinstance(modifier, SubtractFailures):
            for v, f in zip(values, flags, strict=True):
                if f & _ACTIVE and f & _MET:
                    total -= 2 * v  # it was added once; it counts as its negative
            shown += f"; {_plural(met, 'failure')} subtracted"
        elif isinstance(modifier, Margin):
            before = total
            total = modifier.value - before if modifier.failure else before - modifier.value
            shown += f"; {modifier.value} - {before}" if modifier.failure else f"; {before} - {modifier.value}"
    return total, shown, counted


def roll_term(node: Dice, ctx: Context) -> tuple[int, str]:
    """Roll `node`, record its DiceTermResult in the context, return (value, text)."""
    roll, limits, terms = ctx
    count, sides = node.count, node.sides
    if sides > limits.max_sides:  # nodes built by hand skip the parser's check
        raise LimitExceeded("maxSides", limits.max_sides, sides)
    earlier = 0  # dice already rolled by the terms to the left
    for done in terms:
        earlier += len(done.results)
    if earlier + count > limits.max_dice:  # claimed before any die of the term is rolled
        raise LimitExceeded("maxDice", limits.max_dice, earlier + count)
    modifiers = node.modifiers
    if count == 1 and not modifiers:  # the most common term of all: a single plain die (sides <= max_value)
        value = roll(sides)
        terms.append(DiceTermResult(node.text, 1, sides, (), (_plain(value),), value, None))
        return value, f"{node.text} ({numeral(value)})"
    values: list[int] = []
    for _ in range(count):
        values.append(roll(sides))
    if not modifiers:  # every die active, nothing to flag
        total = sum(values)
        if total > limits.max_value:
            raise LimitExceeded("maxValue", limits.max_value, total)
        terms.append(DiceTermResult(node.text, count, sides, (), tuple(map(_plain, values)), total, None))
        return total, f"{node.text} ({', '.join(map(numeral, values))})"
    flags = [_ACTIVE] * count
    work = (node, values, flags, roll, limits, earlier)
    for modifier in modifiers:  # already in stage order
        _STAGES[type(modifier)](modifier, work)
    return _finish(node, values, flags, limits, terms)


def roll_mapped_term(node: MappedDice, ctx: Context) -> tuple[int, str]:
    """Roll Foundry's Fate dice or coins: each die is a d3 / d2 draw plus the term's offset."""
    roll, limits, terms = ctx
    count, sides, offset = node.count, node.sides, node.offset
    earlier = 0
    for done in terms:
        earlier += len(done.results)
    if earlier + count > limits.max_dice:
        raise LimitExceeded("maxDice", limits.max_dice, earlier + count)
    values: list[int] = []
    for _ in range(count):
        values.append(roll(sides) + offset)
    flags = [_ACTIVE] * count
    work = (node, values, flags, roll, limits, earlier)
    for modifier in node.modifiers:  # keep/drop, or a coin's call: neither draws a die
        _STAGES[type(modifier)](modifier, work)
    return _finish(node, values, flags, limits, terms)


def _finish(node: Dice, values: list[int], flags: list[int], limits: Limits, terms: list[DiceTermResult]) -> tuple[int, str]:
    """Turn a rolled term's faces and flags into its DiceTermResult (recorded) and (value, text)."""
    modifiers = node.modifiers
    keys: list[int] = []
    total = successes = 0
    for v, f in zip(values, flags):  # noqa: B905 - parallel lists, equal by construction
        keys.append(v << _SHIFT | f)
        if f & _ACTIVE:
            total += v
        if f & _MET:
            successes += 1
    # Only Fate dice go below 0, by at most one a die, so their sum stays far inside the bound.
    if total > limits.max_value:
        raise LimitExceeded("maxValue", limits.max_value, total)
    shown = ", ".join(map(_mark, keys))
    last = modifiers[-1] if modifiers else None
    if type(last) is CountSuccesses:  # stage order puts it last
        total = successes
        if last.failures:
            shown += f"; {successes} {'failure' if successes == 1 else 'failures'}"
            counted: int | None = None
        else:
            shown += f"; {successes} {'success' if successes == 1 else 'successes'}"
            counted = successes
    elif type(last) in _FOUNDRY_TAILS:
        total, shown, counted = _foundry_value(modifiers, values, flags, total, successes, shown)
        if total > limits.max_value or total < -limits.max_value:  # a margin can move it past the bound
            raise LimitExceeded("maxValue", limits.max_value, total)
    else:
        counted = None
    terms.append(DiceTermResult(node.text, node.count, node.sides, node.modifier_texts, tuple(map(_die, keys)), total, counted))
    return total, f"{node.text} ({shown})"
