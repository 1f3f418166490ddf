"""Where cards are, and how they move between zones.

A seat's private zones are its hand (card ids), its main deck (see `piles`) and its RAM deck;
the public ones are its mainframe and slots, its characters, its RAM in play and its recycle
bin. A card gets an instance id (`c17`) when it enters play, never before, so an id says
nothing about when the card was drawn or where it sat in a deck.
"""

from __future__ import annotations

from collections.abc import Iterator

from service.systems.neuroscape import errors as E
from service.systems.neuroscape.wire.cards import NeuroscapeCard
from service.systems.neuroscape.rules.piles import deck_size, pile_size
from service.systems.neuroscape.rules.pool import pool_of

SLOT_NAMES = ("top", "left", "right")


def player(state: dict, seat: str) -> dict:
    return state["players"][seat]


def card_of(state: dict, card_id: str) -> NeuroscapeCard:
    return pool_of(state)[card_id]


def living(state: dict) -> list[str]:
    """Players still in the match, in turn order."""
    return [seat for seat in state["order"] if state["players"][seat]["eliminated"] is None]


def opponents(state: dict, seat: str) -> list[str]:
    return [other for other in living(state) if other != seat]


def new_instance(state: dict, card_id: str, owner: str) -> dict:
    number = state["nextInstance"]
    state["nextInstance"] = number + 1
    return {"id": f"c{number}", "card": card_id, "owner": owner}


# -- finding instances in play ---------------------------------------------------------


def characters(state: dict) -> Iterator[tuple[str, dict]]:
    """(controller, character) for every character in play."""
    for seat, p in state["players"].items():
        for character in p["characters"]:
            yield seat, character


def find_character(state: dict, instance_id: str) -> tuple[str, dict] | None:
    for seat, character in characters(state):
        if character["id"] == instance_id:
            return seat, character
    return None


def slot_cards(state: dict) -> Iterator[tuple[str, str, dict]]:
    """(mainframe's seat, slot name, card) for every filled slot."""
    for seat, p in state["players"].items():
        for name in SLOT_NAMES:
            entry = p["slots"][name]
            if entry is not None:
                yield seat, name, entry


def attack_of(character: dict, card: NeuroscapeCard, state: dict) -> int:
    """Effective ATK: printed ATK plus the gear's bonuses, never below 0."""
    bonus = sum(card_of(state, gear["card"]).attack_bonus for gear in character["gear"].values())
    return max(0, (card.attack or 0) + bonus)


def defense_of(character: dict, card: NeuroscapeCard, state: dict) -> int:
    bonus = sum(card_of(state, gear["card"]).defense_bonus for gear in character["gear"].values())
    return max(1, (card.defense or 1) + bonus)


def psychosis_level(character: dict, state: dict) -> int:
    """How psychotic a character is: its gear's psychosis above its printed (base) DEF."""
    total = sum(card_of(state, gear["card"]).psychosis for gear in character["gear"].values())
    base = card_of(state, character["card"]).defense or 0
    return max(0, total - base)


# -- leaving play ----------------------------------------------------------------------


def release_ram(state: dict, instance_id: str) -> None:
    """RAM committed to a card that leaves play is run (spent): it refreshes at its owner's next refresh."""
    for p in state["players"].values():
        for ram in p["ram"]:
            if ram["for"] == instance_id:
                ram["status"], ram["for"] = "spent", None


def _to_bin(state: dict, instance: dict) -> None:
    release_ram(state, instance["id"])
    state["players"][instance["owner"]]["recycleBin"].append(instance["card"])


def leave_play(state: dict, instance_id: str) -> dict | None:
    """Move a character, slot program, environment or cyberware to its owner's recycle bin.

    A character takes its gear along (each piece to its own owner's bin). Returns the instance
    that left, or None when nothing in play has that id.
    """
    for p in state["players"].values():
        for index, character in enumerate(p["characters"]):
            if character["id"] == instance_id:
                del p["characters"][index]
                for gear in character["gear"].values():
                    _to_bin(state, gear)
                _to_bin(state, character)
                return character
            for slot, gear in list(character["gear"].items()):
                if gear["id"] == instance_id:
                    del character["gear"][slot]
                    _to_bin(state, gear)
                    return gear
        for name in SLOT_NAMES:
            entry = p["slots"][name]
            if entry is not None and entry["id"] == instance_id:
                p["slots"][name] = None
                _to_bin(state, entry)
                return entry
    environment = state["environment"]
    if environment is not None and environment["id"] == instance_id:
        state["environment"] = None
        _to_bin(state, environment)
        return environment
    return None


def owned_persistent(state: dict, seat: str) -> list[dict]:
    """A seat's own persistent cards in play (what it may force quit), in a stable order."""
    out = []
    for _, character in characters(state):
        if character["owner"] == seat:
            out.append(character)
        out.extend(gear for gear in character["gear"].values() if gear["owner"] == seat)
    out.extend(entry for _, _, entry in slot_cards(state) if entry["owner"] == seat)
    environment = state["environment"]
    if environment is not None and environment["owner"] == seat:
        out.append(environment)
    return out


def require_hand(state: dict, seat: str, card_id: str) -> None:
    if card_id not in player(state, seat)["hand"]:
        # Same words whether the card exists elsewhere or not: a refusal reveals nothing.
        raise E.refuse(E.NOT_IN_HAND, f"there is no {card_id!r} in your hand")


# -- conservation ----------------------------------------------------------------------


def card_count(state: dict, seat: str) -> int:
    """Every card the seat owns, wherever it is: constant for the whole match."""
    p = player(state, seat)
    total = 1 + len(p["hand"]) + deck_size(p["deck"]) + pile_size(p["ramDeck"]) + len(p["recycleBin"]) + len(p["ram"])
    for _, character in characters(state):
        total += character["owner"] == seat
        total += sum(gear["owner"] == seat for gear in character["gear"].values())
    total += sum(entry["owner"] == seat for _, _, entry in slot_cards(state))
    environment = state["environment"]
    return total + (environment is not None and environment["owner"] == seat)
