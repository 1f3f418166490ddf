"""The wire models of the stateless deck and pool mechanics: `validate-deck`, `check-setup`, `card-pool`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from service.model import Model
from service.systems.neuroscape.options import NeuroscapeRules
from service.systems.neuroscape.setup import NeuroscapeSetup
from service.systems.neuroscape.wire.cards import NeuroscapeCard, NeuroscapeDeckList, NeuroscapeDeckViolation


class NeuroscapeTableSeat(Model):
    """A seat of the session to be created, as in the `seats` of `POST /v1/sessions`."""

    name: str | None = Field(None, min_length=1, max_length=80)
    role: Literal["gm", "player", "spectator"] = "player"


class NeuroscapeSetupCheckInput(NeuroscapeSetup):
    """A match setup, and optionally the seats of the session it is meant for."""

    session_seats: list[NeuroscapeTableSeat] | None = Field(
        None,
        max_length=16,
        description="The `seats` of the session to be created: the check then places the players as creation would "
        "and refuses what creation refuses. Omit for a table of player seats only.",
    )


class NeuroscapeValidateDeckInput(Model):
    deck: NeuroscapeDeckList
    cards: list[NeuroscapeCard] | None = Field(None, max_length=300, description="A pool of your own; default the starter pool.")
    include_starter_pool: bool = Field(True, description="With `cards`: also allow the starter cards. Default true.")
    rules: NeuroscapeRules = Field(default_factory=NeuroscapeRules)


class NeuroscapeDeckCheck(Model):
    legal: bool
    main_deck_size: int
    ram_deck_size: int
    violations: list[NeuroscapeDeckViolation]


class NeuroscapeSetupCheck(Model):
    legal: bool = Field(description="True when a match could be created from this setup.")
    seats: list[str] = Field(description="The seat each player will sit at, in player order.")
    violations: list[NeuroscapeDeckViolation] = Field(description="Every deck-building violation, with its seat.")


class NeuroscapeCardPoolInput(Model):
    type: Literal["all", "mainframe", "character", "cyberware", "program", "ram"] = Field(
        description="`all`, or only the cards of this type."
    )


class NeuroscapeStarterDeck(Model):
    name: str
    deck: NeuroscapeDeckList


class NeuroscapeCardPool(Model):
    cards: list[NeuroscapeCard]
    starter_decks: list[NeuroscapeStarterDeck]
