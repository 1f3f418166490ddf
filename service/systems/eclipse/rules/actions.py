"""The action turn's economy: one complex and one quick, or one task and one quick, or three
quick actions; automatic actions are free. Extra actions (a pool point, a critical) each
cover one more complex action or two quick ones of the right kind."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal

ActionKind = Literal["complex", "task", "quick", "automatic"]
Nature = Literal["physical", "mental", "mesh"]
Extra = Literal["mental", "physical", "any"]  # Insight: mental/mesh; Vigor: physical; a critical: any

PATTERNS: tuple[tuple[str, dict[str, int]], ...] = (
    ("complex-and-quick", {"complex": 1, "task": 0, "quick": 1}),
    ("task-and-quick", {"complex": 0, "task": 1, "quick": 1}),
    ("three-quick", {"complex": 0, "task": 0, "quick": 3}),
)
EXTRA_NATURES = {"mental": frozenset({"mental", "mesh"}), "physical": frozenset({"physical"}), "any": frozenset({"physical", "mental", "mesh"})}
_Action = tuple[str, str]  # (kind, nature)
_Key = tuple[tuple[_Action, int], ...]  # a Counter of actions as a sorted, hashable key


def fits(actions: Sequence[tuple[str, str]], extras: Sequence[str] = ()) -> str | None:
    """The pattern these (kind, nature) actions fit with the given extras, or None."""
    counts = Counter((k, n) for k, n in actions if k != "automatic")
    return _fit(_key(counts), tuple(sorted(extras)), {})


def _key(counts: Counter[_Action]) -> _Key:
    return tuple(sorted((k, n) for k, n in counts.items() if n > 0))


def _fit(counts_key: _Key, extras: tuple[str, ...], seen: dict[tuple[_Key, tuple[str, ...]], str | None]) -> str | None:
    """Search the ways the extras can cover actions; `seen` remembers positions already tried."""
    memo = (counts_key, extras)
    if memo in seen:
        return seen[memo]
    counts = Counter(dict(counts_key))
    options = _absorbable(counts, sorted(EXTRA_NATURES[extras[0]])) if extras else []
    found = None
    if not options:
        # Fewer actions never fit worse, so an extra is left unused only when it can cover nothing.
        found = _base(counts) if not extras else _fit(counts_key, extras[1:], seen)
    for taken in options:
        left = counts.copy()
        left.subtract(taken)
        inner = _fit(_key(left), extras[1:], seen)
        if inner:
            found = f"{inner}+extra"
            break
    seen[memo] = found
    return found


def _absorbable(counts: Counter[_Action], natures: Sequence[str]) -> list[Counter[_Action]]:
    """What one extra action may cover: one complex action, or one or two quick ones, of its natures."""
    options = [Counter({("complex", n): 1}) for n in natures if counts[("complex", n)]]
    quick = [n for n in natures if counts[("quick", n)]]
    pairs = []
    for i, first in enumerate(quick):
        for second in quick[i:]:
            pair = Counter({("quick", first): 1}) + Counter({("quick", second): 1})
            if all(counts[key] >= need for key, need in pair.items()):
                pairs.append(pair)
    # Covering two quick actions is never worse than covering one of them.
    singles = [] if pairs else [Counter({("quick", n): 1}) for n in quick]
    return options + pairs + singles


def _base(counts: Counter[_Action]) -> str | None:
    totals: Counter[str] = Counter()
    for (kind, _), n in counts.items():
        totals[kind] += n
    for name, limits in PATTERNS:
        if all(totals[kind] <= limits[kind] for kind in ("complex", "task", "quick")):
            return name
    return None
