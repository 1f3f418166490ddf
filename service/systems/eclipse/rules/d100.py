"""The percentile roll: how a die face becomes a 00–99 reading, and what a reading means.

Mapping: the stream draws one die of 100 faces (1..100) and the reading is `face % 100`,
so face 100 reads 00 and every other face reads as itself. Each reading 00–99 has exactly
one face, so the reading is as unbiased as the stream, and an auditor who sees face 47 in
the audit record sees the 47 that was read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from service.dice.stream import Stream

Outcome = Literal["critical-success", "success", "failure", "critical-failure"]
CountsAs = Literal["critical", "critical-and-superior", "superior", "plain"]

FACES = 100  # the sides of the percentile die the stream draws
SUPERIOR_AT = (33, 66)  # a success at or above each threshold earns one superior success


def reading(face: int) -> int:
    """The 00–99 reading of a d100 face 1..100: `reading(100) == 0`, `reading(47) == 47`."""
    return face % 100


def roll_d100(stream: Stream) -> tuple[int, int]:
    """One percentile roll from the stream: (face drawn, reading)."""
    face = stream.roll(FACES)
    return face, reading(face)


def flip_flop(value: int) -> int:
    """Swap the tens and units digits: 83 → 38, 05 → 50, 00 → 00."""
    return (value % 10) * 10 + value // 10


def is_doubles(value: int) -> bool:
    return value % 11 == 0  # 00, 11, 22 … 99


@dataclass(frozen=True, slots=True)
class Result:
    """A judged roll.

    `superior` is what the roll measured: superior successes on a success, superior failures
    on a failure, always reported. `replaced` is how many of them a critical stands in for
    (the table's `criticalReplacesSuperior`), so `effective` is what buys effects.
    """

    roll: int
    target: int
    success: bool
    critical: bool
    superior: int
    defaulting: bool = False
    critical_ignored: bool = False  # doubles that defaulting stripped of their critical
    replaced: int = 0  # measured superior results that buy nothing because the critical counts instead

    @property
    def outcome(self) -> Outcome:
        if self.success:
            return "critical-success" if self.critical else "success"
        return "critical-failure" if self.critical else "failure"

    @property
    def superior_successes(self) -> int:
        return self.superior if self.success else 0

    @property
    def superior_failures(self) -> int:
        return 0 if self.success else self.superior

    @property
    def effective(self) -> int:
        """Superior results that buy choices, damage dice, privileges or time."""
        return self.superior - self.replaced

    @property
    def effective_successes(self) -> int:
        return self.effective if self.success else 0

    @property
    def effective_failures(self) -> int:
        return 0 if self.success else self.effective

    @property
    def counts_as(self) -> CountsAs:
        """What the result counts as for its effects: 55 against 50 is `critical` by default."""
        if self.critical:
            return "critical-and-superior" if self.effective else "critical"
        return "superior" if self.superior else "plain"


def superior_count(roll: int, success: bool) -> int:
    """Superior successes grow with a high successful roll; superior failures with a low failed one."""
    low, high = SUPERIOR_AT
    if success:
        return (roll >= low) + (roll >= high)
    return (roll < low) + (roll < high)


def judge(roll: int, target: int, *, defaulting: bool = False, critical_replaces_superior: bool = True) -> Result:
    """Judge a 00–99 reading against a (modified) target number.

    00 always succeeds critically and 99 always fails critically, whatever the target;
    other doubles are criticals of whichever way the roll went. Defaulting to an aptitude
    turns critical successes into plain ones. The superior results the roll measured are
    always kept; with `critical_replaces_superior` (the default reading) a critical stands
    in for them, so they are marked `replaced` and buy nothing.
    """
    if roll == 0:
        success = True
    elif roll == 99:
        success = False
    else:
        success = roll <= target
    critical = is_doubles(roll)
    ignored = False
    if critical and success and defaulting:
        critical, ignored = False, True
    superior = superior_count(roll, success)
    replaced = superior if critical and critical_replaces_superior else 0
    return Result(roll, target, success, critical, superior, defaulting, ignored, replaced)


def rank(result: Result) -> tuple[int, int, int]:
    """How good a result is for the one who rolled it, as a sortable key.

    Critical failure < failure (fewer superior failures is better) < success (more
    superior successes, then the higher roll) < critical success (the higher roll).
    """
    if not result.success:
        return (0, 0, 0) if result.critical else (1, -result.effective, 0)
    if result.critical:
        return (3, result.effective, result.roll)
    return (2, result.effective, result.roll)


def rejudge(result: Result, roll: int, *, critical_replaces_superior: bool) -> Result:
    """The same test read with another roll (after a flip-flop)."""
    return judge(roll, result.target, defaulting=result.defaulting, critical_replaces_superior=critical_replaces_superior)


def upgraded(result: Result, *, critical_replaces_superior: bool) -> Result | None:
    """A success raised one superior step (none → one → two); None when nothing would change.

    A critical success that stands in place of superior results has none to raise.
    """
    if not result.success or result.superior >= 2 or (result.critical and critical_replaces_superior):
        return None
    r = result
    return Result(r.roll, r.target, r.success, r.critical, r.superior + 1, r.defaulting, r.critical_ignored, r.replaced)


def downgraded(result: Result) -> Result | None:
    """A critical failure made a normal failure: neither critical nor superior; None if not a critical failure."""
    if result.success or not result.critical:
        return None
    r = result
    return Result(r.roll, r.target, r.success, False, 0, r.defaulting, r.critical_ignored, 0)
