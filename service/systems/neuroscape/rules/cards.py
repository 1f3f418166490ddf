"""What a card's type means for play: which cards persist, which commit RAM, how each is deployed."""

from __future__ import annotations

from service.systems.neuroscape.wire.cards import NeuroscapeCard

# Program subtypes that sit in a mainframe slot, and whose mainframe: their player's own or an opponent's.
SLOT_SUBTYPES = {"protocol": "own", "virus": "opponent", "trojan": "opponent"}
# Program subtypes spent at once: paid, then straight to the recycle bin.
ONE_SHOT_SUBTYPES = frozenset({"exe", "script", "drug"})


def is_persistent(card: NeuroscapeCard) -> bool:
    """Cards that stay in play and can be force quit: characters, cyberware, slot programs, environments."""
    if card.type in ("character", "cyberware"):
        return True
    return card.type == "program" and card.subtype in ("protocol", "virus", "trojan", "environment")


def commits_ram(card: NeuroscapeCard, *, cyberware_commits: bool) -> bool:
    """Whether the RAM paid for the card stays committed while it is in play."""
    if card.type == "character":
        return True
    if card.type == "cyberware":
        return cyberware_commits
    return card.type == "program" and card.persistent_ram


def kind_of(card: NeuroscapeCard) -> str:
    """How a card is deployed: `character`, `slot-program`, `one-shot`, `environment`, `cyberware` (or not at all)."""
    if card.type == "program":
        assert card.subtype is not None
        if card.subtype in SLOT_SUBTYPES:
            return "slot-program"
        return "one-shot" if card.subtype in ONE_SHOT_SUBTYPES else card.subtype
    return card.type
