"""Every Neuroscape rule refusal, one stable code each (`neuroscape/<rule>`), and its HTTP status.

409 means the match's state forbids the action right now; 422 means the request itself asks
for something the rules never allow; 404 names something that does not exist. A refusal never
names a card the refused seat may not see: "not in your hand" reads the same whether the card
is in an opponent's hand, in a deck, or nowhere.
"""

from __future__ import annotations

from typing import Any

from service.errors import RuleViolation

# -- building a match ------------------------------------------------------------------
ILLEGAL_DECK = "neuroscape/illegal-deck"  # 422: one or more deck lists break deck building; all listed
BAD_PLAYERS = "neuroscape/bad-players"  # 422: the setup's player list is malformed (duplicate seats...)
BAD_CARD_POOL = "neuroscape/bad-card-pool"  # 422: a submitted card pool repeats an id or shadows a starter card
NO_SUCH_SEAT = "neuroscape/no-such-seat"  # 422: a player is seated at a seat the session does not have
SEAT_NOT_PLAYER = "neuroscape/seat-not-player"  # 422: a player is seated at a GM or spectator seat

# -- who may act -----------------------------------------------------------------------
NOT_A_PLAYER = "neuroscape/not-a-player"  # 403: the seat holds no player of this match (a GM or spectator)
MATCH_OVER = "neuroscape/match-over"  # 409: the match already has a result
ELIMINATED = "neuroscape/eliminated"  # 409: the seat was eliminated and takes no more actions
OUT_OF_TURN = "neuroscape/out-of-turn"  # 409: the match waits for another seat
WRONG_STAGE = "neuroscape/wrong-stage"  # 409: the action belongs to another stage or substage
STALE_SUBSTAGE = "neuroscape/stale-substage"  # 409: the client's expectSubstage no longer holds

# -- setup -----------------------------------------------------------------------------
OPENING_HAND_DRAWN = "neuroscape/opening-hand-drawn"  # 409: the opening hand was already drawn
OPENING_HAND_FIRST = "neuroscape/opening-hand-first"  # 409: a mulligan needs the opening hand first
MULLIGAN_USED = "neuroscape/mulligan-used"  # 409: the opening hand was already kept or redrawn: once per game
OPENING_HAND_SIZE = "neuroscape/opening-hand-size"  # 422: the opening draw is exactly the opening hand, main deck only
NOT_ROLL_OFF_WINNER = "neuroscape/not-roll-off-winner"  # 409: only the roll-off winner chooses who goes first

# -- cards and zones -------------------------------------------------------------------
NOT_IN_HAND = "neuroscape/not-in-hand"  # 409: the named card is not in the acting seat's hand
UNKNOWN_CARD = "neuroscape/unknown-card"  # 404: no card in play has that instance id
NOT_YOUR_CARD = "neuroscape/not-your-card"  # 422: the instance belongs to (or is controlled by) another seat
UNKNOWN_SEAT = "neuroscape/unknown-seat"  # 404: no living player sits at that seat
DRAW_COUNT = "neuroscape/draw-count"  # 422: the draw does not add up to this turn's draws, or a deck is short

# -- RAM and deploying -----------------------------------------------------------------
NOT_ENOUGH_RAM = "neuroscape/not-enough-ram"  # 409: available RAM does not cover the card's cost
MAINFRAME_FULL = "neuroscape/mainframe-full"  # 409: all three slots of the target mainframe are filled
SLOT_OCCUPIED = "neuroscape/slot-occupied"  # 409: the named slot already holds a card
WRONG_TARGET = "neuroscape/wrong-target"  # 422: the card type needs another target (own vs opponent's mainframe, a character...)
LEGENDARY_IN_PLAY = "neuroscape/legendary-in-play"  # 409: a copy of this legendary card is already in play
GEAR_SLOT = "neuroscape/gear-slot"  # 409: the character has no free gear slot of that kind and level
NOT_DEPLOYABLE = "neuroscape/not-deployable"  # 422: mainframes and RAM are not deployed from the hand

# -- battle ----------------------------------------------------------------------------
RUNNING = "neuroscape/running"  # 409: a running character cannot attack (nor block, by default)
NOT_ATTACKING = "neuroscape/not-attacking"  # 422: the blocked or ordered character is not an attacker of this battle
ALREADY_BLOCKING = "neuroscape/already-blocking"  # 422: one character blocks one attacker at most
NAMED_TWICE = "neuroscape/named-twice"  # 422: the same character or card is named twice in one request
BAD_ORDER = "neuroscape/bad-order"  # 422: a blocker order must list exactly the attacker's blockers
FORCE_QUIT = "neuroscape/force-quit"  # 422: only your own persistent cards in play can be force quit


def violation(code: str, detail: str, status: int = 409, **extra: Any) -> RuleViolation:
    """A refusal with its stable code; `raise violation(...)` reads like the rule it names."""
    return RuleViolation(code, detail, status=status, **extra)
