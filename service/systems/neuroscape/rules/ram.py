"""RAM: paying costs by running RAM cards, committing RAM to persistent cards, refreshing it,
and the stability check when committed RAM no longer covers what is in play.

Each RAM card in play is `available`, `spent` (run this turn; refreshes) or `committed` to one
persistent card (`for` names it; it stays committed until that card leaves play). A card in
play remembers how much RAM it committed (`commits`), so a seat is stable while the RAM
committed on its mainframe covers the sum of those amounts.
"""

from __future__ import annotations

from service.dice.stream import Stream
from service.systems.neuroscape import errors as E
from service.systems.neuroscape.rules.zones import leave_play
from service.systems.neuroscape.state import Event, InPlay, NeuroscapeState, Player, characters, player, slot_cards


def available(p: Player) -> int:
    return sum(ram.status == "available" for ram in p.ram)


def committed(p: Player) -> int:
    return sum(ram.status == "committed" for ram in p.ram)


def pay(p: Player, cost: int, *, commit_for: str | None, name: str) -> Player:
    """Run `cost` available RAM cards (committing them to `commit_for` when given)."""
    have = available(p)
    if have < cost:
        raise E.refuse(E.NOT_ENOUGH_RAM, f"{name} costs {cost} RAM and you have {have} available")
    run = {"status": "committed", "for_": commit_for} if commit_for else {"status": "spent", "for_": None}
    left = cost
    ram = []
    for card in p.ram:
        if left and card.status == "available":
            card = card.model_copy(update=run)
            left -= 1
        ram.append(card)
    return p.model_copy(update={"ram": tuple(ram)})


def refresh(p: Player) -> Player:
    """Spent RAM becomes available again; committed RAM stays committed."""
    ram = tuple(card.model_copy(update={"status": "available"}) if card.status == "spent" else card for card in p.ram)
    return p.model_copy(update={"ram": ram})


def required(state: NeuroscapeState, seat: str) -> int:
    """RAM the seat's persistent cards committed when they were deployed."""
    total = sum(character.commits for _, character in characters(state) if character.owner == seat)
    for _, character in characters(state):
        total += sum(gear.commits for gear in character.gear.values() if gear.owner == seat)
    total += sum(entry.commits for _, _, entry in slot_cards(state) if entry.owner == seat)
    environment = state.environment
    if environment is not None and environment.owner == seat:
        total += environment.commits
    return total


def is_stable(state: NeuroscapeState, seat: str) -> bool:
    return committed(player(state, seat)) >= required(state, seat)


CHECK_DIE = 20  # a stability check rolls a d20 for each card at risk


def crashes(face: int, crash_on_or_below: int) -> bool:
    """A stability check's d20 crashes the card at or below the table's threshold (default 10)."""
    return face <= crash_on_or_below


def crash_candidates(state: NeuroscapeState, seat: str) -> list[InPlay]:
    """The cards a stability check of the seat rolls for now: none while the seat is stable."""
    return [] if is_stable(state, seat) else _crash_candidates(state, seat)


def _crash_candidates(state: NeuroscapeState, seat: str) -> list[InPlay]:
    """The characters and programs a stability check rolls for, in a fixed order."""
    out: list[InPlay] = [character for _, character in characters(state) if character.owner == seat]
    out += [entry for _, _, entry in slot_cards(state) if entry.owner == seat]
    environment = state.environment
    if environment is not None and environment.owner == seat:
        out.append(environment)
    return out


def stability_check(
    state: NeuroscapeState, seat: str, stream: Stream, events: list[Event], crash_on_or_below: int
) -> NeuroscapeState:
    """If the seat is unstable, roll a d20 for each of its characters and programs; low rolls crash.

    Nothing else happens: a seat that stays unstable rolls again at its next stability check.
    """
    if is_stable(state, seat):
        return state
    events.append({"kind": "unstable", "seat": seat, "amount": required(state, seat) - committed(player(state, seat))})
    for instance in _crash_candidates(state, seat):
        face = stream.roll(CHECK_DIE)
        crashed = crashes(face, crash_on_or_below)
        events.append(
            {"kind": "crashed" if crashed else "survived", "seat": seat, "instance": instance.id,
             "card": instance.card, "faces": [face]}
        )
        if crashed:
            state, _ = leave_play(state, instance.id)
    return state
