"""Where cards are, and how they move between zones.

A seat's private zones are its hand (card ids), its main deck (see `piles`) and its RAM deck;
the public ones are its mainframe and slots, its characters, its RAM in play and its recycle
bin. A card gets an instance id (`c17`) when it enters play, never before, so an id says
nothing about when the card was drawn or where it sat in a deck.
"""

from __future__ import annotations

from service.systems.neuroscape import errors as E
from service.systems.neuroscape.rules.abilities import stats
from service.systems.neuroscape.rules.piles import deck_size, pile_size
from service.systems.neuroscape.rules.pool import pool_of
from service.systems.neuroscape.state import (
    SLOT_NAMES,
    Character,
    Gear,
    InPlay,
    NeuroscapeState,
    characters,
    find_character,
    player,
    slot_cards,
    update_player,
    with_character,
    with_player,
)
from service.systems.neuroscape.wire.cards import GearSlotName, NeuroscapeCard


def card_of(state: NeuroscapeState, card_id: str) -> NeuroscapeCard:
    return pool_of(state)[card_id]


def attack_of(character: Character, card: NeuroscapeCard, state: NeuroscapeState) -> int:
    """Effective ATK (see `abilities.stats` for the order it is computed in), never below 0."""
    return stats(state, character)[0]


def defense_of(character: Character, card: NeuroscapeCard, state: NeuroscapeState) -> int:
    """Effective DEF, never below 1."""
    return stats(state, character)[1]


def psychosis_level(character: Character, state: NeuroscapeState) -> int:
    """How psychotic a character is: its gear's psychosis (tethers included) above its printed (base) DEF."""
    total = sum(card_of(state, gear.card).psychosis for gear in gear_on(character))
    base = card_of(state, character.card).defense or 0
    return max(0, total - base)


# -- leaving play ----------------------------------------------------------------------


def release_ram(state: NeuroscapeState, instance_id: str) -> NeuroscapeState:
    """RAM committed to a card that leaves play is run (spent): it refreshes at its owner's next refresh."""
    for seat, p in state.players.items():
        if any(ram.for_ == instance_id for ram in p.ram):
            run = {"status": "spent", "for_": None}
            ram = tuple(r.model_copy(update=run) if r.for_ == instance_id else r for r in p.ram)
            state = with_player(state, seat, p.model_copy(update={"ram": ram}))
    return state


def _to_bin(state: NeuroscapeState, instance: InPlay) -> NeuroscapeState:
    state = release_ram(state, instance.id)
    owner = player(state, instance.owner)
    return update_player(state, instance.owner, recycle_bin=(*owner.recycle_bin, instance.card))


def _untether(state: NeuroscapeState, gear: Gear, slot: GearSlotName, *, gone: str) -> NeuroscapeState:
    """One end of a tether (`gone`) left play or let go: the character at its other end keeps it alone.

    The tether is kept in the `gear` of one character and mirrored in the `tethers` of the other;
    what is left is plain gear of the character still holding it.
    """
    other = gear.tether_to
    found = find_character(state, other) if other is not None else None
    if found is None:
        return state
    seat, character = found
    if gone == gear.id:  # the tether itself left: the other end's slot is free again
        rest = {name: piece for name, piece in character.tethers.items() if name != slot}
        return with_character(state, seat, character.model_copy(update={"tethers": rest}))
    held = character.gear.get(slot)
    if held is not None and held.id == gear.id:  # the other end keeps the record: it is no longer tethered
        return with_character(state, seat, character.model_copy(update={"gear": {**character.gear, slot: held.model_copy(update={"tether_to": None})}}))
    rest = {name: piece for name, piece in character.tethers.items() if name != slot}  # the record moves over
    kept = {**character.gear, slot: gear.model_copy(update={"tether_to": None})}
    return with_character(state, seat, character.model_copy(update={"gear": kept, "tethers": rest}))


def leave_play(state: NeuroscapeState, instance_id: str) -> tuple[NeuroscapeState, InPlay | None]:
    """Move a character, slot program, environment or cyberware to its owner's recycle bin.

    A character takes its gear along (each piece to its own owner's bin), except a tether whose
    other character is still in play: that one stays, on the other character alone. Returns the
    new state and the instance that left, or None when nothing in play has that id.
    """
    for seat, p in state.players.items():
        for index, character in enumerate(p.characters):
            if character.id == instance_id:
                state = update_player(state, seat, characters=p.characters[:index] + p.characters[index + 1 :])
                for slot, gear in character.gear.items():
                    if gear.tether_to is not None and find_character(state, gear.tether_to) is not None:
                        state = _untether(state, gear, slot, gone=character.id)
                    else:
                        state = _to_bin(state, gear)
                for slot, gear in character.tethers.items():
                    state = _untether(state, gear, slot, gone=character.id)
                return _to_bin(state, character), character
            for slot, gear in character.gear.items():
                if gear.id == instance_id:
                    rest = {name: piece for name, piece in character.gear.items() if name != slot}
                    state = with_character(state, seat, character.model_copy(update={"gear": rest}))
                    state = _untether(state, gear, slot, gone=gear.id)
                    return _to_bin(state, gear), gear
        for name in SLOT_NAMES:
            entry = p.slots[name]
            if entry is not None and entry.id == instance_id:
                state = update_player(state, seat, slots={**p.slots, name: None})
                return _to_bin(state, entry), entry
    environment = state.environment
    if environment is not None and environment.id == instance_id:
        return _to_bin(state.model_copy(update={"environment": None}), environment), environment
    return state, None


def gear_on(character: Character) -> list[Gear]:
    """The cyberware a character wears: its own gear and the tethers it shares with another character."""
    return [*character.gear.values(), *character.tethers.values()]


def free_gear_slot(state: NeuroscapeState, character: Character, slot: GearSlotName, level: int) -> bool:
    """Whether the character has a gear slot of this kind, free, of `level` or higher."""
    levels = {g.slot: g.level for g in card_of(state, character.card).gear}
    return levels.get(slot, 0) >= level and slot not in character.gear and slot not in character.tethers


def owned_persistent(state: NeuroscapeState, seat: str) -> list[InPlay]:
    """A seat's own persistent cards in play (what it may force quit), in a stable order."""
    out: list[InPlay] = []
    for _, character in characters(state):
        if character.owner == seat:
            out.append(character)
        out.extend(gear for gear in character.gear.values() if gear.owner == seat)
    out.extend(entry for _, _, entry in slot_cards(state) if entry.owner == seat)
    environment = state.environment
    if environment is not None and environment.owner == seat:
        out.append(environment)
    return out


def require_hand(state: NeuroscapeState, seat: str, card_id: str) -> None:
    if card_id not in player(state, seat).hand:
        # Same words whether the card exists elsewhere or not: a refusal reveals nothing.
        raise E.refuse(E.NOT_IN_HAND, f"there is no {card_id!r} in your hand")


def without_one(cards: tuple[str, ...], card_id: str) -> tuple[str, ...]:
    """The cards with the first `card_id` taken out."""
    at = cards.index(card_id)
    return cards[:at] + cards[at + 1 :]


# -- conservation ----------------------------------------------------------------------


def card_count(state: NeuroscapeState, seat: str) -> int:
    """Every card the seat owns, wherever it is: constant for the whole match."""
    p = player(state, seat)
    total = 1 + len(p.hand) + deck_size(p.deck) + pile_size(p.ram_deck) + len(p.recycle_bin) + len(p.ram)
    for _, character in characters(state):
        total += character.owner == seat
        total += sum(gear.owner == seat for gear in character.gear.values())
    total += sum(entry.owner == seat for _, _, entry in slot_cards(state))
    environment = state.environment
    return total + (environment is not None and environment.owner == seat)
