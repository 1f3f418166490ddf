"""One success test from start to end: modifiers and before-roll pool points set the target,
the d100 is read, after-roll pool points may change the result, then superior results,
criticals and a task's timing are worked out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.dice.stream import Stream
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.d100 import Result, judge, rank, reading, roll_d100
from service.systems.eclipse.rules.modifiers import Modifier, Total, total
from service.systems.eclipse.rules.pools import AFTER_ROLL, PLUS_TWENTY, Spend, after_roll


@dataclass(frozen=True, slots=True)
class SpendOutcome:
    pool: str
    use: str
    spent: bool  # after-roll points are only spent when they improve the result
    note: str


@dataclass(frozen=True, slots=True)
class TestRun:
    face: int  # the d100 face the stream drew (1..100)
    rolled: int  # its 00–99 reading
    base: int  # target number before modifiers
    modifiers: Total
    first: Result  # as rolled
    result: Result  # after any after-roll pool point
    spends: tuple[SpendOutcome, ...]

    @property
    def points_spent(self) -> int:
        return sum(1 for s in self.spends if s.spent)


def target_number(base: int, modifiers: Sequence[Modifier], spends: Sequence[Spend], rules: EclipseRules) -> tuple[Total, int]:
    plus = [Modifier("pool", PLUS_TWENTY, s.pool) for s in spends if s.use == "plus-twenty"]
    ignore = any(s.use == "ignore-modifiers" for s in spends)
    summed = total(modifiers, cap=rules.modifier_cap, ignore=ignore, extra=plus)
    return summed, base + summed.applied


def better(result: Result, use: str, *, critical_replaces_superior: bool) -> Result | None:
    """What one after-roll point of this `use` makes of a result, or None when it is not after-roll or would not raise its standing."""
    if use not in AFTER_ROLL:
        return None
    raised = after_roll(result, use, critical_replaces_superior=critical_replaces_superior)
    return raised if raised is not None and rank(raised) > rank(result) else None


def improve(result: Result, spends: Sequence[Spend], rules: EclipseRules) -> tuple[Result, list[SpendOutcome]]:
    """Apply after-roll points in order, each only if it raises the result's standing."""
    outcomes = []
    for spend in spends:
        if spend.use not in AFTER_ROLL:
            continue
        raised = better(result, spend.use, critical_replaces_superior=rules.critical_replaces_superior)
        if raised is not None:
            outcomes.append(SpendOutcome(spend.pool, spend.use, True, f"{result.outcome} {result.roll} → {raised.outcome} {raised.roll}"))
            result = raised
        else:
            outcomes.append(SpendOutcome(spend.pool, spend.use, False, "kept: it would not improve the result"))
    return result, outcomes


def after_roll_uses(spends: Sequence[Spend]) -> tuple[str, ...]:
    """The uses of the after-roll points among a test's spends, in order: all `settle` reads of them."""
    return tuple(s.use for s in spends if s.use in AFTER_ROLL)


def settle(face: int, *, target: int, uses: Sequence[str], defaulting: bool, critical_replaces_superior: bool) -> Result:
    """The result one d100 face ends with, judged and then raised by any after-roll point (`uses`) as `read`
    does, without the record of the test: what the odds judge once per face. It takes exactly what it
    reads, so a table of its answers is keyed by these alone (different modifiers landing on one target share it)."""
    result = judge(reading(face), target, defaulting=defaulting, critical_replaces_superior=critical_replaces_superior)
    for use in uses:
        raised = better(result, use, critical_replaces_superior=critical_replaces_superior)
        if raised is not None:
            result = raised
    return result


def run_test(
    stream: Stream,
    *,
    base: int,
    modifiers: Sequence[Modifier],
    spends: Sequence[Spend] = (),
    defaulting: bool = False,
    rules: EclipseRules,
) -> TestRun:
    summed, target = target_number(base, modifiers, spends, rules)
    return read(stream, base=base, summed=summed, target=target, spends=spends, defaulting=defaulting, rules=rules)


def read(
    stream: Stream, *, base: int, summed: Total, target: int, spends: Sequence[Spend], defaulting: bool, rules: EclipseRules
) -> TestRun:
    """The d100 read against a target already set, and any after-roll pool point: the part of a test that draws."""
    face, rolled = roll_d100(stream)
    first = judge(rolled, target, defaulting=defaulting, critical_replaces_superior=rules.critical_replaces_superior)
    before = [SpendOutcome(s.pool, s.use, True, "before the roll") for s in spends if s.use not in AFTER_ROLL]
    result, after = improve(first, spends, rules)
    return TestRun(face, rolled, base, summed, first, result, tuple(before + after))
