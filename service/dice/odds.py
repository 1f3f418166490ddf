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
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

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


@dataclass(frozen=True, slots=True)
class Distribution:
    """One random quantity of a mechanic and the exact chance of each of its outcomes.

    `chances` keeps the mechanic's own order (worst to best, or ascending numbers); outcomes
    are all ints (a number: mean, standard deviation and P(≥ x) apply) or all strings (classes).
    `target` is the number the outcome is compared with (a DN, a DV), when there is one.
    """

    name: str
    chances: tuple[tuple[Outcome, Fraction], ...]
    target: int | None = None

    def __post_init__(self) -> None:
        outcomes = [outcome for outcome, _ in self.chances]
        assert outcomes, f"{self.name}: a distribution has at least one outcome"
        assert len(set(outcomes)) == len(outcomes), f"{self.name}: an outcome is named twice"
        kinds = {isinstance(outcome, int) for outcome in outcomes}
        assert len(kinds) == 1, f"{self.name}: outcomes are all numbers or all names"
        # Checked in whole numbers over a common denominator: summing Fractions one by one costs a gcd each.
        common = math.lcm(*(p.denominator for _, p in self.chances))
        ways = [p.numerator * (common // p.denominator) for _, p in self.chances]
        assert min(ways) >= 0 and max(ways) <= common, f"{self.name}: a probability lies in [0, 1]"
        assert sum(ways) == common, f"{self.name}: the probabilities sum to 1"

    @classmethod
    def of(cls, name: str, chances: Chances, target: int | None = None, *, keep_zero: bool = True) -> Distribution:
        """From a mapping (numbers are sorted ascending; names keep the mapping's order)."""
        items: list[tuple[Outcome, Fraction]] = [
            (outcome, p if type(p) is Fraction else Fraction(p)) for outcome, p in chances.items() if keep_zero or p
        ]
        if items and isinstance(items[0][0], int):
            items.sort(key=lambda item: int(item[0]))
        return cls(name, tuple(items), target)

    @classmethod
    def counted(cls, name: str, counts: Mapping[Any, int], target: int | None = None) -> Distribution:
        """From outcome counts (ways of each outcome out of all of them).

        Checked in the whole numbers themselves, and each distinct count made a Fraction once (a d100's
        hundred outcomes share one): building a Fraction costs more than the rest of a small odds."""
        assert counts, f"{name}: a distribution has at least one outcome"
        kinds = {issubclass(kind, int) for kind in set(map(type, counts))}
        assert len(kinds) == 1, f"{name}: outcomes are all numbers or all names"
        assert min(counts.values()) >= 0, f"{name}: a probability lies in [0, 1]"
        total = sum(counts.values())
        made: dict[int, Fraction] = {}
        chances: list[tuple[Outcome, Fraction]] = []
        for outcome in sorted(counts) if True in kinds else counts:
            ways = counts[outcome]
            p = made.get(ways)
            if p is None:
                p = made[ways] = ratio(ways, total)
            chances.append((outcome, p))
        copy = object.__new__(Distribution)  # checked above: the outcomes are a mapping's keys, the ways sum to the total
        for part, value in (("name", name), ("chances", tuple(chances)), ("target", target)):
            object.__setattr__(copy, part, value)
        return copy

    def renamed(self, name: str) -> Distribution:
        """The same chances under another name (checked once, when they were made: a name changes none of them)."""
        copy = object.__new__(Distribution)
        for part, value in (("name", name), ("chances", self.chances), ("target", self.target)):
            object.__setattr__(copy, part, value)
        return copy

    @property
    def numeric(self) -> bool:
        return isinstance(self.chances[0][0], int)

    def probability(self, outcome: Outcome) -> Fraction:
        return dict(self.chances).get(outcome, Fraction(0))

    def at_least(self, x: int) -> Fraction:
        assert self.numeric, f"{self.name}: P(≥ x) is for numbers"
        return sum((p for outcome, p in self.chances if isinstance(outcome, int) and outcome >= x), Fraction(0))

    def mean(self) -> Fraction:
        assert self.numeric, f"{self.name}: a mean is for numbers"
        return sum((int(outcome) * p for outcome, p in self.chances), Fraction(0))

    def variance(self) -> Fraction:
        mean = self.mean()
        return sum(((int(outcome) - mean) ** 2 * p for outcome, p in self.chances), Fraction(0))

    def wire(self) -> dict[str, Any]:
        """The JSON answer: each probability as an exact `"n/d"` string with its float beside it.

        Worked in integers over one common denominator (Fraction arithmetic on every step cost
        several times the odds themselves)."""
        denominator = 1
        for _, p in self.chances:
            denominator = math.lcm(denominator, p.denominator)
        ways = [p.numerator * (denominator // p.denominator) for _, p in self.chances]
        outcomes: list[dict[str, Any]] = []
        remaining = denominator
        numeric = self.numeric
        for (outcome, p), w in zip(self.chances, ways, strict=True):
            entry: dict[str, Any] = {"outcome": outcome, "exact": _exact(p), "probability": w / denominator}
            if numeric:
                entry["atLeastExact"] = _ratio(remaining, denominator)
                entry["atLeast"] = remaining / denominator
                remaining -= w
            outcomes.append(entry)
        body: dict[str, Any] = {"name": self.name, "numeric": numeric, "outcomes": outcomes}
        if self.target is not None:
            body["target"] = self.target
        if numeric:
            first = sum(int(outcome) * w for (outcome, _), w in zip(self.chances, ways, strict=True))
            second = sum(int(outcome) ** 2 * w for (outcome, _), w in zip(self.chances, ways, strict=True))
            spread = second * denominator - first * first  # the variance times denominator**2
            body.update(meanExact=_ratio(first, denominator), mean=first / denominator, stdDev=math.sqrt(spread / denominator**2))
        return body


@dataclass(frozen=True, slots=True)
class Odds:
    """Every distribution a mechanic's odds name, the first being its main outcome."""

    distributions: tuple[Distribution, ...]

    def __post_init__(self) -> None:
        names = [d.name for d in self.distributions]
        assert names and len(set(names)) == len(names), "odds name each distribution once"

    @classmethod
    def of(cls, *distributions: Distribution | Iterable[Distribution]) -> Odds:
        flat: list[Distribution] = []
        for d in distributions:
            flat.extend([d] if isinstance(d, Distribution) else d)
        return cls(tuple(flat))

    def __getitem__(self, name: str) -> Distribution:
        for d in self.distributions:
            if d.name == name:
                return d
        raise KeyError(name)

    def wire(self) -> dict[str, Any]:
        return {"distributions": [d.wire() for d in self.distributions]}


NOTHING_ROLLED = "none rolled"


def rolls_nothing() -> Odds:
    """The odds of an action that is allowed and rolls no dice: one distribution, `dice`, certainly
    "none rolled". Every game answers such an action so, rather than refusing it."""
    return Odds.of(Distribution.of("dice", {NOTHING_ROLLED: 1}))


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


def _exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator}"


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


@contextmanager
def under_limits(limits: Limits) -> Iterator[None]:
    token = _ROLL_LIMITS.set(limits)
    try:
        yield
    finally:
        _ROLL_LIMITS.reset(token)
