"""The match's opening and each turn's draw: opening hands, the mulligan, the roll-off, who goes first.

Each is an action step of `actions.ACTIONS`: `(state, seat, params, stream, events)`, answering
the new state and what only the acting seat learns (or None).
"""

from __future__ import annotations

from typing import Any

from service.dice.stream import Stream
from service.systems.neuroscape import errors as E
from service.systems.neuroscape.rules.flow import stand_down, start_turn
from service.systems.neuroscape.rules.piles import deck_size, draw_from, draw_many, pile_size, put_bottom
from service.systems.neuroscape.state import Event, NeuroscapeState, Ram, RollOff, living, new_id, player, update_player, with_flow
from service.systems.neuroscape.wire.opening import (
    NeuroscapeChooseFirstAction,
    NeuroscapeDrawAction,
    NeuroscapeMulliganAction,
    NeuroscapeRollOffAction,
)

State = NeuroscapeState
Stepped = tuple[State, dict[str, Any] | None]


def draw(state: State, seat: str, params: NeuroscapeDrawAction, stream: Stream, events: list[Event]) -> Stepped:
    if state.flow.stage == "setup":
        return _opening_draw(state, seat, params, stream, events)
    p = player(state, seat)
    main_left, ram_left = deck_size(p.deck), pile_size(p.ram_deck)
    rules = state.rules
    quota = rules.first_turn_draws if state.flow.turn == 1 else rules.draws_per_turn
    quota = min(quota, main_left + ram_left)
    if params.main + params.ram != quota:
        raise E.refuse(E.DRAW_COUNT, f"draw {quota} card(s) this turn, in any mix of main and RAM deck")
    if params.main > main_left or params.ram > ram_left:
        raise E.refuse(E.DRAW_COUNT, f"your main deck holds {main_left} and your RAM deck {ram_left}")
    drawn, deck = draw_many(p.deck, params.main, stream)
    events.append({"kind": "drew", "seat": seat, "amount": params.main})
    ram_deck, ram = p.ram_deck, list(p.ram)
    for _ in range(params.ram):
        card_id, ram_deck = draw_from(ram_deck, stream)
        state, instance_id = new_id(state)
        ram.append(Ram(id=instance_id, card=card_id, owner=seat, status="available", for_=None))
        events.append({"kind": "ram-played", "seat": seat, "card": card_id, "instance": instance_id})
    state = update_player(state, seat, deck=deck, hand=(*p.hand, *drawn), ram_deck=ram_deck, ram=tuple(ram))
    return stand_down(state, seat), {"drawn": drawn}


def _opening_draw(state: State, seat: str, params: NeuroscapeDrawAction, stream: Stream, events: list[Event]) -> Stepped:
    p = player(state, seat)
    if p.opening_drawn:
        raise E.refuse(E.OPENING_HAND_DRAWN, "your opening hand is already drawn; keep it or mulligan")
    size = min(state.rules.opening_hand, deck_size(p.deck))
    if params.main != size or params.ram != 0:
        raise E.refuse(E.OPENING_HAND_SIZE, f"the opening hand is {size} cards from the main deck (main={size}, ram=0)")
    drawn, deck = draw_many(p.deck, size, stream)
    events.append({"kind": "drew", "seat": seat, "amount": size})
    return update_player(state, seat, deck=deck, hand=(*p.hand, *drawn), opening_drawn=True), {"drawn": drawn}


def mulligan(state: State, seat: str, params: NeuroscapeMulliganAction, stream: Stream, events: list[Event]) -> Stepped:
    p = player(state, seat)
    if not p.opening_drawn:
        raise E.refuse(E.OPENING_HAND_FIRST, "draw your opening hand before deciding on a mulligan")
    hand = list(p.hand)
    for card_id in params.bottom:
        if card_id not in hand:
            raise E.refuse(E.NOT_IN_HAND, f"there is no {card_id!r} (or not that many) in your hand")
        hand.remove(card_id)
    drawn, deck = draw_many(put_bottom(p.deck, list(params.bottom)), len(params.bottom), stream)
    events.append({"kind": "mulligan", "seat": seat, "amount": len(params.bottom)})
    state = update_player(state, seat, deck=deck, hand=(*hand, *drawn), mulliganed=True)
    return stand_down(state, seat), {"drawn": drawn}


ROLL_OFF_DIE = 20


def roll_off_leaders(faces: dict[str, int]) -> list[str]:
    """The seats that showed the highest d20 of a round, in seat order: one wins, several re-roll."""
    best = max(faces.values())
    return [seat for seat, face in faces.items() if face == best]


def roll_off(state: State, seat: str, params: NeuroscapeRollOffAction, stream: Stream, events: list[Event]) -> Stepped:
    contenders = living(state)
    rounds = []
    while len(contenders) > 1:  # a tie for the highest roll re-rolls among the tied players only
        faces = {s: stream.roll(ROLL_OFF_DIE) for s in contenders}
        rounds.append(faces)
        for s, face in faces.items():
            events.append({"kind": "roll-off", "seat": s, "faces": [face], "amount": len(rounds)})
        contenders = roll_off_leaders(faces)
    events.append({"kind": "roll-off-won", "seat": contenders[0]})
    state = state.model_copy(update={"roll_off": RollOff(rounds=tuple(rounds), winner=contenders[0])})
    return with_flow(state, awaiting=()), None


def choose_first(state: State, seat: str, params: NeuroscapeChooseFirstAction, stream: Stream, events: list[Event]) -> Stepped:
    seats = state.order
    first = seat
    if not params.go_first:
        start = seats.index(seat)
        first = next(s for s in seats[start + 1 :] + seats[: start + 1] if player(state, s).eliminated is None)
    at = seats.index(first)
    events.append({"kind": "first-player", "seat": first, "reason": "chosen" if first == seat else "passed"})
    state = state.model_copy(update={"order": seats[at:] + seats[:at]})
    return start_turn(state, first, 1, events), None
