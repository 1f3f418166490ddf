"""Reducing damage: mitigation, range and protection.

The three kinds add up; within one kind only the highest applies. Range counts one
category per range increment between the target and the weapon's ideal range. Protection
counts only against the attack types it lists. All of it applies after the check.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.errors import RuleViolation
from service.systems.neurosystem import errors


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


def _same(kind: str) -> str:
    return " ".join(kind.lower().split())


def range_steps(ideal: int, distance: int) -> int:
    """Range increments between the target and the weapon's ideal range (3 at 1 or 5 → 2)."""
    return abs(distance - ideal)


def best_protection(protections: Sequence[Protection], attack_type: str | None) -> Protection | None:
    if not protections:
        return None
    if attack_type is None:
        raise RuleViolation(
            errors.ATTACK_TYPE_NEEDED,
            "protection only counts against the attack types it lists: name the attack's type (attackType)",
            status=422,
        )
    matching = [p for p in protections if _same(attack_type) in {_same(kind) for kind in p.against}]
    return max(matching, key=lambda p: p.rating, default=None)


def reduction(
    *,
    mitigation: Sequence[int],
    ideal_range: int | None,
    distance: int | None,
    protections: Sequence[Protection],
    attack_type: str | None,
) -> Reduction:
    used = best_protection(protections, attack_type)
    steps = range_steps(ideal_range, distance) if ideal_range is not None and distance is not None else 0
    return Reduction(
        mitigation=max(mitigation, default=0),
        range=steps,
        protection=used.rating if used else 0,
        protection_used=used.name if used else None,
    )
