"""Neuroscape's declarations: the system (setup, views) and each mechanic, once.

The session is the match and each player seat acts with its own token. Every session mechanic
goes through `actions.act`, which refuses what the seat may not do now and otherwise returns
the next state and a result holding public events, the flow, and (for the actor only) what it
privately learned. Three stateless helpers check a deck and a setup, and list the starter pool;
none of them draws.
"""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor, system
from service.systems.neuroscape import errors as E
from service.systems.neuroscape import models as m
from service.systems.neuroscape.actions import act
from service.systems.neuroscape.decks import NeuroscapeDeckViolation, violations
from service.systems.neuroscape.options import NeuroscapeRules
from service.systems.neuroscape.pool import build_pool, pool_state
from service.systems.neuroscape.setup import check, initial_state
from service.systems.neuroscape.starter import STARTER_DECKS, STARTER_POOL
from service.systems.neuroscape.view import view, view_entry

SYSTEM = system(
    "neuroscape",
    "Neuroscape trading card game",
    setup=m.NeuroscapeSetup,
    start=initial_state,
    options=NeuroscapeRules,
    errors=E.CODES,
    view=view,
    view_entry=view_entry,
    secret_draws=True,  # shuffles and draws: a seed is revealed at the close only
)

# A session action answers the dict its result model dumps to (events are built as dicts).
Acted = tuple[dict, dict]


def _act(state: dict, name: str, params: m.NeuroscapeActionBase, stream: Stream, actor: Actor) -> Acted:
    if actor.role != "player":
        raise E.refuse(E.NOT_A_PLAYER, f"a {actor.role} seat watches the match; only player seats act")
    return act(state, name, params, stream, actor.seat)


def validate_deck(params: m.NeuroscapeValidateDeckInput) -> m.NeuroscapeDeckCheck:
    pool = build_pool(params.cards, params.include_starter_pool)
    found = violations(params.deck, pool, params.rules)
    return m.NeuroscapeDeckCheck(
        legal=not found,
        main_deck_size=sum(e.count for e in params.deck.main),
        ram_deck_size=sum(e.count for e in params.deck.ram),
        violations=found,
    )


def check_setup(params: m.NeuroscapeSetupCheckInput) -> m.NeuroscapeSetupCheck:
    pool_state(params.cards, params.include_starter_pool)  # refuses a malformed pool as creation would
    table = None
    if params.session_seats is not None:  # numbered as session creation numbers them
        table = [Actor(f"seat-{n}", s.name or "", s.role) for n, s in enumerate(params.session_seats, start=1)]
    seats, _, _, found = check(params, table)
    return m.NeuroscapeSetupCheck(legal=not found, seats=seats, violations=[NeuroscapeDeckViolation.model_validate(v) for v in found])


def card_pool(params: m.NeuroscapeCardPoolInput) -> m.NeuroscapeCardPool:
    cards = [card for card in STARTER_POOL.values() if params.type in ("all", card.type)]
    decks = [m.NeuroscapeStarterDeck(name=name, deck=deck) for name, deck in STARTER_DECKS.items()]
    return m.NeuroscapeCardPool(cards=cards, starter_decks=decks)


def draw(state: dict, params: m.NeuroscapeDrawAction, stream: Stream, actor: Actor) -> Acted:
    return _act(state, "draw", params, stream, actor)


def mulligan(state: dict, params: m.NeuroscapeMulliganAction, stream: Stream, actor: Actor) -> Acted:
    return _act(state, "mulligan", params, stream, actor)


def roll_off(state: dict, params: m.NeuroscapeRollOffAction, stream: Stream, actor: Actor) -> Acted:
    return _act(state, "roll-off", params, stream, actor)


def choose_first(state: dict, params: m.NeuroscapeChooseFirstAction, stream: Stream, actor: Actor) -> Acted:
    return _act(state, "choose-first", params, stream, actor)


def force_quit(state: dict, params: m.NeuroscapeForceQuitAction, stream: Stream, actor: Actor) -> Acted:
    return _act(state, "force-quit", params, stream, actor)


def deploy(state: dict, params: m.NeuroscapeDeployAction, stream: Stream, actor: Actor) -> Acted:
    return _act(state, "deploy", params, stream, actor)


def attack(state: dict, params: m.NeuroscapeAttackAction, stream: Stream, actor: Actor) -> Acted:
    return _act(state, "attack", params, stream, actor)


def block(state: dict, params: m.NeuroscapeBlockAction, stream: Stream, actor: Actor) -> Acted:
    return _act(state, "block", params, stream, actor)


def order_blockers(state: dict, params: m.NeuroscapeOrderBlockersAction, stream: Stream, actor: Actor) -> Acted:
    return _act(state, "order-blockers", params, stream, actor)


def pass_(state: dict, params: m.NeuroscapePassAction, stream: Stream, actor: Actor) -> Acted:
    return _act(state, "pass", params, stream, actor)


def concede(state: dict, params: m.NeuroscapeConcedeAction, stream: Stream, actor: Actor) -> Acted:
    return _act(state, "concede", params, stream, actor)


SYSTEM.mechanic(
    "validate-deck",
    "Check a deck list against the deck-building rules",
    "Lists every violation at once: main deck size (default 40-60 non-RAM cards), copies per card "
    "(default 4), legendary cards (default 4 in all), RAM deck size (default exactly 25) and special RAM "
    "(default 4). The limits come from `rules`; the pool is the starter pool unless you send `cards`.",
    stateless=validate_deck,
)
SYSTEM.mechanic(
    "check-setup",
    "Check a whole match setup (players, decks, card pool, rules) without starting a match",
    "Takes the `setup` of `POST /v1/sessions` for a Neuroscape match and lists every "
    "deck-building violation of every player, so a lobby can check a match before creating it. With "
    "`sessionSeats` (the session's `seats`) it places the players as creation will, and refuses a player "
    "seated at a missing or non-player seat as creation does.",
    stateless=check_setup,
)
SYSTEM.mechanic(
    "card-pool",
    "List the built-in starter cards and starter decks",
    "The original cards a match uses when its setup sends no `cards`, and the two starter decks "
    "(`gridrunners`, `bastion-choir`) a player may name as `starterDeck`.",
    stateless=card_pool,
    read=True,
)
SYSTEM.mechanic(
    "draw",
    "Draw: the opening hand, or the draw substage's cards",
    "In setup, each player draws its opening hand (main = the opening hand size, default 5; ram = 0). In its "
    "draw substage the active player draws the turn's cards (default 2; 1 on the match's first turn) in any mix: "
    "main-deck cards go to the hand, RAM-deck cards straight onto the mainframe as available RAM. Cards are "
    "picked at random when drawn; only the drawing seat sees which (in `private.drawn`).",
    session=draw,
    output=m.NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "mulligan",
    "Keep the opening hand, or put cards under the deck and draw as many",
    "Once per match, after drawing the opening hand: the named cards go under the main deck in order and as "
    "many are drawn. An empty list keeps the hand. Other seats see only how many.",
    session=mulligan,
    output=m.NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "roll-off",
    "Roll a d20 for every player to decide who chooses the first player",
    "Any player may roll once all opening hands are settled. Highest d20 wins; tied players re-roll.",
    session=roll_off,
    output=m.NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "choose-first",
    "The roll-off winner takes the first turn or passes it",
    "`goFirst` true takes the first turn; false gives it to the next player in seat order. Turn order follows "
    "seat order from the first player.",
    session=choose_first,
    output=m.NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "force-quit",
    "Force quit your own persistent cards into your recycle bin",
    "In your force-quit substage: characters, cyberware, slot programs and environments you own go to your "
    "recycle bin; RAM they committed is run and refreshes at your refresh. Ends the substage (an empty list "
    "quits nothing).",
    session=force_quit,
    output=m.NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "deploy",
    "Deploy a card from your hand, paying its RAM",
    "In your primary or secondary deploy substage. Characters commit their RAM; protocols go in a slot of your "
    "mainframe, viruses and trojans (face-down, default 4 RAM) in a slot of an opponent's; a full mainframe "
    "takes no more. Cyberware attaches to a character's matching gear slot; .EXEs, scripts and drugs are paid "
    "and go to the recycle bin (their effects come with the engine's next part); environments replace the "
    "current one. Legendary cards: one copy in play at a time (per player by default).",
    session=deploy,
    output=m.NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "attack",
    "Declare attackers; they become running",
    "In your attack substage. Each attacker must be yours and not running; name a target seat when there are "
    "several opponents. An empty list declares no attack.",
    session=attack,
    output=m.NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "block",
    "Assign your blockers to the characters attacking you",
    "Each of your characters (not running, by default) blocks at most one attacker; several may block the same "
    "attacker, and its player then orders them. An empty list blocks nothing.",
    session=block,
    output=m.NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "order-blockers",
    "Order the blockers of your multiply-blocked attackers",
    "Damage goes to the first blocker until it is destroyed, then to the next; what remains overruns to the "
    "bioframe. Attacks you leave out keep the order their blockers were declared in.",
    session=order_blockers,
    output=m.NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "pass",
    "Pass: end your deploy substage, decline to force quit, attack or block, or pass a swift check",
    "Moves the match on from the substage you are awaited in.",
    session=pass_,
    output=m.NeuroscapeActionResult,
)
SYSTEM.mechanic(
    "concede",
    "Concede: you are eliminated",
    "Allowed at any time, in or out of turn. Your cards leave play; with one player left, that player wins.",
    session=concede,
    output=m.NeuroscapeActionResult,
)
