"""Triggered abilities: set off by events, queued, ordered, and resolved with nothing able to answer them.

An event (a card deployed, destroyed, crashed...) or a moment of the turn (the active player's
card-effect substage, the end of each turn) sets off the triggered abilities it names; those set
off at once form a batch. A batch joins the queue (`state.triggers`) active player's first, then
in seat order; each seat's own in the order their cards are in play. With the rule option
`triggerOrder: ask` (the default) a seat with two or more triggers in one batch orders them
itself: the queue stops and the match waits for that seat (`order-triggers`) when its turn in
the queue comes. With `printed` nobody is asked. Triggers set off while the queue resolves form
a later batch; swift actions never answer a trigger.

While the match waits for a choice (an order of triggers, a look at a deck to arrange), the
queue waits too and new triggers only join it.
"""

from __future__ import annotations

from service.dice.stream import Stream
from service.systems.neuroscape import errors as E
from service.systems.neuroscape.rules.abilities import resolve
from service.systems.neuroscape.rules.effects import ask
from service.systems.neuroscape.rules.pool import pool_of
from service.systems.neuroscape.state import (
    Choice,
    Event,
    NeuroscapeState,
    PendingTrigger,
    characters,
    find_character,
    player,
    slot_cards,
)

State = NeuroscapeState
SetOff = tuple[str, str | None, str, str]  # (controller, instance, card, trigger)

# What a public event is to the triggers of the instance it names.
EVENT_TRIGGERS: dict[str, tuple[str, ...]] = {
    "deployed": ("enters-play",),
    "ram-played": ("enters-play",),
    "attacks": ("attacks",),
    "blocks": ("blocks",),
    "destroyed": ("destroyed", "leaves-play"),
    "crashed": ("leaves-play",),
    "force-quit": ("leaves-play",),
    "replaced": ("leaves-play",),
    "returned-to-hand": ("leaves-play",),
}


def turn_order_from_active(state: State) -> list[str]:
    """Seats in turn order, starting from the active player."""
    order = list(state.order)
    active = state.flow.active
    at = order.index(active) if active in order else 0
    return order[at:] + order[:at]


def enqueue(state: State, fired: list[SetOff]) -> State:
    """Queue the triggered abilities `fired` sets off, as one batch (see the module's words on order)."""
    if not fired:
        return state  # nothing set off: no batch
    pool = pool_of(state)
    rank = {seat: i for i, seat in enumerate(turn_order_from_active(state))}
    found: list[tuple[str, str | None, str, str, int]] = []
    for seat, instance_id, card_id, trigger in sorted(fired, key=lambda f: rank.get(f[0], len(rank))):
        for index, ability in enumerate(pool[card_id].abilities):
            if ability.kind == "triggered" and ability.trigger == trigger:
                found.append((seat, instance_id, card_id, trigger, index))
    if not found:
        return state
    batch = max((t.batch for t in state.triggers), default=0) + 1
    ask_order = state.rules.trigger_order == "ask"
    number = state.triggers_set_off
    queued = []
    for seat, instance_id, card_id, trigger, index in found:
        number += 1
        alone = sum(f[0] == seat for f in found) == 1
        queued.append(PendingTrigger(id=f"t{number}", seat=seat, card=card_id, instance=instance_id, trigger=trigger,
                                     ability=index, batch=batch, ordered=alone or not ask_order))
    return state.model_copy(update={"triggers": (*state.triggers, *queued), "triggers_set_off": number})


def run_queue(state: State, stream: Stream, events: list[Event]) -> State:
    """Resolve queued triggers in order until the queue is empty or the match waits for a choice."""
    pool = pool_of(state)
    while state.triggers and state.choice is None:
        if state.outcome is not None:
            return state.model_copy(update={"triggers": ()})
        head = state.triggers[0]
        if not head.ordered:
            group = _group(state, head)
            if player(state, head.seat).eliminated is None:
                return ask(state, Choice(kind="order-triggers", seat=head.seat, triggers=tuple(t.id for t in group)))
            state = _with_order(state, group)  # its player left: in the order its cards are in play
            continue
        state = state.model_copy(update={"triggers": state.triggers[1:]})
        if head.seat not in state.players or player(state, head.seat).eliminated is not None:
            continue
        events.append({"kind": "triggered", "seat": head.seat, "card": head.card, "instance": head.instance,
                       "reason": head.trigger, "amount": head.ability, "item": head.id})
        state = resolve(state, head.seat, pool[head.card].abilities[head.ability], head.instance, None, False, stream, events)
    return state


def _group(state: State, head: PendingTrigger) -> list[PendingTrigger]:
    return [t for t in state.triggers if t.batch == head.batch and t.seat == head.seat and not t.ordered]


def _with_order(state: State, group: list[PendingTrigger]) -> State:
    """The queue with `group` (consecutive in it) in the order given, each marked ordered."""
    ids = {t.id for t in group}
    at = next(i for i, t in enumerate(state.triggers) if t.id in ids)
    rest = [t for t in state.triggers if t.id not in ids]
    ordered = [t.model_copy(update={"ordered": True}) for t in group]
    return state.model_copy(update={"triggers": (*rest[:at], *ordered, *rest[at:])})


def order_triggers(state: State, seat: str, order: list[str], events: list[Event]) -> State:
    """The seat's order for its triggers set off at once (every pending id, each once); the choice is then made."""
    choice = state.choice
    assert choice is not None and choice.kind == "order-triggers" and choice.seat == seat
    if sorted(order) != sorted(choice.triggers):
        raise E.refuse(E.BAD_TRIGGER_ORDER, f"name each of your pending triggers once, in the order to resolve: {', '.join(choice.triggers)}")
    by_id = {t.id: t for t in state.triggers}
    state = _with_order(state, [by_id[i] for i in order])
    events.append({"kind": "triggers-ordered", "seat": seat, "amount": len(order), "reason": " ".join(order)})
    return state


def react(state: State, events: list[Event], start: int, stream: Stream) -> State:
    """Set off the triggers of events[start:] and of the events they add in turn, resolving the queue
    unless a choice waits."""
    pool = pool_of(state)
    at = start
    while True:
        batch = events[at:]
        at = len(events)
        fired: list[SetOff] = []
        for event in batch:
            triggers = EVENT_TRIGGERS.get(event.get("kind") or "")
            card_id = event.get("card")
            if triggers is None:
                continue
            if card_id is None:  # attacks and blocks name the character only
                found = find_character(state, event.get("instance") or "")
                card_id = found[1].card if found else None
            if card_id is None or card_id not in pool or not pool[card_id].abilities:
                continue
            seat = event.get("seat") or ""
            fired += [(seat, event.get("instance"), card_id, trigger) for trigger in triggers]
        state = enqueue(state, fired)
        state = run_queue(state, stream, events)
        if at == len(events):
            return state


def end_of_turn(state: State) -> State:
    """Queue every `end-of-turn` trigger of the cards in play."""
    fired: list[SetOff] = [(seat, c.id, c.card, "end-of-turn") for seat, c in characters(state)]
    fired += [(e.owner, e.id, e.card, "end-of-turn") for _, _, e in slot_cards(state) if not e.face_down]
    if state.environment is not None:
        fired.append((state.environment.owner, state.environment.id, state.environment.card, "end-of-turn"))
    return enqueue(state, fired)


def card_effect(state: State, seat: str) -> State:
    """Queue the `card-effect` triggers of the seat's cards in play (its maintenance card-effect substage)."""
    fired: list[SetOff] = [(s, c.id, c.card, "card-effect") for s, c in characters(state) if s == seat]
    fired += [(e.owner, e.id, e.card, "card-effect") for _, _, e in slot_cards(state) if e.owner == seat and not e.face_down]
    environment = state.environment
    if environment is not None and environment.owner == seat:
        fired.append((seat, environment.id, environment.card, "card-effect"))
    return enqueue(state, fired)
