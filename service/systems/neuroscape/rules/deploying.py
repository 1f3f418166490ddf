"""Deploying a card from the hand in a deploy substage: check its target, pay its RAM, put it in play.

One small handler per kind of card, picked from a table by the card's type and subtype, so
new kinds (and the effects the second part adds) slot in as entries rather than branches.
Each handler returns a new state: a refusal raised half-way leaves the match as it was.
"""

from __future__ import annotations

from typing import Any

from collections.abc import Callable
from dataclasses import dataclass

from service.systems.neuroscape import errors as E
from service.systems.neuroscape.rules.cards import SLOT_SUBTYPES, commits_ram, kind_of
from service.systems.neuroscape.rules.mainframe import place, slot_for
from service.systems.neuroscape.rules.order import push, target_ok
from service.systems.neuroscape.rules.ram import pay
from service.systems.neuroscape.rules.zones import card_of, free_gear_slot, leave_play, require_hand, without_one
from service.systems.neuroscape.state import (
    Event,
    Character,
    Environment,
    Gear,
    InPlay,
    NeuroscapeState,
    SlotCard,
    SlotName,
    characters,
    find_character,
    new_id,
    opponents,
    player,
    slot_cards,
    update_player,
    with_character,
    with_player,
)
from service.systems.neuroscape.wire.cards import NeuroscapeCard

State = NeuroscapeState


@dataclass(frozen=True, slots=True)
class Deployment:
    """What the deploying seat asked for (the wire input, minus its guards)."""

    card: str
    slot: SlotName | None = None
    target_seat: str | None = None
    character: str | None = None
    target: str | None = None
    tether_to: str | None = None


@dataclass(slots=True)
class Deployed:
    events: list[Event]
    private: dict[str, Any] | None = None  # what only the deploying seat may learn (a face-down card's identity)


def deploy(state: State, seat: str, ask: Deployment) -> tuple[State, Deployed]:
    require_hand(state, seat, ask.card)
    card = card_of(state, ask.card)
    handler = _HANDLERS.get(kind_of(card))
    if handler is None:
        raise E.refuse(E.NOT_DEPLOYABLE, f"{card.name!r} is a {card.type}; it is not deployed from the hand")
    _check_legendary(state, seat, card)
    state = update_player(state, seat, hand=without_one(player(state, seat).hand, ask.card))
    return handler(state, seat, card, ask)


def cost_of(state: State, card: NeuroscapeCard) -> int:
    """RAM to deploy: the printed cost, except trojans, which are placed face-down for a fixed price."""
    if card.type == "program" and card.subtype == "trojan":
        return state.rules.trojan_cost
    return card.cost


# -- checks ----------------------------------------------------------------------------


def _no_extras(card: NeuroscapeCard, ask: Deployment, *allowed: str) -> None:
    given = {"slot": ask.slot, "targetSeat": ask.target_seat, "character": ask.character, "target": ask.target,
             "tetherTo": ask.tether_to}
    extra = sorted(name for name, value in given.items() if value is not None and name not in allowed)
    if extra:
        raise E.refuse(E.WRONG_TARGET, f"{card.name!r} takes no {', '.join(extra)}")


def legendary_blocked(state: State, seat: str, card: NeuroscapeCard) -> bool:
    """Whether a copy of this legendary card already in play keeps another from being deployed.

    Another player's face-down trojan does not count (with `legendaryScope: table`) until it is
    turned face-up: a refusal must not say what a face-down card is.
    """
    if not card.legendary:
        return False
    mine_only = state.rules.legendary_scope == "player"
    instances: list[InPlay] = [c for _, c in characters(state)]
    instances += [e for _, _, e in slot_cards(state) if not e.face_down or e.owner == seat]
    instances += [g for _, c in characters(state) for g in c.gear.values()]
    if state.environment is not None:
        instances.append(state.environment)
    return any(i.card == card.id and (i.owner == seat or not mine_only) for i in instances)


def _check_legendary(state: State, seat: str, card: NeuroscapeCard) -> None:
    if legendary_blocked(state, seat, card):
        where = "under your control" if state.rules.legendary_scope == "player" else "on the table"
        raise E.refuse(E.LEGENDARY_IN_PLAY, f"{card.name!r} is legendary and a copy is already in play {where}")


def _opponent_target(state: State, seat: str, card: NeuroscapeCard, target: str | None) -> str:
    others = opponents(state, seat)
    if target is None:
        if len(others) != 1:
            raise E.refuse(E.WRONG_TARGET, f"name the targetSeat for {card.name!r}: one of {', '.join(others)}")
        return others[0]
    if target == seat or target not in others:
        raise E.refuse(E.WRONG_TARGET, f"{card.name!r} goes on a living opponent's mainframe: one of {', '.join(others)}")
    return target


def _pay_for(state: State, seat: str, card: NeuroscapeCard, instance_id: str) -> tuple[State, int]:
    """Pay the card's RAM; answers the RAM its instance keeps committed."""
    cost = cost_of(state, card)
    keeps = commits_ram(card, cyberware_commits=state.rules.cyberware_commits_ram)
    paid = pay(player(state, seat), cost, commit_for=instance_id if keeps else None, name=repr(card.name))
    return with_player(state, seat, paid), cost if keeps else 0


# -- one handler per kind --------------------------------------------------------------


def _character(state: State, seat: str, card: NeuroscapeCard, ask: Deployment) -> tuple[State, Deployed]:
    _no_extras(card, ask)
    state, instance_id = new_id(state)
    state, commits = _pay_for(state, seat, card, instance_id)
    character = Character(
        id=instance_id, card=card.id, owner=seat, running=False, damage=0, gear={}, entered_turn=state.flow.turn, commits=commits
    )
    state = update_player(state, seat, characters=(*player(state, seat).characters, character))
    return state, Deployed([{"kind": "deployed", "seat": seat, "card": card.id, "instance": instance_id, "target": seat}])


def _slot_program(state: State, seat: str, card: NeuroscapeCard, ask: Deployment) -> tuple[State, Deployed]:
    _no_extras(card, ask, "slot", "targetSeat")
    assert card.subtype is not None
    if SLOT_SUBTYPES[card.subtype] == "own":
        if ask.target_seat not in (None, seat):
            raise E.refuse(E.WRONG_TARGET, f"{card.name!r} is a protocol: it goes on your own mainframe")
        target = seat
    else:
        target = _opponent_target(state, seat, card, ask.target_seat)
    face_down = card.subtype == "trojan"
    state, instance_id = new_id(state)
    slot = slot_for(state, target, ask.slot)
    state, commits = _pay_for(state, seat, card, instance_id)
    entry = SlotCard(id=instance_id, card=card.id, owner=seat, face_down=face_down, played_turn=state.flow.turn, commits=commits)
    state = place(state, target, slot, entry)
    if face_down:
        event = {"kind": "deployed-face-down", "seat": seat, "instance": instance_id, "target": target, "slot": slot}
        return state, Deployed([event], private={"card": card.id, "instance": instance_id})
    event = {"kind": "deployed", "seat": seat, "card": card.id, "instance": instance_id, "target": target, "slot": slot}
    return state, Deployed([event])


def _one_shot(state: State, seat: str, card: NeuroscapeCard, ask: Deployment) -> tuple[State, Deployed]:
    # .EXEs and scripts are played on the target their ability names: paid (never committed), straight
    # to the recycle bin; the ability waits on the order of operations. Drugs are played with `play-drug`.
    if card.subtype == "drug":
        raise E.refuse(E.NOT_DEPLOYABLE, f"{card.name!r} is a drug: play it on a character with play-drug, whenever a swift action is allowed")
    ability = card.abilities[0] if card.abilities and card.abilities[0].kind == "activated" else None
    kind = ability.target if ability else None
    _no_extras(card, ask, *(("target",) if kind else ()))
    target = ask.target
    if kind is not None and not target_ok(state, kind, seat, target):
        raise E.refuse(E.WRONG_TARGET, f"{card.name!r} needs a target: {kind.replace('-', ' ')}")
    paid = pay(player(state, seat), cost_of(state, card), commit_for=None, name=repr(card.name))
    state = with_player(state, seat, paid.model_copy(update={"recycle_bin": (*paid.recycle_bin, card.id)}))
    events = [{"kind": "played", "seat": seat, "card": card.id, "target": target}]
    if ability is not None:
        state = push(state, seat, card.id, None, 0, target if kind else None, events)
    return state, Deployed(events)


def _environment(state: State, seat: str, card: NeuroscapeCard, ask: Deployment) -> tuple[State, Deployed]:
    _no_extras(card, ask)
    events = []
    old = state.environment
    state, instance_id = new_id(state)
    state, commits = _pay_for(state, seat, card, instance_id)
    if old is not None:  # one environment at a time: the new one replaces it
        state, _ = leave_play(state, old.id)
        events.append({"kind": "replaced", "seat": old.owner, "card": old.card, "instance": old.id})
    state = state.model_copy(update={"environment": Environment(id=instance_id, card=card.id, owner=seat, commits=commits)})
    events.insert(0, {"kind": "deployed", "seat": seat, "card": card.id, "instance": instance_id, "target": "environment"})
    return state, Deployed(events)


def _wearer(state: State, seat: str, card: NeuroscapeCard, instance_id: str | None) -> tuple[str, Character]:
    """The character in play cyberware goes on, with a free gear slot of its kind and level."""
    found = find_character(state, instance_id) if instance_id else None
    if found is None:
        raise E.refuse(E.WRONG_TARGET, f"{card.name!r} attaches to a character in play: name its instance id")
    controller, character = found
    if controller != seat and not card.malicious:
        raise E.refuse(E.NOT_YOUR_CARD, f"{card.name!r} attaches to your own characters (only malicious cyberware goes on others')")
    assert card.slot is not None and card.level is not None
    if not free_gear_slot(state, character, card.slot, card.level):
        body = card_of(state, character.card)
        raise E.refuse(
            E.GEAR_SLOT,
            f"{body.name!r} has no free {card.slot} slot of level {card.level} or higher for {card.name!r}",
        )
    return controller, character


def _cyberware(state: State, seat: str, card: NeuroscapeCard, ask: Deployment) -> tuple[State, Deployed]:
    # A tether joins two characters through the same gear slot of each: `character` keeps its record,
    # `tetherTo` shares the slot (see `zones.leave_play` for what happens as either leaves).
    _no_extras(card, ask, "character", *(("tetherTo",) if card.tether else ()))
    if card.tether and (ask.tether_to is None or ask.tether_to == ask.character):
        raise E.refuse(E.WRONG_TARGET, f"{card.name!r} is a tether: name two characters, `character` and `tetherTo`")
    controller, character = _wearer(state, seat, card, ask.character)
    other = _wearer(state, seat, card, ask.tether_to) if card.tether else None
    assert card.slot is not None
    state, instance_id = new_id(state)
    state, commits = _pay_for(state, seat, card, instance_id)
    gear = Gear(id=instance_id, card=card.id, owner=seat, commits=commits, tether_to=other[1].id if other else None)
    state = with_character(state, controller, character.model_copy(update={"gear": {**character.gear, card.slot: gear}}))
    event = {"kind": "deployed", "seat": seat, "card": card.id, "instance": instance_id, "target": character.id, "slot": card.slot}
    if other is None:
        return state, Deployed([event])
    found = find_character(state, other[1].id)
    assert found is not None
    mirror = gear.model_copy(update={"tether_to": character.id})
    state = with_character(state, found[0], found[1].model_copy(update={"tethers": {**found[1].tethers, card.slot: mirror}}))
    tethered = {"kind": "tethered", "seat": seat, "card": card.id, "instance": instance_id, "target": other[1].id, "slot": card.slot}
    return state, Deployed([event, tethered])


_HANDLERS: dict[str, Callable[[State, str, NeuroscapeCard, Deployment], tuple[State, Deployed]]] = {
    "character": _character,
    "slot-program": _slot_program,
    "one-shot": _one_shot,
    "environment": _environment,
    "cyberware": _cyberware,
}
