"""Choices the match stops for: putting looked-at cards back in order, ordering simultaneous triggers.

While `state.choice` is set the match waits for its seat alone, and that seat may only make the
choice (or concede): no swift action, no step of the turn, no trigger happens meanwhile. Once it
is made, `settle` finishes the work it held up, in order: the rest of the ability that asked,
then the order of operations if it was resolving, then the queued triggers; any of them may ask
again. Then the match waits for whom it waited for before.
"""

from __future__ import annotations

from service.dice.stream import Stream
from service.systems.neuroscape import errors as E
from service.systems.neuroscape.rules.abilities import resolve
from service.systems.neuroscape.rules.order import resolve_order
from service.systems.neuroscape.rules.piles import arrange_top
from service.systems.neuroscape.rules.triggers import run_queue
from service.systems.neuroscape.state import (
    Event,
    NeuroscapeState,
    player,
    update_player,
    with_flow,
)

State = NeuroscapeState


def settle(state: State, stream: Stream, events: list[Event]) -> State:
    """Drop the choice and finish what it held up (see the module's words)."""
    choice = state.choice
    assert choice is not None
    resume = tuple(seat for seat in choice.resume if player(state, seat).eliminated is None)
    state = with_flow(state.model_copy(update={"choice": None}), awaiting=resume)
    if choice.kind == "order-triggers":  # unordered ones left (its player is out): in play order
        state = state.model_copy(update={"triggers": tuple(
            t.model_copy(update={"ordered": True}) if t.id in choice.triggers else t for t in state.triggers)})
    rest = choice.rest
    if rest is not None and player(state, rest.seat).eliminated is None:
        state = resolve(state, rest.seat, rest.ability, rest.source, rest.target, rest.inverted, stream, events, start=rest.start)
        if state.choice is not None:
            return state
    if state.operations is not None and state.operations.resolving:
        state = resolve_order(state, stream, events)
        if state.choice is not None:
            return state
    return run_queue(state, stream, events)


def arrange(state: State, seat: str, deck: str, order: list[int], stream: Stream, events: list[Event]) -> State:
    """Put the top cards of `deck` that `seat` looked at back, `order[i]` (a position before) at position i."""
    choice = state.choice
    assert choice is not None and choice.kind == "arrange-top" and choice.seat == seat
    looked = next((d for d in choice.decks if d.deck == deck), None)
    if looked is None:
        waiting = ", ".join(d.deck for d in choice.decks)
        raise E.refuse(E.NOT_LOOKED_AT, f"you put back the top of {waiting}'s main deck, not {deck}'s")
    if sorted(order) != list(range(looked.count)):
        raise E.refuse(E.BAD_ARRANGEMENT, f"name each position 0-{looked.count - 1} of the {looked.count} cards once, new top first")
    state = update_player(state, deck, deck=arrange_top(player(state, deck).deck, seat, order))
    events.append({"kind": "arranged-top", "seat": seat, "target": deck, "amount": looked.count})
    left = tuple(d for d in choice.decks if d.deck != deck)
    if left:
        return state.model_copy(update={"choice": choice.model_copy(update={"decks": left})})
    return settle(state, stream, events)
