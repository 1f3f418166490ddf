"""A new match: its setup, every deck checked, then each player's zones laid out to wait for opening hands.

Nothing random happens here (a session is created without a dice stream): decks start as
unordered piles, and each player draws its own opening hand with its own first action, so a
draw's audit only ever shows the drawing seat its own cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from pydantic import ConfigDict, Field, model_validator

from service.model import Model
from service.registry import Actor
from service.systems.neuroscape import errors as E
from service.systems.neuroscape.options import NeuroscapeRules
from service.systems.neuroscape.rules.deck_building import main_pile, ram_pile, violations
from service.systems.neuroscape.rules.flow import STEPS
from service.systems.neuroscape.rules.pool import build_pool, pool_state
from service.systems.neuroscape.rules.starter import STARTER_DECKS
from service.systems.neuroscape.state import SLOT_NAMES, Battle, Deck, DeckList, Event, Flow, Mainframe, NeuroscapeState, Player
from service.systems.neuroscape.wire.actions import SEAT
from service.systems.neuroscape.wire.cards import NeuroscapeCard, NeuroscapeDeckList

StarterDeckName = Literal["gridrunners", "bastion-choir", "razor-tide", "quiet-lattice", "chrome-psalm"]


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
    starter_deck: StarterDeckName | None = Field(
        None,
        description="Play a built-in starter deck (or give `deck`): `gridrunners` (fast, blitz attackers and arm "
        "cyberware) or `bastion-choir` (sturdy blockers, protocols and a win condition), or a preconstructed deck: "
        "`razor-tide` (aggression: cheap blitz attackers, damage as they attack or die, a drug and a character that "
        "refresh an attacker so it can still block, burn and an extra turn), `quiet-lattice` (control: counters and "
        "sign swaps on the order of operations, trojans and viruses that release committed RAM and force stability "
        "checks, discard, and a win once the opponents' recycle bins are full) or `chrome-psalm` (cyberware and "
        "psychosis: characters with many gear slots loaded with cyberware of every slot and level, tethers, "
        "malicious cyberware that drives the opponents' characters psychotic, and drugs).",
    )
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




def check(
    setup: NeuroscapeSetup, seats: Sequence[Actor] | None = None
) -> tuple[list[str], list[NeuroscapeDeckList], Mapping[str, NeuroscapeCard], list[Event]]:
    """Seats, decks and pool of a match setup, and every deck-building violation (each with its seat).

    `seats` are the session's seats in order; without them the table is taken to be player seats
    only (`seat-1`, `seat-2`...), as a stateless check of a setup has no session.
    """
    pool = build_pool(setup.cards, setup.include_starter_pool)
    seated = _seat_players(setup, seats)
    decks = [STARTER_DECKS[e.starter_deck] if e.starter_deck else e.deck for e in setup.players]
    found = []
    for seat, deck in zip(seated, decks, strict=True):
        assert deck is not None  # the setup model requires one of the two
        found += [{**v.model_dump(mode="json", by_alias=True, exclude_none=True), "seat": seat} for v in violations(deck, pool, setup.rules)]
    return seated, [d for d in decks if d is not None], pool, found


def _seat_players(setup: NeuroscapeSetup, seats: Sequence[Actor] | None) -> list[str]:
    """The seat of each player: the one it names, else the N-th player seat for the N-th player.

    Without the session's seats any well-formed seat may be named, and the N-th player seat is `seat-N`.
    """
    roles = None if seats is None else {s.seat: s.role for s in seats}
    player_seats = None if roles is None else [seat for seat, role in roles.items() if role == "player"]
    seated = []
    for index, entry in enumerate(setup.players):
        number = index + 1
        if entry.seat is not None:
            seat = entry.seat
        elif player_seats is None:
            seat = f"seat-{number}"
        elif index < len(player_seats):
            seat = player_seats[index]
        else:
            raise E.refuse(
                E.NO_SUCH_SEAT, f"player {number} names no seat and the session has only {len(player_seats)} player seat(s)"
            )
        if roles is not None and seat not in roles:
            raise E.refuse(E.NO_SUCH_SEAT, f"player {number} is seated at {seat}, which this session does not have")
        if roles is not None and roles[seat] != "player":
            raise E.refuse(
                E.SEAT_NOT_PLAYER, f"player {number} is seated at {seat}, a {roles[seat]} seat; players sit at player seats"
            )
        seated.append(seat)
    if len(set(seated)) != len(seated):
        raise E.refuse(E.BAD_PLAYERS, f"each player needs a seat of its own; got {', '.join(seated)}")
    return seated


def initial_state(setup: NeuroscapeSetup, seats: Sequence[Actor] | None = None) -> NeuroscapeState:
    """The match's first state; `seats` (the session's, in order) place the players, see `check`."""
    rules = setup.rules
    pool_spec = pool_state(setup.cards, setup.include_starter_pool)
    seated, decks, pool, found = check(setup, seats)
    if found:
        summary = "; ".join(f"{v['seat']}: {v['message']}" for v in found)
        raise E.refuse(E.ILLEGAL_DECK, f"{len(found)} deck-building violation(s): {summary}", violations=found)
    first = STEPS[0]
    return NeuroscapeState(
        rules=rules,
        pool=pool_spec,
        order=tuple(seated),
        players={seat: _new_player(deck, pool, rules) for seat, deck in zip(seated, decks, strict=True)},
        deck_lists={seat: DeckList.model_validate(deck.model_dump(), strict=False) for seat, deck in zip(seated, decks, strict=True)},
        environment=None,
        battle=Battle(),
        effects=(),
        roll_off=None,
        outcome=None,
        next_instance=1,
        flow=Flow(stage=first.stage, substage=first.substage, step=0, turn=0, active=None, awaiting=tuple(seated)),
    )


def _new_player(deck: NeuroscapeDeckList, pool: Mapping[str, NeuroscapeCard], rules: NeuroscapeRules) -> Player:
    mainframe = pool[deck.mainframe]
    return Player(
        mainframe=Mainframe(card=mainframe.id),
        bioframe=rules.starting_bioframe + mainframe.bioframe_bonus,
        mainframe_health=rules.starting_mainframe + mainframe.mainframe_bonus,
        slots=dict.fromkeys(SLOT_NAMES),
        characters=(),
        ram=(),
        hand=(),
        deck=Deck(pile=main_pile(deck), bottom=()),
        ram_deck=ram_pile(deck),
        recycle_bin=(),
        opening_drawn=False,
        mulliganed=False,
        eliminated=None,
    )
