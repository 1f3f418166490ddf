"""The order of operations: swift actions wait on it, answered by other swift actions, then resolve last-first.

Playing a swift action (an activated ability, a script) puts an item on top of the order and
gives priority to the next player in turn order. The player with priority answers with another
swift action (on top again, priority moves on from it) or passes. When every player but the
one who played last has passed in a row, the whole order resolves from the top down: each item
checks its target again (a target gone from play, or an item no longer on the order, makes it
fizzle) and then does what it says. A counter takes its target off the order (it never
resolves); a sign swap makes its target resolve with + and - exchanged.

While the order is open the match waits for the player with priority only; once it has
resolved, the match waits again for whoever it waited for before.
"""

from __future__ import annotations

from service.dice.stream import Stream
from service.systems.neuroscape import errors as E
from service.systems.neuroscape.rules.abilities import resolve
from service.systems.neuroscape.rules.pool import pool_of
from service.systems.neuroscape.state import Event, NeuroscapeState, Operations, OrderItem, find_character, living, with_flow
from service.systems.neuroscape.wire.cards import NeuroscapeAbility

State = NeuroscapeState


def next_living(state: State, seat: str) -> str:
    order = state.order
    start = order.index(seat)
    for offset in range(1, len(order) + 1):
        candidate = order[(start + offset) % len(order)]
        if state.players[candidate].eliminated is None:
            return candidate
    return seat


def ability_of(state: State, item: OrderItem) -> NeuroscapeAbility:
    return pool_of(state)[item.card].abilities[item.ability]


def target_ok(state: State, kind: str | None, seat: str, target: str | None) -> bool:
    """Whether `target` is something the ability's target kind may name now."""
    if kind is None:
        return target is None
    if target is None:
        return False
    if kind in ("character", "own-character", "opponent-character"):
        found = find_character(state, target)
        if found is None:
            return False
        return kind == "character" or (found[0] == seat) == (kind == "own-character")
    if kind in ("player", "opponent"):
        return target in living(state) and (kind == "player" or target != seat)
    ops = state.operations
    return ops is not None and any(item.id == target for item in ops.items)


def targets_for(state: State, kind: str | None, seat: str) -> list[str | None]:
    """Every target the kind may name now (`[None]` for an ability that chooses none)."""
    if kind is None:
        return [None]
    if kind in ("character", "own-character", "opponent-character"):
        candidates = [c.id for p in state.players.values() for c in p.characters]
    elif kind in ("player", "opponent"):
        candidates = living(state)
    else:
        candidates = [item.id for item in state.operations.items] if state.operations else []
    return [t for t in candidates if target_ok(state, kind, seat, t)]


def push(state: State, seat: str, card: str, source: str | None, ability: int, target: str | None, events: list[Event]) -> State:
    """Put a swift action on top of the order; priority passes to the next player."""
    ops = state.operations
    number = ops.next if ops else 1
    item = OrderItem(id=f"o{number}", seat=seat, card=card, source=source, ability=ability, target=target)
    resume = ops.resume if ops else state.flow.awaiting
    priority = next_living(state, seat)
    ops = Operations(items=(*(ops.items if ops else ()), item), priority=priority, passes=0, resume=resume, next=number + 1)
    events.append({"kind": "on-the-order", "seat": seat, "card": card, "instance": source, "target": target, "item": item.id})
    return with_flow(state.model_copy(update={"operations": ops}), awaiting=(priority,))


def pass_priority(state: State, seat: str, stream: Stream, events: list[Event]) -> State:
    ops = state.operations
    assert ops is not None
    passes = ops.passes + 1
    events.append({"kind": "passed", "seat": seat, "reason": "order"})
    if passes >= len(living(state)) - 1:
        return resolve_order(state, stream, events)
    priority = next_living(state, seat)
    state = state.model_copy(update={"operations": ops.model_copy(update={"passes": passes, "priority": priority})})
    return with_flow(state, awaiting=(priority,))


def resolve_order(state: State, stream: Stream, events: list[Event]) -> State:
    """Resolve every item, top first; then wait again for whom the match waited for before.

    Each item leaves the order as it resolves; an item that makes the match wait for a choice
    (a look at a deck to arrange) leaves the rest of the order `resolving`, and `choices.settle`
    calls this again to go on once the choice is made.
    """
    ops = state.operations
    assert ops is not None
    if not ops.resolving:
        state = state.model_copy(update={"operations": ops.model_copy(update={"resolving": True})})
    while True:
        ops = state.operations
        assert ops is not None
        if not ops.items:
            break
        item = ops.items[-1]
        ops = ops.model_copy(update={"items": ops.items[:-1]})
        state = state.model_copy(update={"operations": ops})
        if item.id in ops.countered:
            events.append({"kind": "countered", "seat": item.seat, "card": item.card, "instance": item.source, "item": item.id})
            continue
        ability = ability_of(state, item)
        if state.players[item.seat].eliminated is not None:  # its player left the match
            events.append({"kind": "fizzled", "seat": item.seat, "card": item.card, "instance": item.source, "target": item.target,
                           "item": item.id, "reason": "player-left"})
            continue
        still = target_ok(state, ability.target, item.seat, item.target) and (
            ability.target != "order-item" or item.target not in ops.countered
        )
        if not still:
            events.append({"kind": "fizzled", "seat": item.seat, "card": item.card, "instance": item.source, "target": item.target,
                           "item": item.id, "reason": "target-left-play"})
            continue
        events.append({"kind": "resolved", "seat": item.seat, "card": item.card, "instance": item.source, "target": item.target,
                       "item": item.id})
        for effect in ability.effects:
            if effect.kind == "counter" and item.target is not None:
                ops = ops.model_copy(update={"countered": (*ops.countered, item.target)})
            elif effect.kind == "invert-sign" and item.target is not None:
                swapped = tuple(i.model_copy(update={"inverted": not i.inverted}) if i.id == item.target else i for i in ops.items)
                ops = ops.model_copy(update={"items": swapped})
        state = state.model_copy(update={"operations": ops})
        state = resolve(state, item.seat, ability, item.source, item.target, item.inverted, stream, events)
        if state.choice is not None:
            return state
    ops = state.operations
    assert ops is not None
    resume = tuple(seat for seat in ops.resume if state.players[seat].eliminated is None)
    return with_flow(state.model_copy(update={"operations": None}), awaiting=resume)


def require_priority(state: State, seat: str) -> None:
    ops = state.operations
    if ops is not None and ops.priority != seat:
        raise E.refuse(E.OUT_OF_TURN, f"the order of operations waits for {ops.priority}")
