"""Modifiers move the target number, never the roll, and their total is capped.

Every bonus or penalty of a test (situational modifiers, specialization, teamwork,
retries, wounds, favor level, pool bonuses…) is one `Modifier`; the sum is clamped to
±cap (60 by the rules) and the result says whether the cap bit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

Severity = Literal["minor", "moderate", "major"]

SEVERITY = {"minor": 10, "moderate": 20, "major": 30}
SPECIALIZATION_BONUS = 10
RETRY_PENALTY = 10  # per earlier failed attempt at the same action
TEAMWORK_PER_HELPER = 10
TEAMWORK_MAX_BONUS = 30  # the bonus is capped; more helpers may still be listed
TEAMWORK_MIN_SKILL = 40  # for Know, Technical and Vehicle skills
TEAMWORK_SKILLED_CATEGORIES = frozenset({"know", "technical", "vehicle"})


@dataclass(frozen=True, slots=True)
class Modifier:
    source: str  # what it is: "situational", "specialization", "teamwork", "retry", "wounds", …
    value: int
    label: str = ""


@dataclass(frozen=True, slots=True)
class Total:
    modifiers: tuple[Modifier, ...]
    raw: int  # the plain sum
    applied: int  # what reaches the target number
    capped: bool  # the ±cap cut the sum
    ignored: bool  # a pool point set every modifier aside


def severity_value(severity: Severity, *, penalty: bool) -> int:
    value = SEVERITY[severity]
    return -value if penalty else value


def total(modifiers: Iterable[Modifier], *, cap: int, ignore: bool = False, extra: Sequence[Modifier] = ()) -> Total:
    """Sum and cap. `ignore` sets aside every modifier in `modifiers`; `extra` (a pool's +20)
    is added after that and shares the cap."""
    listed = tuple(modifiers)
    kept = () if ignore else listed
    everything = listed + tuple(extra)
    raw = sum(m.value for m in kept) + sum(m.value for m in extra)
    applied = max(-cap, min(cap, raw))
    return Total(everything, raw, applied, applied != raw, ignore)


def retry_modifier(retries: int) -> Modifier | None:
    """Each earlier failed attempt at the same action costs a cumulative −10."""
    return Modifier("retry", -RETRY_PENALTY * retries, f"{retries} earlier attempt(s)") if retries else None


def helper_counts(rating: int | None, category: str | None) -> bool:
    """A helper always counts, except on Know, Technical or Vehicle tests where it needs the skill at 40+."""
    if category in TEAMWORK_SKILLED_CATEGORIES:
        return rating is not None and rating >= TEAMWORK_MIN_SKILL
    return True


def teamwork_modifier(counted: int) -> Modifier | None:
    """+10 per counted helper, never more than +30 (a fourth counted helper adds nothing)."""
    if counted <= 0:
        return None
    bonus = min(TEAMWORK_PER_HELPER * counted, TEAMWORK_MAX_BONUS)
    capped = f", capped at +{TEAMWORK_MAX_BONUS}" if TEAMWORK_PER_HELPER * counted > TEAMWORK_MAX_BONUS else ""
    return Modifier("teamwork", bonus, f"{counted} helper(s){capped}")
