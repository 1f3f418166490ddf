"""Initiative: 1d6 + Initiative, highest first; ties by REF, then roll-offs; a delay moves a
character later and its new count stays its Initiative for the turns after."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from service.dice.stream import Stream
from service.systems.eclipse.rules.d100 import roll_d100

ROLL_OFF_ROUNDS = 20  # a tie still standing after this many d100 roll-offs keeps listing order
INITIATIVE_DIE = 6  # each character's count is one d6 plus its Initiative


@dataclass(frozen=True, slots=True)
class Combatant:
    key: str
    initiative: int
    ref: int


@dataclass(frozen=True, slots=True)
class Slot:
    key: str
    initiative: int
    ref: int
    roll: int
    count: int  # the total this character acts at
    roll_offs: tuple[int, ...] = field(default_factory=tuple)
    position: int = 0


def initiative_count(die: int, c: Combatant) -> int:
    """The count a character acts at, from its initiative die."""
    return die + c.initiative


def roll_initiative(stream: Stream, combatants: Sequence[Combatant], *, ties: str) -> list[Slot]:
    slots = []
    for c in combatants:
        die = stream.roll(INITIATIVE_DIE)
        slots.append(Slot(c.key, c.initiative, c.ref, die, initiative_count(die, c)))
    return order(stream, slots, ties=ties)


def order(stream: Stream, slots: Sequence[Slot], *, ties: str) -> list[Slot]:
    """Sort by count; break ties by REF and d100 roll-offs, or share positions when simultaneous."""
    if ties == "simultaneous":
        ranked = sorted(slots, key=lambda s: -s.count)
        return _positions(ranked, key=lambda s: s.count)
    ranked = sorted(slots, key=lambda s: (-s.count, -s.ref))
    offs: dict[str, list[int]] = {s.key: [] for s in ranked}
    for _ in range(ROLL_OFF_ROUNDS):
        groups = _tied(ranked, lambda s: (s.count, s.ref, tuple(offs[s.key])))
        if not groups:
            break
        for group in groups:
            for slot in group:
                offs[slot.key].append(roll_d100(stream)[1])
        ranked = sorted(ranked, key=lambda s: (-s.count, -s.ref, tuple(-o for o in offs[s.key])))
    return [replace(s, roll_offs=tuple(offs[s.key]), position=i + 1) for i, s in enumerate(ranked)]


def _tied(slots: Sequence[Slot], key: Callable[[Slot], object]) -> list[list[Slot]]:
    groups: dict[object, list[Slot]] = {}
    for slot in slots:
        groups.setdefault(key(slot), []).append(slot)
    return [g for g in groups.values() if len(g) > 1]


def _positions(ranked: Sequence[Slot], *, key: Callable[[Slot], object]) -> list[Slot]:
    out, position, previous = [], 0, object()
    for index, slot in enumerate(ranked):
        if key(slot) != previous:
            position, previous = index + 1, key(slot)
        out.append(replace(slot, position=position))
    return out


def delay(slots: Sequence[Slot], key: str, count: int) -> list[Slot]:
    """Move one character to a lower count; it acts after everyone already at that count."""
    moving = next(s for s in slots if s.key == key)
    rest = [s for s in slots if s.key != key]
    at = sum(1 for s in rest if s.count >= count)
    placed = rest[:at] + [replace(moving, count=count)] + rest[at:]
    return [replace(s, position=i + 1) for i, s in enumerate(placed)]
