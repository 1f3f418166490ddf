"""Exact odds: what a mechanic's `odds` function answers before anything is rolled.

A mechanic that draws may declare an odds function beside its handlers (`odds=` for the
stateless form, `session_odds=` for the session form, see `service.registry`). It takes the
same input as the roll, minus the seed, and returns `Odds`: one or more named `Distribution`s,
each an exact probability (a `Fraction`) per outcome, in the mechanic's own vocabulary
("success", "success at a cost"; a total; the damage dealt). Nothing here draws.

An odds function that would cost too much (a huge pool, deep explosions) raises
`OddsTooCostly`, which the API answers as a 422 naming the limit.
"""

from __future__ import annotations

import contextvars
import math
import operator
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, TypeVar

from service.dice import memo
from service.dice.notation.limits import DEFAULT_LIMITS, Limits

Outcome = str | int
# Outcome → probability; keys are `Outcome`s (typed Any: a Mapping's key type is invariant, and
# `Distribution` checks at run time that they are all names or all numbers).
Chances = Mapping[Any, Fraction | int]


class OddsTooCostly(ValueError):
    """Computing these odds exactly would pass a limit; `limit` names it, `maximum` is its bound."""

    def __init__(self, limit: str, value: int, maximum: int) -> None:
        super().__init__(f"{limit} would be {value}; the most the odds are computed for is {maximum}")
        self.limit = limit
        self.value = value
        self.maximum = maximum


class Distribution:
    """One random quantity of a mechanic and the exact chance of each of its outcomes.

    `chances` keeps the mechanic's own order (worst to best, or ascending numbers); outcomes
    are all ints (a number: mean, standard deviation and P(≥ x) apply) or all strings (classes).
    `target` is the number the outcome is compared with (a DN, a DV), when there is one.

    Kept as whole numbers: `ways[i]` of `total` for `outcomes[i]`. A chance becomes a `Fraction`
    only when `chances` (or a summary) is read; the JSON answer (`wire`) is written from the whole
    numbers themselves, so an odds request makes no Fraction at all. Immutable.
    """

    __slots__ = ("name", "target", "outcomes", "ways", "total")

    name: str
    target: int | None
    outcomes: tuple[Outcome, ...]
    ways: tuple[int, ...]
    total: int

    def __init__(self, name: str, chances: Iterable[tuple[Outcome, Fraction | int]], target: int | None = None) -> None:
        pairs = [(outcome, p if type(p) is Fraction else Fraction(p)) for outcome, p in chances]
        outcomes = tuple(outcome for outcome, _ in pairs)
        assert outcomes, f"{name}: a distribution has at least one outcome"
        assert len(set(outcomes)) == len(outcomes), f"{name}: an outcome is named twice"
        kinds = {isinstance(outcome, int) for outcome in outcomes}
        assert len(kinds) == 1, f"{name}: outcomes are all numbers or all names"
        # Checked in whole numbers over a common denominator: summing Fractions one by one costs a gcd each.
        common = math.lcm(*(p.denominator for _, p in pairs))
        ways = tuple(p.numerator * (common // p.denominator) for _, p in pairs)
        assert min(ways) >= 0 and max(ways) <= common, f"{name}: a probability lies in [0, 1]"
        assert sum(ways) == common, f"{name}: the probabilities sum to 1"
        _set(self, name, target, outcomes, ways, common)

    @classmethod
    def of(cls, name: str, chances: Chances, target: int | None = None, *, keep_zero: bool = True) -> Distribution:
        """From a mapping (numbers are sorted ascending; names keep the mapping's order)."""
        items = [(outcome, p) for outcome, p in chances.items() if keep_zero or p]
        if items and isinstance(items[0][0], int):
            items.sort(key=lambda item: int(item[0]))
        return cls(name, items, target)

    @classmethod
    def counted(cls, name: str, counts: Mapping[Any, int], target: int | None = None) -> Distribution:
        """From outcome counts (ways of each outcome out of all of them), kept as they are.

        Checked in the whole numbers themselves: the outcomes are a mapping's keys, so named once."""
        assert counts, f"{name}: a distribution has at least one outcome"
        kinds = set(map(type, counts))
        if kinds == _NUMBERS or kinds == _NAMES:  # the common cases at once; else kind by kind
            numeric = kinds == _NUMBERS
        else:
            numbers = {issubclass(kind, int) for kind in kinds}
            assert len(numbers) == 1, f"{name}: outcomes are all numbers or all names"
            numeric = True in numbers
        if numeric:
            outcomes = tuple(sorted(counts))
            ways = tuple(map(counts.__getitem__, outcomes))
        else:
            outcomes, ways = tuple(counts), tuple(counts.values())
        assert min(ways) >= 0, f"{name}: a probability lies in [0, 1]"
        made = object.__new__(Distribution)
        _set(made, name, target, outcomes, ways, sum(ways))
        return made

    def renamed(self, name: str) -> Distribution:
        """The same chances under another name (checked once, when they were made: a name changes none of them)."""
        made = object.__new__(Distribution)
        _set(made, name, self.target, self.outcomes, self.ways, self.total)
        return made

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Distribution is immutable: {name} is not set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Distribution is immutable: {name} is not deleted")

    @property
    def chances(self) -> tuple[tuple[Outcome, Fraction], ...]:
        """(outcome, exact chance) pairs, in order; each distinct count made a Fraction once."""
        made: dict[int, Fraction] = {}
        total = self.total
        out = []
        for outcome, ways in zip(self.outcomes, self.ways):
            p = made.get(ways)
            if p is None:
                p = made[ways] = ratio(ways, total)
            out.append((outcome, p))
        return tuple(out)

    def __eq__(self, other: object) -> bool:
        if type(other) is not Distribution:
            return NotImplemented
        return (self.name, self.target, self.outcomes) == (other.name, other.target, other.outcomes) and all(
            a * other.total == b * self.total for a, b in zip(self.ways, other.ways)
        )

    def __hash__(self) -> int:
        return hash((self.name, self.target, self.chances))

    def __repr__(self) -> str:
        return f"Distribution(name={self.name!r}, chances={self.chances!r}, target={self.target!r})"

    @property
    def numeric(self) -> bool:
        return isinstance(self.outcomes[0], int)

    def probability(self, outcome: Outcome) -> Fraction:
        for each, ways in zip(self.outcomes, self.ways):
            if each == outcome:
                return ratio(ways, self.total)
        return Fraction(0)

    def at_least(self, x: int) -> Fraction:
        assert self.numeric, f"{self.name}: P(≥ x) is for numbers"
        return ratio(sum(w for outcome, w in zip(self.outcomes, self.ways) if int(outcome) >= x), self.total)

    def mean(self) -> Fraction:
        assert self.numeric, f"{self.name}: a mean is for numbers"
        return ratio(sum(int(outcome) * w for outcome, w in zip(self.outcomes, self.ways)), self.total)

    def variance(self) -> Fraction:
        mean = self.mean()
        return sum(((int(outcome) - mean) ** 2 * ratio(w, self.total) for outcome, w in zip(self.outcomes, self.ways)), Fraction(0))

    def wire(self) -> dict[str, Any]:
        """The JSON answer: each probability as an exact `"n/d"` string in lowest terms with its float beside it.

        Written from the whole numbers; each chance's text and float are kept by its denominator, then its
        numerator (`_TEXTS`). For numbers, the cells of each outcome (its chance's text and float, and
        those of reaching it) are kept by the distribution's shape, its ways out of its total (`_CELLS`):
        every d20 test of one mode, every 2d6 damage, has the same shape whatever it adds, so an answer of
        a shape met before only pairs its outcomes with the cells, and, for outcomes one apart, takes its
        mean and deviation from the shape's kept moments."""
        total, outcomes, ways = self.total, self.outcomes, self.ways
        listed: list[dict[str, Any]] = []
        append = listed.append
        numeric = isinstance(outcomes[0], int)
        if not numeric:  # a few named outcomes: each chance's text looked up at once
            row = _row(total)
            known = row.get
            for outcome, w in zip(outcomes, ways):
                exact, p = known(w) or _written(row, w, total)
                append({"outcome": outcome, "exact": exact, "probability": p})
        else:
            cells, index_sum, index_std_dev = _CELLS.get((total, ways)) or _cells(total, ways)
            for o, cell in zip(outcomes, cells):
                # A copy of the kept cell with its outcome filled in: the keys stay in the cell's order, and
                # copying a small dict costs less than writing its five entries anew.
                mine = cell.copy()
                mine["outcome"] = o
                append(mine)
        body: dict[str, Any] = {"name": self.name, "numeric": numeric, "outcomes": listed}
        if self.target is not None:
            body["target"] = self.target
        if not numeric:
            return body
        numbers: tuple[int, ...] = outcomes  # type: ignore[assignment]  # numeric: every outcome is an int
        low = numbers[0]
        if numbers[-1] - low == len(numbers) - 1:  # outcomes one apart: the shape's own sums, moved to `low`
            first, std_dev = low * total + index_sum, index_std_dev
        else:
            first, std_dev = _moments(numbers, ways, total)
        row = _row(total)
        body["meanExact"], body["mean"] = row.get(first) or _written(row, first, total)
        body["stdDev"] = std_dev
        return body


_NAMES, _NUMBERS = {str}, {int}


def _set(made: Distribution, name: str, target: int | None, outcomes: tuple[Outcome, ...], ways: tuple[int, ...], total: int) -> None:
    """Fill a new Distribution's slots through their descriptors (its own `__setattr__` refuses)."""
    _NAME(made, name)
    _TARGET(made, target)
    _OUTCOMES(made, outcomes)
    _WAYS(made, ways)
    _TOTAL(made, total)


_NAME, _TARGET, _OUTCOMES, _WAYS, _TOTAL = (vars(Distribution)[slot].__set__ for slot in Distribution.__slots__)


@dataclass(frozen=True, slots=True)
class Odds:
    """Every distribution a mechanic's odds name, the first being its main outcome.

    Its JSON answer (`wire`) is written once and kept with it, when it has at most
    `KEPT_ANSWER_OUTCOMES` outcomes in all: remembered odds (`service.dice.memo`) are answered again
    without writing them again. The answer is shared, so a caller only reads it.
    """

    distributions: tuple[Distribution, ...]
    _answer: list[dict[str, Any]] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = [d.name for d in self.distributions]
        assert names and len(set(names)) == len(names), "odds name each distribution once"

    @classmethod
    def of(cls, *distributions: Distribution | Iterable[Distribution]) -> Odds:
        """Odds of these distributions, each given alone or several in an iterable, in order.

        Made as `__init__` and `__post_init__` make one, without the frozen dataclass's field-by-field set."""
        flat: list[Distribution] = []
        for d in distributions:
            if isinstance(d, Distribution):
                flat.append(d)
            else:
                flat.extend(d)
        names = {d.name for d in flat}
        assert flat and len(names) == len(flat), "odds name each distribution once"
        made = object.__new__(cls)
        _DISTRIBUTIONS(made, tuple(flat))
        _ANSWER(made, None)
        return made

    def __getitem__(self, name: str) -> Distribution:
        for d in self.distributions:
            if d.name == name:
                return d
        raise KeyError(name)

    def wire(self) -> dict[str, Any]:
        answer = self._answer
        if answer is None:
            answer = [d.wire() for d in self.distributions]
            if sum(len(d.outcomes) for d in self.distributions) <= KEPT_ANSWER_OUTCOMES:
                object.__setattr__(self, "_answer", answer)
        return {"distributions": answer}


_DISTRIBUTIONS, _ANSWER = (vars(Odds)[slot].__set__ for slot in Odds.__slots__)


# The most outcomes an answer kept with its odds may hold: a d20 test has 20 to 60, an attack 30 to 80,
# a d100 100. A kept answer costs about 150 bytes an outcome (its texts and floats are shared), so the
# memo's 1,024 tables hold at most some 30 MB of answers; `3d6!`'s 613 outcomes are written each time.
KEPT_ANSWER_OUTCOMES = 200


NOTHING_ROLLED = "none rolled"


def rolls_nothing() -> Odds:
    """The odds of an action that is allowed and rolls no dice: one distribution, `dice`, certainly
    "none rolled". Every game answers such an action so, rather than refusing it. The same answer every
    time, made once (odds never change, and their kept answer is only read)."""
    return _NOTHING


_NOTHING = Odds.of(Distribution.counted("dice", {NOTHING_ROLLED: 1}))


def _reduced(numerator: int, denominator: int) -> Fraction:
    """`Fraction(numerator, denominator)` for a whole numerator and a positive whole denominator,
    made without the constructor's checks and conversions: one gcd and the two numbers set. A third
    of the constructor's cost, for the thousands of chances of a long distribution."""
    common = math.gcd(numerator, denominator)
    made = object.__new__(Fraction)
    made._numerator = numerator // common  # type: ignore[attr-defined]  # the slots Fraction keeps its terms in
    made._denominator = denominator // common  # type: ignore[attr-defined]
    return made


def _checked(n: int, d: int) -> Fraction:
    return Fraction(n, d)


# The short way, where this Python keeps a Fraction's terms as it did when this was written (3.11 to 3.14
# do); otherwise the constructor.
ratio = _reduced if _reduced(6, 8) == Fraction(3, 4) and _reduced(6, 8).denominator == 4 else _checked


# The text and float of each chance an answer wrote, by its denominator and then its numerator: the same few
# (x/20, x/400, x/216) come up in answer after answer, and writing one costs more than the rest of its outcome.
# Kept by the numbers alone, as a dice shape's tables are (`memo.shape_cache`: the bench's first request
# forgets it); emptied when it holds `_MOST_TEXTS` chances.
_TEXTS: dict[int, dict[int, tuple[str, float]]] = {}
_MOST_TEXTS = 1 << 14  # about 3.4 MB of small fractions, 6.2 MB of 267-bit ones (measured)
_kept = 0


# The cells of each numeric distribution shape an answer wrote (`Distribution.wire`), by (total, ways):
# per outcome, an answer's entry but for the outcome itself (None here): its chance's text and float and
# those of reaching it. Answers copy them, never change them. Beside them, the shape's outcomes' sum
# weighted by their ways and standard deviation with the outcomes numbered 0, 1, 2…: for outcomes one
# apart (every die roll), the mean is that sum moved to the first outcome, and the deviation is the
# same wherever the outcomes start. Counted with the texts, an outcome a chance, and emptied with them.
_Shape = tuple[tuple[dict[str, Any], ...], int, float]
_CELLS: dict[tuple[int, tuple[int, ...]], _Shape] = {}


def _cells(total: int, ways: tuple[int, ...]) -> _Shape:
    """Each outcome's cells for a numeric distribution of these ways out of `total`, and the shape's
    moments over outcomes numbered from 0, written and kept."""
    global _kept
    row = _row(total)
    known = row.get
    made: list[dict[str, Any]] = []
    remaining = total
    for w in ways:
        exact, p = known(w) or _written(row, w, total)
        at_least_exact, at_least = known(remaining) or _written(row, remaining, total)
        made.append({"outcome": None, "exact": exact, "probability": p, "atLeastExact": at_least_exact, "atLeast": at_least})
        remaining -= w
    if _kept + len(ways) > _MOST_TEXTS:
        _forget_texts()
    _kept += len(ways)
    shape = _CELLS[(total, ways)] = (tuple(made), *_moments(range(len(ways)), ways, total))
    return shape


def _moments(numbers: Iterable[int], ways: tuple[int, ...], total: int) -> tuple[int, float]:
    """The outcomes' sum weighted by their ways (the mean times `total`), and their standard deviation."""
    listed = list(numbers)
    first = sum(map(operator.mul, listed, ways))
    second = sum(map(operator.mul, map(operator.mul, listed, listed), ways))
    spread = second * total - first * first  # the variance times total**2
    return first, math.sqrt(spread / total**2)


def _row(total: int) -> dict[int, tuple[str, float]]:
    """The texts kept for chances out of `total`, by their numerator."""
    row = _TEXTS.get(total)
    if row is None:
        row = _TEXTS[total] = {}
    return row


def _forget_texts() -> None:
    global _kept
    _TEXTS.clear()
    _CELLS.clear()
    _kept = 0


memo.shape_cache(_forget_texts)


def _written(row: dict[int, tuple[str, float]], numerator: int, denominator: int) -> tuple[str, float]:
    """`numerator/denominator` in lowest terms and as a float, kept in `row`, its denominator's."""
    global _kept
    if _kept >= _MOST_TEXTS:
        _forget_texts()  # `row` goes with the rest once this answer is written
    _kept += 1
    made = row[numerator] = (_ratio(numerator, denominator), numerator / denominator)
    return made


def _ratio(numerator: int, denominator: int) -> str:
    """`numerator/denominator` in lowest terms."""
    common = math.gcd(numerator, denominator) or 1
    return f"{numerator // common}/{denominator // common}"


# The app's roll budget while an odds function runs: odds that must refuse what the roll refuses
# (the dice notation's) read it with `roll_limits()`; the API sets it around each odds call.
_ROLL_LIMITS: contextvars.ContextVar[Limits] = contextvars.ContextVar("roll_limits", default=DEFAULT_LIMITS)


def roll_limits() -> Limits:
    """The roll budget of the app computing these odds (the default one outside a request)."""
    return _ROLL_LIMITS.get()


_R = TypeVar("_R")


def under_limits(limits: Limits, odds: Callable[..., _R], *args: Any) -> _R:
    """`odds(*args)` with `limits` as the roll budget while it runs: set and reset in place, as a context
    manager made of a generator would cost 2 µs, a fifth of a session's odds asked again."""
    token = _ROLL_LIMITS.set(limits)
    try:
        return odds(*args)
    finally:
        _ROLL_LIMITS.reset(token)
