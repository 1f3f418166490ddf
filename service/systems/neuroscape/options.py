"""The match's rule options: where the rules text leaves a number or a choice open, a default.

A match keeps one `NeuroscapeRules` (set under `setup.rules` at creation); `validate-deck`
takes the same object. Each field's description says its default and what changing it does,
so it shows in the OpenAPI and GraphQL documents.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from service.model import Model


class NeuroscapeRules(Model):
    """Rule options for one match. Every field has a default."""

    starting_bioframe: int = Field(20, ge=1, le=200, description="Bioframe health at the start, before mainframe bonuses. Default 20.")
    starting_mainframe: int = Field(20, ge=1, le=200, description="Mainframe health at the start, before mainframe bonuses. Default 20.")
    opening_hand: int = Field(5, ge=0, le=15, description="Cards each player draws from the main deck before the roll-off. Default 5.")
    draws_per_turn: int = Field(2, ge=1, le=5, description="Cards drawn in the draw substage, any mix of main and RAM deck. Default 2.")
    first_turn_draws: int = Field(1, ge=0, le=5, description="Cards the first player draws on the match's first turn. Default 1.")
    main_deck_min: int = Field(
        40, ge=1, le=200, description="Fewest non-RAM cards in a main deck, at most `mainDeckMax`. Default 40."
    )
    main_deck_max: int = Field(
        60, ge=1, le=200, description="Most non-RAM cards in a main deck, at least `mainDeckMin`. Default 60."
    )
    max_copies: int = Field(4, ge=1, le=60, description="Most copies of one card in a main deck. Default 4.")
    max_legendary: int = Field(4, ge=0, le=60, description="Most legendary cards in a main deck, all names together. Default 4.")
    ram_deck_size: int = Field(25, ge=1, le=100, description="Exact number of cards in a RAM deck. Default 25.")
    max_special_ram: int = Field(4, ge=0, le=100, description="Most special RAM cards in a RAM deck. Default 4.")
    trojan_cost: int = Field(4, ge=0, le=20, description="RAM paid to place a trojan face-down, whatever its printed cost. Default 4.")
    crash_on_or_below: int = Field(
        10, ge=0, le=20, description="Stability check: a d20 at or below this crashes the card. Default 10 (1-10 crashes, 11-20 survives)."
    )
    running_characters_may_block: bool = Field(
        False, description="Whether a running character may block. Default false: running characters do not block."
    )
    cyberware_commits_ram: bool = Field(
        False,
        description="Whether cyberware keeps its RAM committed while attached. Default false (the rules text: cyberware "
        "is not persistent and its RAM refreshes next turn); true treats it like a character's cost.",
    )
    legendary_scope: Literal["player", "table"] = Field(
        "player",
        description="One copy of a legendary card in play at a time: per `player` (default) or for the whole `table`.",
    )
    swift_checks: Literal["settle", "always"] = Field(
        "always",
        description="What a swift check waits for. `always` (default) waits for a `pass` from every other living "
        "player at every swift check, so each of them may play a swift action there (a script, a drug, an "
        "activated ability, a trojan activation), as the rules text says: other players may play swift actions, "
        "and the check moves on when all pass. `settle` passes every swift check at once (the default before "
        "scripts and trojans could be played on another player's turn; the rules text wins over that choice): "
        "other players then act only with priority on an open order. Neither asks only the seats that could "
        "act, which would reveal their hands.",
    )

    trojan_after_activation: Literal["recycle", "stays-face-up"] = Field(
        "recycle",
        description="Where an activated trojan goes once its ability has resolved or been countered. `recycle` "
        "(default; the rules text is silent, and a trojan, like a script, is spent by its one use): to its owner's "
        "recycle bin. `stays-face-up`: it stays in its slot face-up, as a virus would, and is not activated again.",
    )
    trigger_order: Literal["ask", "printed"] = Field(
        "ask",
        description="Who orders one player's triggered abilities that go off at the same time. `ask` (default): that "
        "player, with `order-triggers`, when their turn comes (the active player's resolve first, then in seat order). "
        "`printed`: nobody is asked; they resolve in the order their cards are in play.",
    )

    @model_validator(mode="after")
    def _deck_bounds_in_order(self) -> NeuroscapeRules:
        if self.main_deck_min > self.main_deck_max:
            raise ValueError("mainDeckMin must not exceed mainDeckMax")
        return self
