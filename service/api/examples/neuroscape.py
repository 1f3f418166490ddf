"""Neuroscape request examples: one stateless call per mechanic, and a drill table with the session calls played at it."""

from __future__ import annotations

from typing import Any

STATELESS: dict[str, dict[str, Any]] = {
    "neuroscapeCheckSetup": {"players": [{"starterDeck": "gridrunners"}, {"starterDeck": "bastion-choir"}]},
    "neuroscapeValidateDeck": {
        "deck": {
            "mainframe": "halcyon-lattice",
            "main": [
                {"card": "gutter-courier", "count": 4},
                {"card": "static-moth", "count": 4},
                {"card": "lantern-saint", "count": 4},
                {"card": "velvet-breaker", "count": 4},
                {"card": "chrome-ferryman", "count": 4},
                {"card": "marrow-duchess", "count": 2},
                {"card": "quiet-hydra", "count": 1},
                {"card": "glasswire-optics", "count": 3},
                {"card": "piston-grip", "count": 2},
                {"card": "brightburn-exe", "count": 2},
                {"card": "mirror-glitch", "count": 1},
                {"card": "sidestep-script", "count": 2},
                {"card": "sleepworm", "count": 1},
                {"card": "null-route", "count": 1},
                {"card": "paper-lantern", "count": 2},
                {"card": "leech-halo", "count": 2},
                {"card": "rainlit-arcade", "count": 1},
            ],
            "ram": [
                {"card": "core-ram", "count": 22},
                {"card": "overclock-shard", "count": 3},
            ],
        }
    },
}

# A drill table for the API, played with house rules from `NeuroscapeRules`: both players bring the same
# 16-card main deck, of five cards only, and draw 14 of it as their opening hand. Whatever the shuffle,
# two cards stay in the deck, so each hand holds at least two Sable Circuits and one of every other
# card, all that the calls below need. Not the whole deck in hand: a player whose main deck is empty at
# its draw is eliminated, and Tidal Audit's reorder asks only when it sees two cards or more. The rules'
# own numbers where nothing needs bending: 25 basic RAM, 4 copies at most, trojans placed for 4 RAM.
_DRILL_DECK: dict[str, Any] = {
    "mainframe": "halcyon-lattice",
    "main": [
        {"card": "sable-circuit", "count": 4},
        {"card": "tidal-audit-exe", "count": 3},
        {"card": "redshift", "count": 3},
        {"card": "sidestep-script", "count": 3},
        {"card": "wormlight", "count": 3},
    ],
    "ram": [{"card": "core-ram", "count": 25}],
}
DRILL: dict[str, Any] = {
    "system": "neuroscape",
    "seats": [{"name": "Ana"}, {"name": "Bo"}],
    "setup": {
        "players": [{"deck": _DRILL_DECK}, {"deck": _DRILL_DECK}],
        "rules": {"openingHand": 14, "mainDeckMin": 16, "firstTurnDraws": 5, "drawsPerTurn": 5},
    },
}
DRILL_SUMMARY = "A neuroscape drill table, with house rules, for exploring the API"
DRILL_DESCRIPTION = (
    "Not a standard match: a drill table whose house rules make every card an example call needs certain to be "
    "in hand. It bends four rules: a 16-card main deck (the rules: 40 to 60), an opening hand of 14 cards (the "
    "rules: 5), 5 cards drawn on the first turn (the rules: 1) and 5 on every later turn (the rules: 2). Both "
    "players bring the same deck of five cards, so the calls fit whoever wins the roll-off."
)

_PASS: tuple[str, str, dict[str, Any]] = ("*", "neuroscapePassInSession", {})

# In a session created from DRILL, in this order (seat, operationId, body). `*` is the seat the match waits
# for: after the roll-off the d20s decide who plays first (A below) and who second (B), so a call names no
# seat of its own. Both play the same cards either way, so the instance ids are the same whoever A is: RAM
# and cards in play are numbered as they enter (A's first Sable Circuit is c6, B's c12, A's second c18,
# B's trojan c24). No call waits on a die: no cyberware (no psychosis checks), RAM always covers what is in
# play (no stability checks), no duel; battle damage is fixed; a look at a deck picks cards but not their
# number; Wormlight's random discards come last. Every swift check and priority waits for a `pass`.
IN_SESSION: list[tuple[str, str, dict[str, Any]]] = [
    # The opening: 14 cards each, both kept, the roll-off; its winner goes first.
    ("Ana", "neuroscapeDrawInSession", {"main": 14, "ram": 0}),
    ("Bo", "neuroscapeDrawInSession", {"main": 14, "ram": 0}),
    ("Ana", "neuroscapeMulliganInSession", {"bottom": []}),
    ("Bo", "neuroscapeMulliganInSession", {"bottom": [], "expectSubstage": "opening-hand"}),
    ("Ana", "neuroscapeRollOffInSession", {"expectSubstage": "roll-off"}),
    ("*", "neuroscapeChooseFirstInSession", {"goFirst": True}),
    # Turn 1, A: 5 RAM (c1-c5); a Sable Circuit (c6, 4 RAM committed); Tidal Audit.exe looks at the top 3 of
    # Ana's deck, which holds 2 cards, and A puts them back the other way round. No attack.
    ("*", "neuroscapeDrawInSession", {"main": 0, "ram": 5}),
    _PASS,
    ("*", "neuroscapeDeployInSession", {"card": "sable-circuit"}),
    ("*", "neuroscapeDeployInSession", {"card": "tidal-audit-exe", "target": "seat-1"}),
    _PASS,
    ("*", "neuroscapeArrangeTopInSession", {"deck": "seat-1", "order": [1, 0]}),
    *[_PASS] * 5,
    # Turn 2, B: 5 RAM (c7-c11); a Sable Circuit (c12) and Sidestep on it (+0/+2 this turn). No attack.
    ("*", "neuroscapeDrawInSession", {"main": 0, "ram": 5}),
    _PASS,
    ("*", "neuroscapeDeployInSession", {"card": "sable-circuit"}),
    ("*", "neuroscapePlayScriptInSession", {"card": "sidestep-script", "target": "c12"}),
    *[_PASS] * 6,
    # Turn 3, A keeps c6 (no force quit), 5 more RAM (c13-c17); a second Sable Circuit (c18); c6's Lockstep
    # (1 RAM, runs c6) runs B's c12, and Redshift (1 RAM) refreshes c6, +2/+0 this turn. No attack.
    _PASS,
    ("*", "neuroscapeDrawInSession", {"main": 0, "ram": 5}),
    _PASS,
    ("*", "neuroscapeDeployInSession", {"card": "sable-circuit"}),
    ("*", "neuroscapeActivateInSession", {"character": "c6", "target": "c12"}),
    _PASS,
    ("*", "neuroscapePlayDrugInSession", {"card": "redshift", "character": "c6"}),
    *[_PASS] * 6,
    # Turn 4, B: 5 more RAM (c19-c23), c12 refreshed; Wormlight face-down on A's mainframe (c24, 4 RAM);
    # c12 (4/6) attacks, A blocks with both Sable Circuits, whose two Brace triggers (+1/+0 each) A orders,
    # and B orders the blockers. Damage: 4 to c18 (DEF 6), 5 + 5 to c12, destroyed (Last Watch heals B 2).
    _PASS,
    ("*", "neuroscapeDrawInSession", {"main": 0, "ram": 5}),
    _PASS,
    ("*", "neuroscapeDeployInSession", {"card": "wormlight"}),
    *[_PASS] * 2,
    ("*", "neuroscapeAttackInSession", {"attacks": [{"attacker": "c12"}]}),
    _PASS,
    ("*", "neuroscapeBlockInSession", {"blocks": [{"blocker": "c6", "attacker": "c12"}, {"blocker": "c18", "attacker": "c12"}]}),
    ("*", "neuroscapeOrderTriggersInSession", {"order": ["t2", "t1"]}),
    ("*", "neuroscapeOrderBlockersInSession", {"orders": [{"attacker": "c12", "blockers": ["c18", "c6"]}]}),
    *[_PASS] * 4,
    # Turn 5, A force quits c18 (Last Watch heals A 2) and draws a card and 4 RAM; at the swift check B
    # activates Wormlight (1 RAM): A discards 2 at random. Then Bo concedes, which any seat may do at any time.
    ("*", "neuroscapeForceQuitInSession", {"cards": ["c18"]}),
    ("*", "neuroscapeDrawInSession", {"main": 1, "ram": 4}),
    ("*", "neuroscapeActivateTrojanInSession", {"instance": "c24"}),
    *[_PASS] * 2,
    ("Bo", "neuroscapeConcedeInSession", {}),
]
