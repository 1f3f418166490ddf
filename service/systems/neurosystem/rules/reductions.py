"""Reducing damage: mitigation, range and protection.

The three kinds add up; within one kind only the highest applies. Range counts one
category per range increment between the target and the weapon's ideal range. Protection
counts only against the attack types it lists. All of it applies after the check.

An attack's type is a set of tags: the words of its description, case and spacing aside
(`"Kinetic  Ranged"` is {kinetic, ranged}). Each type a protection lists is such a set too.
How the two sets must relate for the protection to count is `ProtectionMatch`:
- `either-includes` (the default): one set includes the other. A `kinetic` vest stops a
  `kinetic ranged` attack, and a `kinetic ranged` resonance shield stops an attack described
  only as `kinetic`, as the text's own example has it; neither stops `laser ranged` or
  `kinetic melee`;
- `attack-includes`: the attack carries every tag of the listed type, so a `kinetic ranged`
  shield no longer stops an attack described only as `kinetic`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from service.systems.neurosystem import errors
from service.systems.neurosystem.options import ProtectionMatch

@dataclass(frozen=True, slots=True)
class Protection:
    name: str
    rating: int
    against: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Reduction:
    mitigation: int
    range: int
    protection: int
    protection_used: str | None

    @property
    def total(self) -> int:
        return self.mitigation + self.range + self.protection


def tags(kind: str | Iterable[str]) -> frozenset[str]:
    """The tags of an attack type: `"Kinetic Ranged"` and `["kinetic", "RANGED"]` are both {kinetic, ranged}."""
    words = [kind] if isinstance(kind, str) else list(kind)
    return frozenset(tag for word in words for tag in word.lower().split())


def stops(listed: frozenset[str], attack: frozenset[str], match: ProtectionMatch = "either-includes") -> bool:
    """Whether a type a protection lists covers an attack with these tags."""
    if not listed or not attack:
        return False
    if match == "attack-includes":
        return listed <= attack
    return listed <= attack or attack <= listed


def range_steps(ideal: int, distance: int) -> int:
    """Range increments between the target and the weapon's ideal range (3 at 1 or 5 → 2)."""
    return abs(distance - ideal)


def best_protection(
    protections: Sequence[Protection], attack_type: str | Sequence[str] | None, match: ProtectionMatch = "either-includes"
) -> Protection | None:
    if not protections:
        return None
    attack = tags(attack_type) if attack_type is not None else frozenset()
    if not attack:
        raise errors.refuse(
            errors.ATTACK_TYPE_NEEDED,
            "protection only counts against the attack types it lists: name the attack's type (attackType)",
        )
    matching = [p for p in protections if any(stops(tags(kind), attack, match) for kind in p.against)]
    return max(matching, key=lambda p: p.rating, default=None)


def reduction(
    *,
    mitigation: Sequence[int],
    ideal_range: int | None,
    distance: int | None,
    protections: Sequence[Protection],
    attack_type: str | Sequence[str] | None,
    match: ProtectionMatch = "either-includes",
) -> Reduction:
    used = best_protection(protections, attack_type, match)
    steps = range_steps(ideal_range, distance) if ideal_range is not None and distance is not None else 0
    return Reduction(
        mitigation=max(mitigation, default=0),
        range=steps,
        protection=used.rating if used else 0,
        protection_used=used.name if used else None,
    )
