"""The match's opening and each turn's draw: opening hands, the mulligan, the roll-off, who goes first.

Each is an action step of `actions.ACTIONS`: `(state, seat, params, stream, events)`, changing
the copy of the state it is given and answering what only the acting seat learns (or None).
"""

from __future__ import annotations

from typing import Any

from service.dice.stream import Stream
from service.systems.neuroscape import errors as E
from service.systems.neuroscape.rules.flow import stand_down, start_turn
from service.systems.neuroscape.rules.piles import deck_size, draw_main, pile_size, put_bottom, take_random
from service.systems.neuroscape.rules.zones import living, new_instance, player


def draw(state: dict, seat: str, params: Any, stream: Stream, events: list) -> dict | None:
    if state["flow"]["stage"] == "setup":
        return _opening_draw(state, seat, params, stream, events)
    p = player(state, seat)
    main_left, ram_left = deck_size(p["deck"]), pile_size(p["ramDeck"])
    rules = state["rules"]
    quota = rules["firstTurnDraws"] if state["flow"]["turn"] == 1 else rules["drawsPerTurn"]
    quota = min(quota, main_left + ram_left)
    if params.main + params.ram != quota:
        raise E.refuse(E.DRAW_COUNT, f"draw {quota} card(s) this turn, in any mix of main and RAM deck")
    if params.main > main_left or params.ram > ram_left:
        raise E.refuse(E.DRAW_COUNT, f"your main deck holds {main_left} and your RAM deck {ram_left}")
    drawn = [draw_main(p["deck"], stream) for _ in range(params.main)]
    p["hand"].extend(drawn)
    events.append({"kind": "drew", "seat": seat, "amount": params.main})
    for _ in range(params.ram):
        ram = new_instance(state, take_random(p["ramDeck"], stream), seat)
        ram.update(status="available", **{"for": None})
        p["ram"].append(ram)
        events.append({"kind": "ram-played", "seat": seat, "card": ram["card"], "instance": ram["id"]})
    stand_down(state, seat)
    return {"drawn": drawn}


def _opening_draw(state: dict, seat: str, params: Any, stream: Stream, events: list) -> dict:
    p = player(state, seat)
    if p["openingDrawn"]:
        raise E.refuse(E.OPENING_HAND_DRAWN, "your opening hand is already drawn; keep it or mulligan")
    size = min(state["rules"]["openingHand"], deck_size(p["deck"]))
    if params.main != size or params.ram != 0:
        raise E.refuse(E.OPENING_HAND_SIZE, f"the opening hand is {size} cards from the main deck (main={size}, ram=0)")
    drawn = [draw_main(p["deck"], stream) for _ in range(size)]
    p["hand"].extend(drawn)
    p["openingDrawn"] = True
    events.append({"kind": "drew", "seat": seat, "amount": size})
    return {"drawn": drawn}


def mulligan(state: dict, seat: str, params: Any, stream: Stream, events: list) -> dict:
    p = player(state, seat)
    if not p["openingDrawn"]:
        raise E.refuse(E.OPENING_HAND_FIRST, "draw your opening hand before deciding on a mulligan")
    hand = list(p["hand"])
    for card_id in params.bottom:
        if card_id not in hand:
            raise E.refuse(E.NOT_IN_HAND, f"there is no {card_id!r} (or not that many) in your hand")
        hand.remove(card_id)
    put_bottom(p["deck"], list(params.bottom))
    drawn = [draw_main(p["deck"], stream) for _ in params.bottom]
    p["hand"] = hand + drawn
    p["mulliganed"] = True
    events.append({"kind": "mulligan", "seat": seat, "amount": len(params.bottom)})
    stand_down(state, seat)
    return {"drawn": drawn}


def roll_off(state: dict, seat: str, params: Any, stream: Stream, events: list) -> None:
    contenders = living(state)
    rounds = []
    while len(contenders) > 1:  # a tie for the highest roll re-rolls among the tied players only
        faces = {s: stream.roll(20) for s in contenders}
        rounds.append(faces)
        for s, face in faces.items():
            events.append({"kind": "roll-off", "seat": s, "faces": [face], "amount": len(rounds)})
        best = max(faces.values())
        contenders = [s for s in contenders if faces[s] == best]
    state["rollOff"] = {"rounds": rounds, "winner": contenders[0]}
    events.append({"kind": "roll-off-won", "seat": contenders[0]})
    state["flow"]["awaiting"] = []


def choose_first(state: dict, seat: str, params: Any, stream: Stream, events: list) -> None:
    seats = state["order"]
    first = seat
    if not params.go_first:
        start = seats.index(seat)
        first = next(s for s in seats[start + 1 :] + seats[: start + 1] if player(state, s)["eliminated"] is None)
    at = seats.index(first)
    state["order"] = seats[at:] + seats[:at]
    events.append({"kind": "first-player", "seat": first, "reason": "chosen" if first == seat else "passed"})
    start_turn(state, first, 1, events)
