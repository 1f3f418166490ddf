"""Deploying a card from the hand in a deploy substage: check its target, pay its RAM, put it in play.

One small handler per kind of card, picked from a table by the card's type and subtype, so
new kinds (and the effects the second part adds) slot in as entries rather than branches.
The handlers work on a copy of the state: a refusal raised half-way leaves the match as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from service.systems.neuroscape import errors as E
from service.systems.neuroscape.rules.cards import SLOT_SUBTYPES, commits_ram, kind_of
from service.systems.neuroscape.wire.cards import NeuroscapeCard
from service.systems.neuroscape.rules.mainframe import place
from service.systems.neuroscape.rules.ram import pay
from service.systems.neuroscape.rules.zones import (
    card_of,
    characters,
    find_character,
    leave_play,
    new_instance,
    opponents,
    player,
    require_hand,
    slot_cards,
)


@dataclass(frozen=True, slots=True)
class Deployment:
    """What the deploying seat asked for (the wire input, minus its guards)."""

    card: str
    slot: str | None = None
    target_seat: str | None = None
    character: str | None = None


@dataclass(slots=True)
class Deployed:
    events: list[dict]
    private: dict | None = None  # what only the deploying seat may learn (a face-down card's identity)


def deploy(state: dict, seat: str, ask: Deployment) -> Deployed:
    require_hand(state, seat, ask.card)
    card = card_of(state, ask.card)
    handler = _HANDLERS.get(kind_of(card))
    if handler is None:
        raise E.refuse(E.NOT_DEPLOYABLE, f"{card.name!r} is a {card.type}; it is not deployed from the hand")
    _check_legendary(state, seat, card)
    p = player(state, seat)
    p["hand"].remove(ask.card)
    return handler(state, seat, card, ask)


def cost_of(state: dict, card: NeuroscapeCard) -> int:
    """RAM to deploy: the printed cost, except trojans, which are placed face-down for a fixed price."""
    if card.type == "program" and card.subtype == "trojan":
        return state["rules"]["trojanCost"]
    return card.cost


# -- checks ----------------------------------------------------------------------------


def _no_extras(card: NeuroscapeCard, ask: Deployment, *allowed: str) -> None:
    given = {"slot": ask.slot, "targetSeat": ask.target_seat, "character": ask.character}
    extra = sorted(name for name, value in given.items() if value is not None and name not in allowed)
    if extra:
        raise E.refuse(E.WRONG_TARGET, f"{card.name!r} takes no {', '.join(extra)}")


def legendary_blocked(state: dict, seat: str, card: NeuroscapeCard) -> bool:
    """Whether a copy of this legendary card already in play keeps another from being deployed."""
    if not card.legendary:
        return False
    mine_only = state["rules"]["legendaryScope"] == "player"
    instances = [c for _, c in characters(state)] + [e for _, _, e in slot_cards(state)]
    instances += [g for _, c in characters(state) for g in c["gear"].values()]
    if state["environment"] is not None:
        instances.append(state["environment"])
    return any(i["card"] == card.id and (i["owner"] == seat or not mine_only) for i in instances)


def _check_legendary(state: dict, seat: str, card: NeuroscapeCard) -> None:
    if legendary_blocked(state, seat, card):
        where = "under your control" if state["rules"]["legendaryScope"] == "player" else "on the table"
        raise E.refuse(E.LEGENDARY_IN_PLAY, f"{card.name!r} is legendary and a copy is already in play {where}")


def _opponent_target(state: dict, seat: str, card: NeuroscapeCard, target: str | None) -> str:
    others = opponents(state, seat)
    if target is None:
        if len(others) != 1:
            raise E.refuse(E.WRONG_TARGET, f"name the targetSeat for {card.name!r}: one of {', '.join(others)}")
        return others[0]
    if target == seat or target not in others:
        raise E.refuse(E.WRONG_TARGET, f"{card.name!r} goes on a living opponent's mainframe: one of {', '.join(others)}")
    return target


def _commits(state: dict, card: NeuroscapeCard) -> bool:
    return commits_ram(card, cyberware_commits=state["rules"]["cyberwareCommitsRam"])


def _pay_for(state: dict, seat: str, card: NeuroscapeCard, instance: dict) -> None:
    cost = cost_of(state, card)
    keeps = _commits(state, card)
    pay(player(state, seat), cost, commit_for=instance["id"] if keeps else None, name=repr(card.name))
    instance["commits"] = cost if keeps else 0


# -- one handler per kind --------------------------------------------------------------


def _character(state: dict, seat: str, card: NeuroscapeCard, ask: Deployment) -> Deployed:
    _no_extras(card, ask)
    instance = new_instance(state, card.id, seat)
    instance.update(running=False, damage=0, gear={}, enteredTurn=state["flow"]["turn"])
    _pay_for(state, seat, card, instance)
    player(state, seat)["characters"].append(instance)
    return Deployed([{"kind": "deployed", "seat": seat, "card": card.id, "instance": instance["id"], "target": seat}])


def _slot_program(state: dict, seat: str, card: NeuroscapeCard, ask: Deployment) -> Deployed:
    _no_extras(card, ask, "slot", "targetSeat")
    assert card.subtype is not None
    if SLOT_SUBTYPES[card.subtype] == "own":
        if ask.target_seat not in (None, seat):
            raise E.refuse(E.WRONG_TARGET, f"{card.name!r} is a protocol: it goes on your own mainframe")
        target = seat
    else:
        target = _opponent_target(state, seat, card, ask.target_seat)
    face_down = card.subtype == "trojan"
    instance = new_instance(state, card.id, seat)
    instance.update(faceDown=face_down, playedTurn=state["flow"]["turn"])
    slot = place(state, target, ask.slot, instance)
    _pay_for(state, seat, card, instance)
    if face_down:
        event = {"kind": "deployed-face-down", "seat": seat, "instance": instance["id"], "target": target, "slot": slot}
        return Deployed([event], private={"card": card.id, "instance": instance["id"]})
    event = {"kind": "deployed", "seat": seat, "card": card.id, "instance": instance["id"], "target": target, "slot": slot}
    return Deployed([event])


def _one_shot(state: dict, seat: str, card: NeuroscapeCard, ask: Deployment) -> Deployed:
    # Drugs are played on a character in play; .EXEs and scripts need no target here. Their
    # effects are the second part's; the card is paid for and goes to the recycle bin.
    target = None
    if card.subtype == "drug":
        _no_extras(card, ask, "character")
        if ask.character is None or find_character(state, ask.character) is None:
            raise E.refuse(E.WRONG_TARGET, f"{card.name!r} is played on a character in play: name its instance id")
        target = ask.character
    else:
        _no_extras(card, ask)
    pay(player(state, seat), cost_of(state, card), commit_for=None, name=repr(card.name))
    player(state, seat)["recycleBin"].append(card.id)
    return Deployed([{"kind": "played", "seat": seat, "card": card.id, "target": target}])


def _environment(state: dict, seat: str, card: NeuroscapeCard, ask: Deployment) -> Deployed:
    _no_extras(card, ask)
    events = []
    old = state["environment"]
    instance = new_instance(state, card.id, seat)
    _pay_for(state, seat, card, instance)
    if old is not None:  # one environment at a time: the new one replaces it
        leave_play(state, old["id"])
        events.append({"kind": "replaced", "seat": old["owner"], "card": old["card"], "instance": old["id"]})
    state["environment"] = instance
    events.insert(0, {"kind": "deployed", "seat": seat, "card": card.id, "instance": instance["id"], "target": "environment"})
    return Deployed(events)


def _cyberware(state: dict, seat: str, card: NeuroscapeCard, ask: Deployment) -> Deployed:
    _no_extras(card, ask, "character")
    found = find_character(state, ask.character) if ask.character else None
    if found is None:
        raise E.refuse(E.WRONG_TARGET, f"{card.name!r} attaches to a character in play: name its instance id")
    controller, character = found
    if controller != seat and not card.malicious:
        raise E.refuse(E.NOT_YOUR_CARD, f"{card.name!r} attaches to your own characters (only malicious cyberware goes on others')")
    body = card_of(state, character["card"])
    levels = {g.slot: g.level for g in body.gear}
    assert card.slot is not None and card.level is not None
    if levels.get(card.slot, 0) < card.level or card.slot in character["gear"]:
        raise E.refuse(
            E.GEAR_SLOT,
            f"{body.name!r} has no free {card.slot} slot of level {card.level} or higher for {card.name!r}",
        )
    instance = new_instance(state, card.id, seat)
    _pay_for(state, seat, card, instance)
    character["gear"][card.slot] = instance
    return Deployed([{"kind": "deployed", "seat": seat, "card": card.id, "instance": instance["id"], "target": character["id"], "slot": card.slot}])


_HANDLERS: dict[str, Callable[[dict, str, NeuroscapeCard, Deployment], Deployed]] = {
    "character": _character,
    "slot-program": _slot_program,
    "one-shot": _one_shot,
    "environment": _environment,
    "cyberware": _cyberware,
}
