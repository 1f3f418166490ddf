"""Playing swift actions: a character's activated ability, a script or a drug from the hand. All wait on the order.

An activated ability is paid when played (RAM, running the character, discarding, bioframe
health), once per round per character (used abilities refresh in the controller's refresh),
never by a running character. A swift one may be played whenever a swift action is allowed:
in a swift check the match waits for you in, in your own deploy substage, or with priority on
an open order; one that is not swift only in your own deploy substage with the order empty.
Scripts and drugs are swift by their subtype ("swift — can interrupt anything"; "drugs —
played on characters, swift"): both go to the recycle bin as they are played, and a drug is
played on a character in play, which its ability then targets.
"""

from __future__ import annotations

from service.dice.stream import Stream
from service.systems.neuroscape import errors as E
from service.systems.neuroscape.rules.abilities import discard_random
from service.systems.neuroscape.rules.order import push, target_ok
from service.systems.neuroscape.rules.ram import available, pay
from service.systems.neuroscape.rules.zones import card_of, require_hand, without_one
from service.systems.neuroscape.state import Event, NeuroscapeState, find_character, player, update_player, with_character, with_player
from service.systems.neuroscape.wire.cards import NeuroscapeAbility, NeuroscapeCard

State = NeuroscapeState


def swift_allowed(state: State, seat: str) -> bool:
    """Whether the seat may play a swift action now (the gate has checked the match waits for it)."""
    if state.operations is not None:
        return state.operations.priority == seat
    return state.flow.substage in ("swift-check", "deploy") and seat in state.flow.awaiting


def _slow_allowed(state: State, seat: str) -> bool:
    return state.operations is None and state.flow.substage == "deploy" and state.flow.active == seat


def can_pay(state: State, seat: str, ability: NeuroscapeAbility, extra_ram: int = 0) -> bool:
    p = player(state, seat)
    return available(p) >= ability.cost + extra_ram and len(p.hand) >= ability.discards and p.bioframe > ability.pays_health


def usable(state: State, seat: str, character_id: str, index: int) -> NeuroscapeAbility | None:
    """The character's activated ability at `index`, if the seat may activate it now (targets aside)."""
    found = find_character(state, character_id)
    if found is None or found[0] != seat:
        return None
    character = found[1]
    abilities = card_of(state, character.card).abilities
    if index >= len(abilities) or abilities[index].kind != "activated":
        return None
    ability = abilities[index]
    if character.running or character_id in state.used_abilities or not can_pay(state, seat, ability):
        return None
    return ability if (swift_allowed(state, seat) if ability.swift else _slow_allowed(state, seat)) else None


def pay_costs(state: State, seat: str, ability: NeuroscapeAbility, name: str, stream: Stream, events: list[Event]) -> State:
    if ability.cost:
        state = with_player(state, seat, pay(player(state, seat), ability.cost, commit_for=None, name=name))
    if ability.discards:
        state = discard_random(state, seat, ability.discards, stream, events)
    if ability.pays_health:
        state = update_player(state, seat, bioframe=player(state, seat).bioframe - ability.pays_health)
        events.append({"kind": "bioframe-paid", "seat": seat, "amount": ability.pays_health})
    return state


def activate(state: State, seat: str, character_id: str, index: int, target: str | None, stream: Stream, events: list[Event]) -> State:
    found = find_character(state, character_id)
    if found is None:
        raise E.refuse(E.UNKNOWN_CARD, f"no character in play is {character_id}")
    if found[0] != seat:
        raise E.refuse(E.NOT_YOUR_CARD, f"{character_id} is controlled by {found[0]}")
    character = found[1]
    card = card_of(state, character.card)
    if index >= len(card.abilities) or card.abilities[index].kind != "activated":
        raise E.refuse(E.NO_SUCH_ABILITY, f"{card.name!r} has no activated ability at index {index}")
    ability = card.abilities[index]
    if character.running:
        raise E.refuse(E.RUNNING, f"{card.name!r} is running: a running character activates no ability")
    if character_id in state.used_abilities:
        raise E.refuse(E.ABILITY_USED, f"{card.name!r} has activated an ability this round already")
    if not (swift_allowed(state, seat) if ability.swift else _slow_allowed(state, seat)):
        raise E.refuse(E.NOT_SWIFT_NOW, f"{ability.name!r} is not swift: play it in your own deploy substage with the order empty")
    if not target_ok(state, ability.target, seat, target):
        raise E.refuse(E.WRONG_TARGET, f"{ability.name!r} needs {ability.target or 'no'} target; {target} is not one")
    if not can_pay(state, seat, ability):
        raise E.refuse(E.NOT_ENOUGH_RAM, f"{ability.name!r} costs more than you can pay now")
    state = pay_costs(state, seat, ability, repr(ability.name), stream, events)
    if ability.runs:
        found = find_character(state, character_id)
        assert found is not None
        state = with_character(state, seat, found[1].model_copy(update={"running": True}))
    state = state.model_copy(update={"used_abilities": (*state.used_abilities, character_id)})
    return push(state, seat, card.id, character_id, index, target, events)


def _program_ability(state: State, card_id: str, subtype: str) -> NeuroscapeAbility | None:
    """The first ability of a program of that subtype, when it is an activated one; else None."""
    card = card_of(state, card_id)
    if card.type != "program" or card.subtype != subtype or not card.abilities or card.abilities[0].kind != "activated":
        return None
    return card.abilities[0]


def script_ability(state: State, card_id: str) -> NeuroscapeAbility | None:
    return _program_ability(state, card_id, "script")


def _spend_from_hand(state: State, seat: str, card: NeuroscapeCard, ability: NeuroscapeAbility, played_on: str | None,
                     target: str | None, stream: Stream, events: list[Event]) -> State:
    """Pay a one-shot card from the hand (to the recycle bin) and its ability's costs; its ability waits on the order."""
    p = player(state, seat)
    paid = pay(p.model_copy(update={"hand": without_one(p.hand, card.id)}), card.cost, commit_for=None, name=repr(card.name))
    state = with_player(state, seat, paid.model_copy(update={"recycle_bin": (*paid.recycle_bin, card.id)}))
    state = pay_costs(state, seat, ability, repr(card.name), stream, events)
    events.append({"kind": "played", "seat": seat, "card": card.id, "target": played_on})
    return push(state, seat, card.id, None, 0, target, events)


def play_script(state: State, seat: str, card_id: str, target: str | None, stream: Stream, events: list[Event]) -> State:
    require_hand(state, seat, card_id)
    ability = script_ability(state, card_id)
    card = card_of(state, card_id)
    if ability is None:
        raise E.refuse(E.NO_SUCH_ABILITY, f"{card.name!r} is not a script with an ability to play")
    if not swift_allowed(state, seat):
        raise E.refuse(E.NOT_SWIFT_NOW, "a script is played when a swift action is allowed")
    if not target_ok(state, ability.target, seat, target):
        raise E.refuse(E.WRONG_TARGET, f"{card.name!r} needs {ability.target or 'no'} target; {target} is not one")
    if not can_pay(state, seat, ability, card.cost):
        raise E.refuse(E.NOT_ENOUGH_RAM, f"{card.name!r} costs more than you can pay now")
    return _spend_from_hand(state, seat, card, ability, target, target, stream, events)


def drug_ability(state: State, card_id: str) -> NeuroscapeAbility | None:
    """A drug's ability (its first, activated); None for a card that is not such a drug."""
    return _program_ability(state, card_id, "drug")


def drug_targets(state: State, seat: str, ability: NeuroscapeAbility) -> list[str]:
    """The characters in play a drug may be played on: those its ability's target kind allows."""
    every = [c.id for p in state.players.values() for c in p.characters]
    return every if ability.target is None else [c for c in every if target_ok(state, ability.target, seat, c)]


def play_drug(state: State, seat: str, card_id: str, character_id: str, stream: Stream, events: list[Event]) -> State:
    """Play a drug on a character in play: paid (to the recycle bin), its ability waits on the order.

    The ability's target is the character the drug is played on (its target kind says which
    characters may be chosen); an ability that chooses no target still names it in the event.
    """
    require_hand(state, seat, card_id)
    card = card_of(state, card_id)
    ability = drug_ability(state, card_id)
    if ability is None:
        raise E.refuse(E.NO_SUCH_ABILITY, f"{card.name!r} is not a drug with an ability to play")
    if not swift_allowed(state, seat):
        raise E.refuse(E.NOT_SWIFT_NOW, "a drug is played when a swift action is allowed")
    if find_character(state, character_id) is None:
        raise E.refuse(E.UNKNOWN_CARD, f"no character in play is {character_id}")
    if character_id not in drug_targets(state, seat, ability):
        raise E.refuse(E.WRONG_TARGET, f"{card.name!r} is played on {(ability.target or 'character').replace('-', ' ')}; {character_id} is not one")
    if not can_pay(state, seat, ability, card.cost):
        raise E.refuse(E.NOT_ENOUGH_RAM, f"{card.name!r} costs more than you can pay now")
    return _spend_from_hand(state, seat, card, ability, character_id, character_id if ability.target else None, stream, events)
