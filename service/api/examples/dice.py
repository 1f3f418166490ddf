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

# `POST /v1/verify`: the audit record that the `diceRoll` example answers (its seed given, so it carries it).
VERIFY: dict[str, Any] = {
    "record": {
        "algorithm": "hmac-sha256-v1",
        "scope": "stateless",
        "epoch": None,
        "nonce": 0,
        "clientSeed": "ana",
        "seedCommitment": "3b403bfb81883a3bc22d0e924f44dc4712e03ad1d21ba4a4c80d6f7345dcb93e",
        "seed": "table-7",
        "draws": [{"sides": 6, "face": 4}, {"sides": 6, "face": 3}, {"sides": 6, "face": 1}, {"sides": 6, "face": 1}],
    }
}
