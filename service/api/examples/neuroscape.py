"""Neuroscape request examples: the body of one stateless call per mechanic, by operationId."""

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

# In a session created from the neuroscape createSession example, in this order (seat, operationId, body).
# Only the calls before the first turn are certain: who takes the first turn, and so who is awaited at
# every later step, follows the roll-off's d20s, which a session draws from its own secret seed. So the
# match is opened (five cards each, both hands kept, the roll-off) and Bo concedes, which any seat may do
# at any time; choose-first and every turn's mechanic have no example here.
IN_SESSION: list[tuple[str, str, dict[str, Any]]] = [
    ("Ana", "neuroscapeDrawInSession", {"main": 5, "ram": 0}),
    ("Bo", "neuroscapeDrawInSession", {"main": 5, "ram": 0}),
    ("Ana", "neuroscapeMulliganInSession", {"bottom": []}),
    ("Bo", "neuroscapeMulliganInSession", {"bottom": [], "expectSubstage": "opening-hand"}),
    ("Ana", "neuroscapeRollOffInSession", {"expectSubstage": "roll-off"}),
    ("Bo", "neuroscapeConcedeInSession", {}),
]
