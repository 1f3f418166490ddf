"""Effects that reach past one card: committing and releasing RAM, a forced stability check, an
extra turn, and looking at the top of a deck (which may make the match wait for the looker).

RAM committed by an effect is committed to no card (`for` is empty): it stays committed, never
refreshes, and counts towards covering the seat's persistent cards. Releasing committed RAM runs
it (it refreshes at its player's next refresh) and takes it off whatever it covered: RAM
committed to no card goes first, then RAM committed to cards, in the order it lies on the
mainframe. The cards it covered stay in play, and their player is unstable until its committed
RAM covers them again (see `ram.stability_check`). A sign swap does not reach these effects.

A look at the top of a deck fixes that many cards on top (see `piles.look_at_top`) and records
that the looker knows them (`Deck.known`); with `then: reorder` the match waits for the looker
to put them back (`arrange-top`), and nothing else happens meanwhile.
"""

from __future__ import annotations

from service.dice.stream import Stream
from service.systems.neuroscape.rules.piles import (
    drop_top,
    know_top,
    look_at_top,
    put_bottom,
)
from service.systems.neuroscape.state import (
    Event,
    Choice,
    LookedAt,
    NeuroscapeState,
    Ram,
    player,
    update_player,
    with_flow,
)
from service.systems.neuroscape.wire.effects import LookAtTop

State = NeuroscapeState


def ask(state: State, choice: Choice) -> State:
    """Wait for `choice.seat` alone; the match goes back to waiting for whom it waited for after it."""
    ops = state.operations
    resume = ops.resume if ops is not None and ops.resolving else state.flow.awaiting  # a resolving order hands back to its own
    choice = choice.model_copy(update={"resume": resume})
    return with_flow(state.model_copy(update={"choice": choice}), awaiting=(choice.seat,))


def commit_ram(state: State, seat: str, amount: int, events: list[Event]) -> State:
    """Up to `amount` available RAM of the seat becomes committed, to no card."""
    left = amount
    ram: list[Ram] = []
    for r in player(state, seat).ram:
        if left and r.status == "available":
            r = r.model_copy(update={"status": "committed", "for_": None})
            left -= 1
        ram.append(r)
    if left < amount:
        state = update_player(state, seat, ram=tuple(ram))
    events.append({"kind": "ram-committed", "seat": seat, "amount": amount - left})
    return state


def release_ram(state: State, seat: str, amount: int, events: list[Event]) -> State:
    """Up to `amount` committed RAM of the seat is run: RAM committed to no card first, then in mainframe order."""
    ram = list(player(state, seat).ram)
    order = [i for i, r in enumerate(ram) if r.status == "committed" and r.for_ is None]
    order += [i for i, r in enumerate(ram) if r.status == "committed" and r.for_ is not None]
    released = order[:amount]
    for i in released:
        ram[i] = ram[i].model_copy(update={"status": "spent", "for_": None})
    if released:
        state = update_player(state, seat, ram=tuple(ram))
    events.append({"kind": "ram-released", "seat": seat, "amount": len(released)})
    return state


def forced_stability_check(state: State, seat: str, stream: Stream, events: list[Event]) -> State:
    """A stability check now, as in the maintenance stage (crashed cards leave play and set off their triggers)."""
    from service.systems.neuroscape.rules.ram import is_stable, stability_check
    from service.systems.neuroscape.rules.winning import forget_departed

    if is_stable(state, seat):
        events.append({"kind": "stable", "seat": seat})
        return state
    state = stability_check(state, seat, stream, events, state.rules.crash_on_or_below)
    return forget_departed(state)  # a crashed attacker or blocker leaves the battle


def extra_turn(state: State, seat: str, events: list[Event]) -> State:
    """The seat takes another turn after the current one (several stack, first granted first taken)."""
    events.append({"kind": "extra-turn", "seat": seat})
    return state.model_copy(update={"extra_turns": (*state.extra_turns, seat)})


def look(state: State, seat: str, effect: LookAtTop, decks: list[str], stream: Stream, events: list[Event]) -> State:
    """The seat looks at the top `effect.count` cards of each deck in `decks`, then keeps, buries or
    (after the match has waited for it) reorders them."""
    arrange: list[LookedAt] = []
    for owner in decks:
        seen, deck = look_at_top(player(state, owner).deck, effect.count, stream)
        deck = know_top(deck, seat, len(seen))
        if effect.then == "bottom":
            deck = put_bottom(drop_top(deck, len(seen)), seen)
        elif effect.then == "reorder" and len(seen) > 1:
            arrange.append(LookedAt(deck=owner, count=len(seen)))
        state = update_player(state, owner, deck=deck)
        events.append({"kind": "looked-at-top", "seat": seat, "target": owner, "amount": len(seen), "reason": effect.then})
    if arrange:
        state = ask(state, Choice(kind="arrange-top", seat=seat, decks=tuple(arrange)))
    return state
