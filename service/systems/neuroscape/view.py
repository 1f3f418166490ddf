"""What each seat may see of a match, and of each logged action.

A player sees its own hand, deck list and legal actions; of everyone: health, mainframes and
slots (a trojan face-down, its card shown only to the player who placed it, until it is
activated: then it is face-up for everyone), characters (with their gear and tethers), RAM in
play, recycle bins, and the sizes of hands and decks. Nobody sees a deck's contents or order
(there is no order: see `piles`), except the top cards a seat has looked at: each player sees
exactly those, of every deck (`you.knownTops`, and of its own `you.deckTop`), and no other seat,
the deck's owner included, sees them. GM, spectator and creator views are the public view.

Log entries go through `view_entry`: for every seat but the actor, the actor's `private`
result, the secret parts of its input (the cards a mulligan put back, a face-down card's id)
and the dice of its secret draws are removed. A match that ends (a win, a concession) changes
none of this: only the session's close, which reveals its seeds, shows every hand, deck,
face-down card to every seat, and every log entry whole with the dice of its draws (the state keeps
no record of them: a write's size stays that of the board), so that anyone can then verify every draw.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from service.model import Model
from service.registry import Actor
from service.systems.neuroscape.rules.actions import ACTIONS, flow_summary
from service.systems.neuroscape.rules.legal import legal_actions
from service.systems.neuroscape.rules.piles import deck_size, known_top, pile_size
from service.systems.neuroscape.rules.pool import pool_of
from service.systems.neuroscape.options import NeuroscapeRules
from service.systems.neuroscape.wire.cards import NeuroscapeCard
from service.systems.neuroscape.state import (
    SLOT_NAMES,
    Battle,
    Character,
    Choice,
    Deck,
    DeckList,
    Effect,
    Environment,
    NeuroscapeState,
    Operations,
    Outcome,
    PendingTrigger,
    Player,
    Ram,
    RollOff,
    SlotCard,
    SlotName,
)

_PREFIX = "neuroscape/"


# -- the published shape of `view` (the OpenAPI document and the SDL; nothing checks it at run time) --


class NeuroscapeFlowView(Model):
    stage: str
    substage: str
    turn: int
    active: str | None
    awaiting: list[str]
    winner: str | None = Field(description="The winning seat once the match is over.")
    outcome: str | None = Field(description="Why the match ended, once it has.")


class NeuroscapeSlotView(Model):
    """A card in a mainframe slot; a face-down one shows only `id`, `owner`, `faceDown` and `playedTurn` to other seats."""

    id: str
    owner: str
    face_down: bool
    played_turn: int
    card: str | None = None
    commits: int | None = None


class NeuroscapePlayerView(Model):
    seat: str
    bioframe: int
    mainframe_health: int
    mainframe: str
    slots: dict[SlotName, NeuroscapeSlotView | None]
    characters: list[Character]
    ram: list[Ram]
    recycle_bin: list[str]
    hand_size: int
    deck_size: int
    ram_deck_size: int
    opening_drawn: bool
    mulliganed: bool
    eliminated: str | None


class NeuroscapeYouView(Model):
    """What only the viewing player sees: its hand, the deck top it has looked at, its deck list and legal actions."""

    seat: str
    hand: list[str]
    deck_top: list[str]
    known_tops: dict[str, list[str]] = Field(
        default_factory=dict, description="By seat: the top cards of that seat's deck this seat has seen, in order."
    )
    deck_list: DeckList
    legal_actions: list[dict[str, Any]] = Field(description="Each action this seat may take now, with the choices it has.")


class NeuroscapeRevealedView(Model):
    """A player's secrets, shown once the session is closed (the dice of its secret draws are in the
    log: after the close every entry shows its audit whole)."""

    hand: list[str]
    deck: Deck
    ram_deck: dict[str, int]


class NeuroscapeView(Model):
    """A match as a seat sees it: `you` only for a player seat, `revealed` only once the session is closed."""

    rules: NeuroscapeRules
    flow: NeuroscapeFlowView
    turn_order: list[str]
    players: list[NeuroscapePlayerView]
    environment: Environment | None
    battle: Battle
    order: Operations | None
    effects: list[Effect]
    roll_off: RollOff | None
    outcome: Outcome | None
    choice: Choice | None = Field(None, description="A decision the match waits for before anything else happens.")
    triggers: list[PendingTrigger] = Field(default_factory=list, description="Triggered abilities set off and not yet resolved, in order.")
    you: NeuroscapeYouView | None = None
    revealed: dict[str, NeuroscapeRevealedView] | None = None
    cards: dict[str, NeuroscapeCard] = Field(
        description="Every card the view names, by id, as the pool defines it (members left at their defaults are left out)."
    )


def _json(part: BaseModel | None) -> dict[str, Any] | None:
    return None if part is None else part.model_dump(mode="json", by_alias=True)


def _viewer(state: NeuroscapeState, actor: Actor | None) -> str | None:
    # Only a player seat sees a hand, even if a GM's seat id matched a player's by mistake.
    if actor is None or actor.role != "player" or actor.seat not in state.players:
        return None
    return actor.seat


def _slot(entry: SlotCard | None, viewer: str | None, closed: bool) -> dict[str, Any] | None:
    if entry is None or not entry.face_down or closed or entry.owner == viewer:
        return _json(entry)
    return {"id": entry.id, "owner": entry.owner, "faceDown": True, "playedTurn": entry.played_turn}


def _public_player(seat: str, p: Player, viewer: str | None, closed: bool) -> dict[str, Any]:
    return {
        "seat": seat,
        "bioframe": p.bioframe,
        "mainframeHealth": p.mainframe_health,
        "mainframe": p.mainframe.card,
        "slots": {name: _slot(p.slots[name], viewer, closed) for name in SLOT_NAMES},
        "characters": [_json(c) for c in p.characters],
        "ram": [_json(r) for r in p.ram],
        "recycleBin": list(p.recycle_bin),
        "handSize": len(p.hand),
        "deckSize": deck_size(p.deck),
        "ramDeckSize": pile_size(p.ram_deck),
        "openingDrawn": p.opening_drawn,
        "mulliganed": p.mulliganed,
        "eliminated": p.eliminated,
    }


def _card_ids(value: object, found: set[str]) -> None:
    """Collect every `card` member (and recycle-bin/hand entries) of a JSON value."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("card", "mainframe") and isinstance(item, str):
                found.add(item)
            elif key in ("recycleBin", "hand") and isinstance(item, list):
                found.update(x for x in item if isinstance(x, str))
            else:
                _card_ids(item, found)
    elif isinstance(value, list):
        for item in value:
            _card_ids(item, found)


def _revealed(p: Player) -> dict[str, Any]:
    return {"hand": list(p.hand), "deck": _json(p.deck), "ramDeck": dict(p.ram_deck)}


def view(state: NeuroscapeState, actor: Actor | None, closed: bool = False) -> dict[str, Any]:
    """The match as `actor` may see it; `closed` (the session's seeds are revealed) shows it whole."""
    viewer = _viewer(state, actor)
    players = state.players
    out: dict[str, Any] = {
        "rules": _json(state.rules),
        "flow": flow_summary(state),
        "turnOrder": list(state.order),
        "players": [_public_player(seat, players[seat], viewer, closed) for seat in players],
        "environment": _json(state.environment),
        "battle": _json(state.battle),
        "order": _json(state.operations),
        "choice": _json(state.choice),
        "triggers": [_json(t) for t in state.triggers],
        "effects": [_json(e) for e in state.effects],
        "rollOff": _json(state.roll_off),
        "outcome": _json(state.outcome),
    }
    if viewer is not None:
        deck_list = state.deck_lists[viewer]
        out["you"] = {
            "seat": viewer,
            "hand": list(players[viewer].hand),
            "deckTop": known_top(players[viewer].deck, viewer),
            "knownTops": {seat: top for seat, p in players.items() if (top := known_top(p.deck, viewer))},
            "deckList": _json(deck_list),
            "legalActions": legal_actions(state, viewer),
        }
    if closed:
        out["revealed"] = {seat: _revealed(p) for seat, p in players.items()}
    found: set[str] = set()
    _card_ids(out, found)
    if viewer is not None:
        found.update([deck_list.mainframe, *(e.card for e in deck_list.main + deck_list.ram)])
        found.update(card for top in out["you"]["knownTops"].values() for card in top)
    if closed:
        for p in players.values():
            found.update(p.deck.pile, p.deck.bottom, p.deck.top, p.ram_deck)
    pool = pool_of(state)
    out["cards"] = {
        card_id: pool[card_id].model_dump(mode="json", by_alias=True, exclude_defaults=True)
        for card_id in sorted(found)
        if card_id in pool
    }
    return out


# -- the action log --------------------------------------------------------------------


def _public_input(name: str, params: dict[str, Any] | None, result: dict[str, Any] | None) -> dict[str, Any] | None:
    if params is None:
        return None
    if name == "mulligan":
        return {"bottomCount": len(params.get("bottom") or [])}
    if name == "arrange-top":  # the new order is the looker's: a seat that knew the cards would learn it
        return {k: v for k, v in params.items() if k != "order"} | {"count": len(params.get("order") or [])}
    if name == "deploy":
        events = (result or {}).get("events") or []
        if any(event.get("kind") == "deployed-face-down" for event in events):
            return {k: v for k, v in params.items() if k != "card"}
    return params


_PUBLIC_DICE = frozenset({"roll-off", "choose-first"})  # their dice only ever roll for the turn order


def _hidden_cards_for(entry: dict[str, Any], seat: str | None) -> bool:
    """Whether the entry's dice picked hidden cards for a seat other than `seat` (a triggered draw,
    a look at the top of a deck): then its dice are that seat's secret, whoever acted."""
    if (entry.get("action") or "")[len(_PREFIX) :] in _PUBLIC_DICE:
        return False
    result = entry.get("result")
    events = result.get("events") if isinstance(result, dict) else None
    return any(e.get("kind") in ("drew", "looked-at-top") and e.get("seat") != seat and e.get("amount") for e in events or ())


def view_entry(entry: dict[str, Any], actor: Actor | None, closed: bool = False) -> dict[str, Any]:
    """A log entry as `actor` may see it. `closed` (the session's seed is revealed) shows it whole."""
    action = entry.get("action") or ""
    if closed or not action.startswith(_PREFIX):
        return entry
    audit = entry.get("audit")
    if actor is not None and actor.seat == entry.get("seat"):
        if audit and _hidden_cards_for(entry, actor.seat):
            return {**entry, "audit": {**audit, "draws": []}}
        return entry
    name = action[len(_PREFIX) :]
    result = entry.get("result")
    out = dict(entry)
    if isinstance(result, dict):
        out["result"] = {k: (None if k == "private" else v) for k, v in result.items()}
    out["input"] = _public_input(name, entry.get("input"), result if isinstance(result, dict) else None)
    spec = ACTIONS.get(name)
    if audit and (spec is None or spec.secret_draws or _hidden_cards_for(entry, None)):
        out["audit"] = {**audit, "draws": []}
    return out
