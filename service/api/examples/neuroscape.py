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
