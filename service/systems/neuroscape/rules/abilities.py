"""What abilities do: effects resolved on the state, ATK/DEF computed from what is in play, triggers fired.

A character's ATK and DEF are never stored: `stats` computes them each time, in a fixed order —
printed (base), then its cyberware, then passive abilities of cards in play (a character's own,
and its controller's slot programs and environment), then lasting effects (`until end of turn`
and `while in play`) — and clamps the result (ATK at least 0, DEF at least 1).

`resolve` applies one ability's effects for its controller; `inverted` swaps the signs of its
ATK/DEF changes and RAM changes. Every effect kind of the vocabulary has its rule here (or in
`effects`); a kind without one is a bug and raises. Triggered abilities wait in the queue of
`triggers` and resolve from there.
"""

from __future__ import annotations

from collections.abc import Iterator

from service.dice.stream import Stream
from service.systems.neuroscape.rules.effects import (
    commit_ram,
    extra_turn,
    forced_stability_check,
    look,
    release_ram,
)
from service.systems.neuroscape.rules.piles import deck_size, draw_many
from service.systems.neuroscape.rules.pool import pool_of
from service.systems.neuroscape.state import (
    Event,
    Character,
    Continuation,
    Effect,
    NeuroscapeState,
    Ram,
    characters,
    find_character,
    living,
    opponents,
    player,
    slot_cards,
    update_player,
    with_character,
)
from service.systems.neuroscape.wire.cards import NeuroscapeAbility, NeuroscapeCard
from service.systems.neuroscape.wire.effects import NeuroscapeEffect

State = NeuroscapeState


# -- ATK and DEF -----------------------------------------------------------------------


def _passive_sources(state: State, seat: str) -> Iterator[tuple[str | None, NeuroscapeCard]]:
    """(instance id, card) of the seat's cards in play that can carry passives besides characters."""
    pool = pool_of(state)
    for _, _, entry in slot_cards(state):
        if entry.owner == seat and not entry.face_down:
            yield entry.id, pool[entry.card]
    environment = state.environment
    if environment is not None and environment.owner == seat:
        yield environment.id, pool[environment.card]


def _in_play(state: State, instance_id: str | None) -> bool:
    if instance_id is None:
        return False
    if find_character(state, instance_id) is not None or any(e.id == instance_id for _, _, e in slot_cards(state)):
        return True
    return state.environment is not None and state.environment.id == instance_id


def stats(state: State, character: Character) -> tuple[int, int]:
    """Effective (ATK, DEF): base, then cyberware, then passives, then lasting effects."""
    pool = pool_of(state)
    card = pool[character.card]
    attack, defense = card.attack or 0, card.defense or 1
    for gear in (*character.gear.values(), *character.tethers.values()):  # a tether counts on both its characters
        attack += pool[gear.card].attack_bonus
        defense += pool[gear.card].defense_bonus
    controller = next((seat for seat, c in characters(state) if c.id == character.id), character.owner)
    sources: list[tuple[str | None, NeuroscapeCard]] = [(c.id, pool[c.card]) for seat, c in characters(state) if seat == controller]
    sources += list(_passive_sources(state, controller))
    for instance_id, source in sources:
        for ability in source.abilities:
            if ability.kind != "passive":
                continue
            for effect in ability.effects:
                if effect.kind == "modify-stats" and (effect.on == "own-characters" or instance_id == character.id):
                    attack += effect.attack
                    defense += effect.defense
    for lasting in state.effects:
        if lasting.target == character.id and (lasting.until == "end-of-turn" or _in_play(state, lasting.source)):
            attack += lasting.attack
            defense += lasting.defense
    return max(0, attack), max(1, defense)


# -- resolving effects -----------------------------------------------------------------


def _players(state: State, seat: str, on: str, target: str | None) -> list[str]:
    if on == "you":
        return [seat]
    if on == "opponents":
        return opponents(state, seat)
    return [target] if target is not None and target in living(state) else []


def _characters(state: State, seat: str, on: str, source: str | None, target: str | None) -> list[str]:
    if on == "own-characters":
        return [c.id for s, c in characters(state) if s == seat]
    chosen = source if on == "self" else target
    return [chosen] if chosen is not None and find_character(state, chosen) is not None else []


def _damage_character(state: State, instance_id: str, amount: int, events: list[Event]) -> State:
    from service.systems.neuroscape.rules.zones import leave_play

    found = find_character(state, instance_id)
    if found is None:
        return state
    controller, character = found
    character = character.model_copy(update={"damage": max(0, character.damage + amount)})
    state = with_character(state, controller, character)
    if amount > 0:
        events.append({"kind": "damage", "seat": controller, "instance": instance_id, "amount": amount})
        if character.damage >= stats(state, character)[1]:
            state, _ = leave_play(state, instance_id)
            events.append({"kind": "destroyed", "seat": controller, "instance": instance_id, "card": character.card})
    return state


def _apply(state: State, seat: str, effect: NeuroscapeEffect, source: str | None, target: str | None, sign: int,
           stream: Stream, events: list[Event]) -> State:
    from service.systems.neuroscape.rules.zones import leave_play

    kind = effect.kind
    if effect.kind == "modify-stats":
        for instance_id in _characters(state, seat, effect.on, source, target):
            lasting = Effect(kind="modify-stats", source=source, until=effect.duration, target=instance_id,
                             attack=sign * effect.attack, defense=sign * effect.defense)
            state = state.model_copy(update={"effects": (*state.effects, lasting)})
            events.append({"kind": "stats-changed", "seat": seat, "instance": instance_id, "amount": sign * effect.attack,
                           "reason": f"{sign * effect.attack:+d}/{sign * effect.defense:+d} {effect.duration}"})
        return state
    if effect.kind in ("damage", "heal"):
        amount = effect.amount if kind == "damage" else -effect.amount
        if effect.to == "character":
            for instance_id in _characters(state, seat, effect.on, source, target):
                state = _damage_character(state, instance_id, amount, events)
            return state
        field = "bioframe" if effect.to == "bioframe" else "mainframe_health"
        for other in _players(state, seat, effect.on, target):
            state = update_player(state, other, **{field: getattr(player(state, other), field) - amount})
            events.append({"kind": f"{effect.to}-{kind}", "seat": other, "amount": effect.amount})
        return state
    if effect.kind == "draw":
        for other in _players(state, seat, effect.on, target):
            p = player(state, other)
            drawn, deck = draw_many(p.deck, min(effect.count, deck_size(p.deck)), stream)
            state = update_player(state, other, deck=deck, hand=(*p.hand, *drawn))
            events.append({"kind": "drew", "seat": other, "amount": len(drawn)})
        return state
    if effect.kind == "discard":
        for other in _players(state, seat, effect.on, target):
            state = discard_random(state, other, effect.count, stream, events)
        return state
    if effect.kind == "look-at-top":
        return look(state, seat, effect, _players(state, seat, effect.on, target), stream, events)
    if effect.kind == "change-ram":
        for other in _players(state, seat, effect.on, target):
            state = change_ram(state, other, sign * effect.amount, events)
        return state
    if effect.kind in ("destroy", "return-to-hand"):
        for instance_id in _characters(state, seat, effect.on, source, target):
            found = find_character(state, instance_id)
            assert found is not None
            controller, character = found
            state, _ = leave_play(state, instance_id)
            if kind == "destroy":
                events.append({"kind": "destroyed", "seat": controller, "instance": instance_id, "card": character.card})
            else:  # back to its owner's hand, not the recycle bin
                owner = player(state, character.owner)
                state = update_player(state, character.owner, hand=(*owner.hand, character.card),
                                      recycle_bin=_without_last(owner.recycle_bin, character.card))
                events.append({"kind": "returned-to-hand", "seat": character.owner, "instance": instance_id, "card": character.card})
        return state
    if effect.kind in ("run", "refresh"):
        for instance_id in _characters(state, seat, effect.on, source, target):
            found = find_character(state, instance_id)
            assert found is not None
            controller, character = found
            state = with_character(state, controller, character.model_copy(update={"running": kind == "run"}))
            events.append({"kind": "ran" if kind == "run" else "refreshed", "seat": controller, "instance": instance_id})
        return state
    if effect.kind == "win-if":
        from service.systems.neuroscape.rules.winning import eliminate, holds
        from service.systems.neuroscape.wire.cards import NeuroscapeWinCondition

        condition = NeuroscapeWinCondition(kind=effect.condition, at_least=effect.at_least)
        if holds(state, seat, condition):
            events.append({"kind": "mic-drop", "seat": seat, "reason": effect.condition})
            for other in opponents(state, seat):
                state = eliminate(state, other, "mic-drop", events)
        return state
    if effect.kind in ("commit-ram", "release-ram"):
        move = commit_ram if effect.kind == "commit-ram" else release_ram
        for other in _players(state, seat, effect.on, target):
            state = move(state, other, effect.amount, events)
        return state
    if effect.kind == "stability-check":
        for other in _players(state, seat, effect.on, target):
            state = forced_stability_check(state, other, stream, events)
        return state
    if effect.kind == "extra-turn":
        return extra_turn(state, seat, events)
    if effect.kind in ("counter", "invert-sign"):
        return state  # they act on the order itself, as it resolves (see `order.resolve_order`)
    raise AssertionError(f"no rule resolves the effect kind {kind!r}")  # the vocabulary and this function disagree


def _without_last(cards: tuple[str, ...], card_id: str) -> tuple[str, ...]:
    at = len(cards) - 1 - cards[::-1].index(card_id)
    return cards[:at] + cards[at + 1 :]


def discard_random(state: State, seat: str, count: int, stream: Stream, events: list[Event]) -> State:
    """`count` cards of the seat's hand (fewer if it holds fewer), picked by the dice, to its recycle bin."""
    for _ in range(min(count, len(player(state, seat).hand))):
        p = player(state, seat)
        at = stream.roll(len(p.hand)) - 1
        card_id = p.hand[at]
        state = update_player(state, seat, hand=p.hand[:at] + p.hand[at + 1 :], recycle_bin=(*p.recycle_bin, card_id))
        events.append({"kind": "discarded", "seat": seat, "card": card_id})
    return state


def change_ram(state: State, seat: str, amount: int, events: list[Event]) -> State:
    """Gain RAM: that many run RAM refresh (none run: nothing). Lose RAM: that many available RAM are run."""
    p = player(state, seat)
    frm, to = ("spent", "available") if amount > 0 else ("available", "spent")
    left = abs(amount)
    ram: list[Ram] = []
    for r in p.ram:
        if left and r.status == frm:
            r = r.model_copy(update={"status": to})
            left -= 1
        ram.append(r)
    changed = abs(amount) - left
    if changed:
        state = update_player(state, seat, ram=tuple(ram))
    events.append({"kind": "ram-gained" if amount > 0 else "ram-lost", "seat": seat, "amount": changed})
    return state


def resolve(state: State, seat: str, ability: NeuroscapeAbility, source: str | None, target: str | None, inverted: bool,
            stream: Stream, events: list[Event], start: int = 0) -> State:
    """Apply the ability's effects from `start` on; one that makes the match wait for a choice keeps
    the rest of the ability with the choice (`Choice.rest`), to resolve once it is made."""
    assert state.choice is None, "nothing resolves while the match waits for a choice"
    sign = -1 if inverted else 1
    for index in range(start, len(ability.effects)):
        state = _apply(state, seat, ability.effects[index], source, target, sign, stream, events)
        if state.choice is not None:
            if index + 1 < len(ability.effects) or ability.duel:
                rest = Continuation(seat=seat, ability=ability, start=index + 1, source=source, target=target, inverted=inverted)
                state = state.model_copy(update={"choice": state.choice.model_copy(update={"rest": rest})})
            return state
    if ability.duel and source is not None and target is not None:
        state = duel(state, source, target, events)
    return state


def duel(state: State, one: str, other: str, events: list[Event]) -> State:
    """Both characters deal their ATK to each other at once."""
    first, second = find_character(state, one), find_character(state, other)
    if first is None or second is None:
        return state
    hit_second, hit_first = stats(state, first[1])[0], stats(state, second[1])[0]
    events.append({"kind": "duel", "seat": first[0], "instance": one, "target": other})
    state = _damage_character(state, other, hit_second, events)
    return _damage_character(state, one, hit_first, events)


# -- triggers (see `triggers`) ------------------------------------------------------------


def react(state: State, events: list[Event], start: int, stream: Stream) -> State:
    """Set off the triggers of events[start:] and resolve them (see `triggers.react`)."""
    from service.systems.neuroscape.rules.triggers import react as set_off

    return set_off(state, events, start, stream)
