"""Wire models of Neuroscape: the match setup, each action's input, and the action result."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, model_validator

from service.model import Model
from service.systems.neuroscape.cards import CARD_ID, NeuroscapeCard
from service.systems.neuroscape.decks import NeuroscapeDeckList, NeuroscapeDeckViolation
from service.systems.neuroscape.options import NeuroscapeRules

SEAT = r"^seat-[0-9]{1,2}$"
INSTANCE = r"^c[0-9]{1,7}$"
CardId = Annotated[str, Field(pattern=CARD_ID)]
InstanceId = Annotated[str, Field(pattern=INSTANCE)]
StarterDeckName = Literal["gridrunners", "bastion-choir"]
Substage = Literal[
    "opening-hand", "roll-off", "choose-first", "card-effect", "stability-check", "force-quit", "draw", "refresh",
    "swift-check", "deploy", "psychosis-check", "attack", "block", "order-blockers", "damage", "remove-damage",
    "expire-effects", "pass-turn",
]

# -- setup -----------------------------------------------------------------------------


class NeuroscapePlayerSetup(Model):
    """One player of the match: its seat and its deck (a starter deck, or a list: exactly one of the two)."""

    # The rule below, in the JSON Schema too: a body that matches the schema names one deck.
    model_config = ConfigDict(
        json_schema_extra={
            "oneOf": [
                {"required": ["starterDeck"], "properties": {"starterDeck": {"not": {"type": "null"}}, "deck": {"type": "null"}}},
                {"required": ["deck"], "properties": {"deck": {"not": {"type": "null"}}, "starterDeck": {"type": "null"}}},
            ]
        }
    )

    seat: str | None = Field(
        None,
        pattern=SEAT,
        description="The session seat this player sits at: a seat of the session with role `player`. "
        "Default: the N-th player sits at the session's N-th player seat (GM and spectator seats are skipped), "
        "so with seats gm, ana, bo the first player sits at `seat-2`.",
    )
    starter_deck: StarterDeckName | None = Field(None, description="Play a built-in starter deck (or give `deck`).")
    deck: NeuroscapeDeckList | None = Field(
        None, description="Play this deck list, cards of the match's pool (or give `starterDeck`)."
    )

    @model_validator(mode="after")
    def _one_deck(self) -> NeuroscapePlayerSetup:
        if (self.starter_deck is None) == (self.deck is None):
            raise ValueError("give exactly one of starterDeck or deck")
        return self


class NeuroscapeSetup(Model):
    """A match: two or more players, the card pool, and the rule options."""

    players: list[NeuroscapePlayerSetup] = Field(min_length=2, max_length=8)
    cards: list[NeuroscapeCard] | None = Field(
        None, max_length=300, description="A card pool of your own. Omit to play with the built-in starter pool only."
    )
    include_starter_pool: bool = Field(
        True, description="With `cards`: also allow the starter cards (ids must then not repeat them). Default true."
    )
    rules: NeuroscapeRules = Field(default_factory=NeuroscapeRules)


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


# -- action inputs ---------------------------------------------------------------------


class NeuroscapeActionBase(Model):
    expect_substage: Substage | None = Field(
        None, description="Refuse the action unless the match is still at this substage (guards a stale view)."
    )


class NeuroscapeDrawAction(NeuroscapeActionBase):
    main: int = Field(ge=0, le=15, description="Cards from the main deck (to the hand).")
    ram: int = Field(0, ge=0, le=15, description="Cards from the RAM deck (straight onto the mainframe as available RAM).")


class NeuroscapeMulliganAction(NeuroscapeActionBase):
    bottom: list[CardId] = Field(
        max_length=15,
        description="Cards of your opening hand to put under your deck, in order (the last ends lowest); "
        "as many are drawn in their place. Empty keeps the hand.",
    )


class NeuroscapeRollOffAction(NeuroscapeActionBase):
    pass


class NeuroscapeChooseFirstAction(NeuroscapeActionBase):
    go_first: bool = Field(True, description="True to take the first turn; false passes it to the next player in seat order.")


class NeuroscapeForceQuitAction(NeuroscapeActionBase):
    cards: list[InstanceId] = Field(max_length=40, description="Instance ids of your own persistent cards in play. Empty quits nothing.")


class NeuroscapeDeployAction(NeuroscapeActionBase):
    card: str = Field(pattern=CARD_ID, description="The card id to deploy from your hand.")
    slot: Literal["top", "left", "right"] | None = Field(
        None, description="Protocols, viruses and trojans: the mainframe slot; default the first free one."
    )
    target_seat: str | None = Field(None, pattern=SEAT, description="Viruses and trojans: whose mainframe (needed with several opponents).")
    character: str | None = Field(None, pattern=INSTANCE, description="Cyberware and drugs: the character instance id.")


class NeuroscapeAttackOrder(Model):
    attacker: str = Field(pattern=INSTANCE)
    target: str | None = Field(None, pattern=SEAT, description="The seat attacked; needed with several opponents.")


class NeuroscapeAttackAction(NeuroscapeActionBase):
    attacks: list[NeuroscapeAttackOrder] = Field(max_length=40, description="Your attackers. Empty declares no attack.")


class NeuroscapeBlockOrder(Model):
    blocker: str = Field(pattern=INSTANCE, description="Your character that blocks.")
    attacker: str = Field(pattern=INSTANCE, description="The attacking character it blocks.")


class NeuroscapeBlockAction(NeuroscapeActionBase):
    blocks: list[NeuroscapeBlockOrder] = Field(max_length=40, description="Your blocks. Empty blocks nothing.")


class NeuroscapeBlockerOrder(Model):
    attacker: str = Field(pattern=INSTANCE)
    blockers: list[InstanceId] = Field(max_length=40, description="Its blockers, first to be dealt damage first.")


class NeuroscapeOrderBlockersAction(NeuroscapeActionBase):
    orders: list[NeuroscapeBlockerOrder] = Field(max_length=40)


class NeuroscapePassAction(NeuroscapeActionBase):
    pass


class NeuroscapeConcedeAction(NeuroscapeActionBase):
    pass


# -- action result ---------------------------------------------------------------------


class NeuroscapeEvent(Model):
    """Something public that happened: a draw (counted), a deployment, a roll, damage, an elimination..."""

    kind: str
    seat: str | None = None
    card: str | None = None
    instance: str | None = None
    target: str | None = None
    slot: str | None = None
    amount: int | None = None
    faces: list[int] | None = None
    reason: str | None = None


class NeuroscapeFlow(Model):
    stage: str
    substage: str
    turn: int
    active: str | None
    awaiting: list[str] = Field(description="Seats the match waits for.")
    winner: str | None = None
    outcome: str | None = Field(None, description="Why the match ended, once it has.")


class NeuroscapePrivate(Model):
    """What only the acting seat learns: cards it drew, the identity of a face-down card it placed."""

    drawn: list[str] | None = None
    card: str | None = None
    instance: str | None = None


class NeuroscapeActionResult(Model):
    events: list[NeuroscapeEvent]
    flow: NeuroscapeFlow
    private: NeuroscapePrivate | None = Field(None, description="Shown to the acting seat only, in answers and in the log.")


# -- stateless -------------------------------------------------------------------------


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


ACTION_MODELS: dict[str, type[NeuroscapeActionBase]] = {
    "draw": NeuroscapeDrawAction,
    "mulligan": NeuroscapeMulliganAction,
    "roll-off": NeuroscapeRollOffAction,
    "choose-first": NeuroscapeChooseFirstAction,
    "force-quit": NeuroscapeForceQuitAction,
    "deploy": NeuroscapeDeployAction,
    "attack": NeuroscapeAttackAction,
    "block": NeuroscapeBlockAction,
    "order-blockers": NeuroscapeOrderBlockersAction,
    "pass": NeuroscapePassAction,
    "concede": NeuroscapeConcedeAction,
}
