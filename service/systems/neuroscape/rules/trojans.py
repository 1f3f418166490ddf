"""Trojans: placed face-down on an opponent's mainframe, activated later by their owner as a swift action.

Only the trojan's owner may activate it, whenever a swift action is allowed (its own deploy
substage, a swift check the match waits for it in, on any player's turn, or with priority on
an open order), and never in the turn it was played. Activating pays the ability's costs,
turns the trojan face-up (a public `trojan-revealed` event names the card) and puts its
ability on the order of operations like any swift action: it can be answered, and a counter
keeps it from resolving. Once its item has left the order (resolved, countered or fizzled)
the trojan goes to its owner's recycle bin, or stays face-up in its slot when the rules say
`trojanAfterActivation: stays-face-up`; either way it is activated once.

Until it is activated its identity is its owner's secret: refusals about it name its instance
and seats only, and the menu of legal actions lists it to its owner alone. A trojan that leaves
play face-down (force quit, a crash, its owner's elimination) goes to the recycle bin, which is
public, as any card there is.
"""

from __future__ import annotations

from service.dice.stream import Stream
from service.systems.neuroscape import errors as E
from service.systems.neuroscape.rules.activating import can_pay, pay_costs, swift_allowed
from service.systems.neuroscape.rules.order import push, target_ok
from service.systems.neuroscape.rules.zones import card_of, leave_play
from service.systems.neuroscape.state import Event, NeuroscapeState, SlotCard, SlotName, slot_cards, update_player
from service.systems.neuroscape.wire.cards import NeuroscapeAbility

State = NeuroscapeState


def find_slot_card(state: State, instance_id: str) -> tuple[str, SlotName, SlotCard] | None:
    """(mainframe's seat, slot, card) of the slot card with this instance id."""
    return next(((seat, name, entry) for seat, name, entry in slot_cards(state) if entry.id == instance_id), None)


def is_trojan(state: State, entry: SlotCard) -> bool:
    card = card_of(state, entry.card)
    return card.type == "program" and card.subtype == "trojan"


def activatable(state: State, seat: str, instance_id: str, index: int) -> NeuroscapeAbility | None:
    """The trojan's activated ability at `index`, if the seat may activate it now (targets aside)."""
    found = find_slot_card(state, instance_id)
    if found is None:
        return None
    entry = found[2]
    if entry.owner != seat or not entry.face_down or not is_trojan(state, entry) or state.flow.turn <= entry.played_turn:
        return None
    abilities = card_of(state, entry.card).abilities
    if index >= len(abilities) or abilities[index].kind != "activated":
        return None
    ability = abilities[index]
    return ability if swift_allowed(state, seat) and can_pay(state, seat, ability) else None


def activate_trojan(state: State, seat: str, instance_id: str, index: int, target: str | None, stream: Stream,
                    events: list[Event]) -> State:
    found = find_slot_card(state, instance_id)
    if found is None:
        raise E.refuse(E.UNKNOWN_CARD, f"no card in a mainframe slot is {instance_id}")
    where, slot, entry = found
    if entry.owner != seat:  # said without the card: it may be face-down
        raise E.refuse(E.NOT_YOUR_CARD, f"{instance_id} was placed by {entry.owner}; only its owner activates it")
    card = card_of(state, entry.card)
    if not is_trojan(state, entry):
        raise E.refuse(E.NO_SUCH_ABILITY, f"{card.name!r} is not a trojan; activate-trojan activates trojans")
    if not entry.face_down:
        raise E.refuse(E.TROJAN_ACTIVATED, f"{card.name!r} was activated already; a trojan is activated once")
    if state.flow.turn <= entry.played_turn:
        raise E.refuse(E.TROJAN_TOO_SOON, f"{card.name!r} was played this turn; activate it after the turn it was played")
    if index >= len(card.abilities) or card.abilities[index].kind != "activated":
        raise E.refuse(E.NO_SUCH_ABILITY, f"{card.name!r} has no activated ability at index {index}")
    ability = card.abilities[index]
    if not swift_allowed(state, seat):
        raise E.refuse(E.NOT_SWIFT_NOW, "a trojan is activated when a swift action is allowed")
    if not target_ok(state, ability.target, seat, target):
        raise E.refuse(E.WRONG_TARGET, f"{ability.name!r} needs {ability.target or 'no'} target; {target} is not one")
    if not can_pay(state, seat, ability):
        raise E.refuse(E.NOT_ENOUGH_RAM, f"{ability.name!r} costs more than you can pay now")
    state = pay_costs(state, seat, ability, repr(card.name), stream, events)
    slots = state.players[where].slots
    state = update_player(state, where, slots={**slots, slot: entry.model_copy(update={"face_down": False})})
    events.append({"kind": "trojan-revealed", "seat": seat, "card": card.id, "instance": instance_id, "target": where, "slot": slot})
    return push(state, seat, card.id, instance_id, index, target, events)


def spent(state: State, events: list[Event]) -> State:
    """Activated trojans whose item has left the order go to their owner's recycle bin (by default)."""
    if state.rules.trojan_after_activation != "recycle":
        return state
    waiting = {item.source for item in state.operations.items} if state.operations else set()
    for _, _, entry in list(slot_cards(state)):
        if not entry.face_down and entry.id not in waiting and is_trojan(state, entry):
            state, _ = leave_play(state, entry.id)
            events.append({"kind": "recycled", "seat": entry.owner, "card": entry.card, "instance": entry.id})
    return state
