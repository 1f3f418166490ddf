"""dice request examples: the body of one stateless call per mechanic, by operationId."""

from __future__ import annotations

from typing import Any

STATELESS: dict[str, dict[str, Any]] = {
    "diceRoll": {"expression": "4d6kh3 + 2", "seed": "table-7", "clientSeed": "ana"},
    "diceFulfill": {
        "terms": [
            {"denomination": "d20", "count": 2},
            {"denomination": "d6", "count": 3},
        ],
        "seed": "foundry-table",
    },
}

# In a session created from the dice createSession example, in this order (seat, operationId, body).
IN_SESSION: list[tuple[str, str, dict[str, Any]]] = [
    ("Ana", "diceRollInSession", {"expression": "1d20+5", "visibility": "public"}),
    (
        "Ana",
        "diceFulfillInSession",
        {"terms": [{"denomination": "d20", "count": 1}, {"denomination": "d6", "count": 2}]},
    ),
]
