"""What a seat may do right now: a menu of legal actions, computed from the state alone.

Each entry names an action and the choices it allows (which cards, which targets, how many
from each deck); any input built from those choices is accepted. Clients render it, bots pick
from it, and the random-match tests hold the engine to it: a move taken from this menu must
never be refused. A seat sees only its own menu, so it reveals nothing about other hands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from service.systems.neuroscape.rules.activating import can_pay, drug_ability, drug_targets, script_ability, swift_allowed, usable
from service.systems.neuroscape.rules.order import targets_for
from service.systems.neuroscape.rules.battle import possible_attackers, possible_blockers, unordered
from service.systems.neuroscape.rules.cards import kind_of
from service.systems.neuroscape.rules.deploying import cost_of, legendary_blocked
from service.systems.neuroscape.rules.flow import current_step
from service.systems.neuroscape.rules.mainframe import free_slots
from service.systems.neuroscape.rules.piles import deck_size, pile_size
from service.systems.neuroscape.rules.ram import available
from service.systems.neuroscape.rules.trojans import activatable
from service.systems.neuroscape.rules.zones import card_of, free_gear_slot, owned_persistent
from service.systems.neuroscape.state import NeuroscapeState, characters, opponents, player, slot_cards

State = NeuroscapeState
Entry = dict[str, Any]  # one entry of the menu: `action` and the choices it allows


def legal_actions(state: State, seat: str) -> list[Entry]:
    if seat not in state.players or state.outcome is not None or player(state, seat).eliminated is not None:
        return []
    menu: list[Entry] = []
    step = current_step(state)
    if state.choice is not None:
        if state.choice.seat == seat and seat in state.flow.awaiting:
            menu += _choice(state)
    elif state.operations is not None:
        if state.operations.priority == seat:
            menu += _swift(state, seat) + [{"action": "pass"}]
    elif step is not None and seat in state.flow.awaiting:
        menu += _BUILDERS[state.flow.substage](state, seat)
        if state.flow.substage in ("deploy", "swift-check"):
            menu[-1:-1] = _swift(state, seat)  # before the substage's closing `pass`
    menu.append({"action": "concede"})
    return menu


def _swift(state: State, seat: str) -> list[Entry]:
    """Every ability the seat may activate now and every script it may play, with their targets."""
    menu = []
    for _, character in ((s, c) for s, c in characters(state) if s == seat):
        for index in range(len(card_of(state, character.card).abilities)):
            ability = usable(state, seat, character.id, index)
            if ability is None:
                continue
            targets = targets_for(state, ability.target, seat)
            if targets:
                menu.append({"action": "activate", "character": character.id, "ability": index, "targets": targets})
    if swift_allowed(state, seat):
        ram = available(player(state, seat))
        for card_id in sorted(set(player(state, seat).hand)):
            ability = script_ability(state, card_id)
            if ability is None or not can_pay(state, seat, ability, card_of(state, card_id).cost) or ram < card_of(state, card_id).cost:
                continue
            targets = targets_for(state, ability.target, seat)
            if targets:
                menu.append({"action": "play-script", "card": card_id, "targets": targets})
        menu += _drugs(state, seat) + _trojans(state, seat)
    return menu


def _drugs(state: State, seat: str) -> list[Entry]:
    menu = []
    for card_id in sorted(set(player(state, seat).hand)):
        ability = drug_ability(state, card_id)
        if ability is None or not can_pay(state, seat, ability, card_of(state, card_id).cost):
            continue
        characters_ = drug_targets(state, seat, ability)
        if characters_:
            menu.append({"action": "play-drug", "card": card_id, "characters": characters_})
    return menu


def _trojans(state: State, seat: str) -> list[Entry]:
    """The seat's own face-down trojans it may activate now (only its own menu lists them)."""
    menu = []
    for _, _, entry in slot_cards(state):
        for index in range(len(card_of(state, entry.card).abilities)):
            ability = activatable(state, seat, entry.id, index)
            if ability is None:
                continue
            targets = targets_for(state, ability.target, seat)
            if targets:
                menu.append({"action": "activate-trojan", "instance": entry.id, "ability": index, "targets": targets})
    return menu


def _choice(state: State) -> list[Entry]:
    """The choice the match waits for: each deck to arrange (with how many cards), or the triggers to order."""
    choice = state.choice
    assert choice is not None
    if choice.kind == "arrange-top":
        return [{"action": "arrange-top", "deck": d.deck, "count": d.count} for d in choice.decks]
    return [{"action": "order-triggers", "triggers": list(choice.triggers)}]


def _opening(state: State, seat: str) -> list[Entry]:
    p = player(state, seat)
    if not p.opening_drawn:
        return [{"action": "draw", "main": min(state.rules.opening_hand, deck_size(p.deck)), "ram": 0}]
    return [{"action": "mulligan", "hand": list(p.hand)}]


def _draw(state: State, seat: str) -> list[Entry]:
    p = player(state, seat)
    main_left, ram_left = deck_size(p.deck), pile_size(p.ram_deck)
    rules = state.rules
    quota = min(rules.first_turn_draws if state.flow.turn == 1 else rules.draws_per_turn, main_left + ram_left)
    return [{"action": "draw", "total": quota, "minMain": max(0, quota - ram_left), "maxMain": min(quota, main_left)}]


def _deploy_options(state: State, seat: str, card_id: str, ram: int) -> list[Entry]:
    card = card_of(state, card_id)
    kind = kind_of(card)
    if kind in ("mainframe", "ram") or cost_of(state, card) > ram:
        return []
    if legendary_blocked(state, seat, card):
        return []
    if card.subtype == "drug":  # played with play-drug
        return []
    if kind == "one-shot":
        ability = card.abilities[0] if card.abilities and card.abilities[0].kind == "activated" else None
        chosen = ability.target if ability else None
        return [{"target": t} if t is not None else {} for t in targets_for(state, chosen, seat)]
    if kind in ("character", "environment"):
        return [{}]
    if kind == "slot-program":
        if card.subtype == "protocol":
            return [{"slot": slot} for slot in free_slots(state, seat)]
        return [{"targetSeat": other, "slot": slot} for other in opponents(state, seat) for slot in free_slots(state, other)]
    assert card.slot is not None and card.level is not None  # cyberware
    fits = [c.id for controller, c in characters(state)
            if (controller == seat or card.malicious) and free_gear_slot(state, c, card.slot, card.level)]
    if card.tether:  # each pair once, in the order of play
        return [{"character": a, "tetherTo": b} for i, a in enumerate(fits) for b in fits[i + 1 :]]
    return [{"character": c} for c in fits]


def _deploy(state: State, seat: str) -> list[Entry]:
    menu = []
    ram = available(player(state, seat))
    for card_id in sorted(set(player(state, seat).hand)):
        targets = _deploy_options(state, seat, card_id, ram)
        if targets:
            menu.append({"action": "deploy", "card": card_id, "targets": targets})
    return menu + [{"action": "pass"}]


def _force_quit(state: State, seat: str) -> list[Entry]:
    return [{"action": "force-quit", "cards": [i.id for i in owned_persistent(state, seat)]}, {"action": "pass"}]


def _attack(state: State, seat: str) -> list[Entry]:
    return [
        {"action": "attack", "attackers": possible_attackers(state, seat), "targets": opponents(state, seat)},
        {"action": "pass"},
    ]


def _block(state: State, seat: str) -> list[Entry]:
    attackers = [a.attacker for a in state.battle.attacks if a.target == seat]
    return [{"action": "block", "blockers": possible_blockers(state, seat), "attackers": attackers}, {"action": "pass"}]


def _order(state: State, seat: str) -> list[Entry]:
    attacks = [{"attacker": a.attacker, "blockers": list(a.blockers)} for a in unordered(state)]
    return [{"action": "order-blockers", "attacks": attacks}, {"action": "pass"}]


_BUILDERS: dict[str, Callable[[State, str], list[Entry]]] = {
    "opening-hand": _opening,
    "roll-off": lambda state, seat: [{"action": "roll-off"}],
    "choose-first": lambda state, seat: [{"action": "choose-first"}],
    "force-quit": _force_quit,
    "draw": _draw,
    "swift-check": lambda state, seat: [{"action": "pass"}],
    "deploy": _deploy,
    "attack": _attack,
    "block": _block,
    "order-blockers": _order,
}
