"""Every Neuroscape rule refusal, one stable code each (`neuroscape/<rule>`), in one table.

In a session 409 means the match's state forbids the action right now, 422 that the request
asks for something the rules never allow, 404 that it names something that is not there
(a stateless call answers every refusal with 422). A refusal never names a card the refused
seat may not see: "not in your hand" reads the same whether the card is in an opponent's hand,
in a deck, or nowhere.
"""

from __future__ import annotations

from typing import Any

from service.errors import Code, RuleViolation, refusal

# -- building a match ------------------------------------------------------------------
ILLEGAL_DECK = "neuroscape/illegal-deck"
BAD_PLAYERS = "neuroscape/bad-players"
BAD_CARD_POOL = "neuroscape/bad-card-pool"
NO_SUCH_SEAT = "neuroscape/no-such-seat"
SEAT_NOT_PLAYER = "neuroscape/seat-not-player"
# -- who may act -----------------------------------------------------------------------
NOT_A_PLAYER = "neuroscape/not-a-player"
MATCH_OVER = "neuroscape/match-over"
ELIMINATED = "neuroscape/eliminated"
OUT_OF_TURN = "neuroscape/out-of-turn"
WRONG_STAGE = "neuroscape/wrong-stage"
STALE_SUBSTAGE = "neuroscape/stale-substage"
# -- setup -----------------------------------------------------------------------------
OPENING_HAND_DRAWN = "neuroscape/opening-hand-drawn"
OPENING_HAND_FIRST = "neuroscape/opening-hand-first"
MULLIGAN_USED = "neuroscape/mulligan-used"
OPENING_HAND_SIZE = "neuroscape/opening-hand-size"
NOT_ROLL_OFF_WINNER = "neuroscape/not-roll-off-winner"
# -- cards and zones -------------------------------------------------------------------
NOT_IN_HAND = "neuroscape/not-in-hand"
UNKNOWN_CARD = "neuroscape/unknown-card"
NOT_YOUR_CARD = "neuroscape/not-your-card"
UNKNOWN_SEAT = "neuroscape/unknown-seat"
DRAW_COUNT = "neuroscape/draw-count"
# -- RAM and deploying -----------------------------------------------------------------
NOT_ENOUGH_RAM = "neuroscape/not-enough-ram"
MAINFRAME_FULL = "neuroscape/mainframe-full"
SLOT_OCCUPIED = "neuroscape/slot-occupied"
WRONG_TARGET = "neuroscape/wrong-target"
LEGENDARY_IN_PLAY = "neuroscape/legendary-in-play"
GEAR_SLOT = "neuroscape/gear-slot"
NOT_DEPLOYABLE = "neuroscape/not-deployable"
# -- battle ----------------------------------------------------------------------------
RUNNING = "neuroscape/running"
NOT_ATTACKING = "neuroscape/not-attacking"
ALREADY_BLOCKING = "neuroscape/already-blocking"
NAMED_TWICE = "neuroscape/named-twice"
BAD_ORDER = "neuroscape/bad-order"
FORCE_QUIT = "neuroscape/force-quit"
NO_SUCH_ABILITY = "neuroscape/no-such-ability"
ABILITY_USED = "neuroscape/ability-used"
NOT_SWIFT_NOW = "neuroscape/not-swift-now"
# -- choices the match waits for -------------------------------------------------------
NOT_LOOKED_AT = "neuroscape/not-looked-at"
BAD_ARRANGEMENT = "neuroscape/bad-arrangement"
BAD_TRIGGER_ORDER = "neuroscape/bad-trigger-order"
TROJAN_TOO_SOON = "neuroscape/trojan-too-soon"
TROJAN_ACTIVATED = "neuroscape/trojan-activated"
# -- odds ------------------------------------------------------------------------------
ODDS_NOT_COVERED = "neuroscape/odds-not-covered"

CODES: dict[str, Code] = {
    ILLEGAL_DECK: Code(422, "A deck breaks deck building", "One or more deck lists break the deck-building rules; every violation is listed."),
    BAD_PLAYERS: Code(422, "The player list is malformed", "Each player needs a seat of its own."),
    BAD_CARD_POOL: Code(422, "The card pool is malformed", "A submitted card pool repeats an id or shadows a starter card."),
    NO_SUCH_SEAT: Code(422, "No such seat at this table", "A player is seated at a seat the session does not have."),
    SEAT_NOT_PLAYER: Code(422, "A player sits at a non-player seat", "Players sit at player seats, not at GM or spectator seats."),
    NOT_A_PLAYER: Code(403, "This seat plays no part in the match", "GM and spectator seats watch the match; only player seats act."),
    MATCH_OVER: Code(409, "The match is over", "The match already has a result."),
    ELIMINATED: Code(409, "The player was eliminated", "An eliminated player takes no more actions."),
    OUT_OF_TURN: Code(409, "Not your turn to act", "The match waits for another seat."),
    WRONG_STAGE: Code(409, "Not an action of this stage", "The action belongs to another stage or substage."),
    STALE_SUBSTAGE: Code(409, "The match has moved on", "The match is no longer at the substage the request expected (`expectSubstage`)."),
    OPENING_HAND_DRAWN: Code(409, "The opening hand is drawn", "Each player draws its opening hand once; then it keeps it or mulligans."),
    OPENING_HAND_FIRST: Code(409, "Draw the opening hand first", "A mulligan comes after the opening hand is drawn."),
    MULLIGAN_USED: Code(409, "The mulligan is used", "The opening hand was already kept or redrawn: a mulligan comes once per game."),
    OPENING_HAND_SIZE: Code(422, "The opening hand is a fixed draw", "The opening draw is exactly the opening hand, from the main deck only."),
    NOT_ROLL_OFF_WINNER: Code(409, "Not the roll-off winner", "Only the roll-off winner chooses who goes first."),
    NOT_IN_HAND: Code(409, "The card is not in your hand", "The named card is not in the acting seat's hand (wherever else it may be)."),
    UNKNOWN_CARD: Code(404, "No such card in play", "No card in play has that instance id."),
    NOT_YOUR_CARD: Code(422, "Not your card", "The instance belongs to (or is controlled by) another seat."),
    UNKNOWN_SEAT: Code(404, "No such player", "No living player sits at that seat."),
    DRAW_COUNT: Code(422, "Not this turn's draw", "The draw does not add up to this turn's draws, or a deck holds fewer cards than asked for."),
    NOT_ENOUGH_RAM: Code(409, "Not enough RAM", "Available RAM does not cover the card's cost."),
    MAINFRAME_FULL: Code(409, "The mainframe is full", "All three slots of the target mainframe are filled; a slot must clear first."),
    SLOT_OCCUPIED: Code(409, "The slot is taken", "The named mainframe slot already holds a card."),
    WRONG_TARGET: Code(422, "Not a target for this card", "The card type needs another target (own vs opponent's mainframe, a character...)."),
    LEGENDARY_IN_PLAY: Code(409, "A copy of this legendary card is in play", "One copy of a legendary card is in play at a time (per player by default)."),
    GEAR_SLOT: Code(409, "No free gear slot", "The character has no free gear slot of that kind and level."),
    NOT_DEPLOYABLE: Code(422, "Not deployed from the hand", "Mainframes and RAM are not deployed from the hand."),
    RUNNING: Code(409, "The character is running", "A running character cannot attack (nor block, by default) until it refreshes."),
    NOT_ATTACKING: Code(422, "Not an attacker of this battle", "The blocked or ordered character is not an attacker of this battle."),
    ALREADY_BLOCKING: Code(422, "The character already attacks or blocks", "One character blocks one attacker at most."),
    NAMED_TWICE: Code(422, "Named twice", "The same character or card is named twice in one request."),
    BAD_ORDER: Code(422, "Not the attacker's blockers", "A blocker order must list exactly the attacker's blockers."),
    FORCE_QUIT: Code(422, "Not yours to force quit", "Only your own persistent cards in play can be force quit."),
    NO_SUCH_ABILITY: Code(422, "No such ability", "The card has no activated ability at that index (or the card is not a script)."),
    ABILITY_USED: Code(409, "The ability is used this round", "A character activates one ability per round; it refreshes in its controller's refresh."),
    NOT_SWIFT_NOW: Code(409, "Not swift", "An ability that is not swift is played in your own deploy substage, with the order of operations empty."),
    NOT_LOOKED_AT: Code(422, "Not a deck you looked at", "`arrange-top` names a deck whose top you looked at and may reorder now."),
    BAD_ARRANGEMENT: Code(422, "Not an order of the looked-at cards", "The new order names each position of the looked-at cards exactly once."),
    BAD_TRIGGER_ORDER: Code(422, "Not an order of your triggers", "The order names each of your pending triggers exactly once."),
    TROJAN_TOO_SOON: Code(409, "The trojan was played this turn", "A trojan is activated only after the turn it was played."),
    TROJAN_ACTIVATED: Code(409, "The trojan is already activated", "A trojan is activated once; it is face-up from then on."),
    ODDS_NOT_COVERED: Code(
        422, "No exact odds for these dice",
        "The first dice the action would roll are of a kind its odds do not cover (a random discard, a draw from "
        "another seat's deck, a look at a deck's top): the action itself is allowed.",
    ),
}


def refuse(code: str, detail: str, **extra: Any) -> RuleViolation:
    """The refusal `code` with its table's status; `raise refuse(...)` reads like the rule it names."""
    return refusal(CODES, code, detail, **extra)
