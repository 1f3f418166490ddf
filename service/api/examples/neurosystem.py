"""NeuroSystem request examples: the body of one stateless call per mechanic, by operationId."""

from __future__ import annotations

from typing import Any

# The record of an STK check as its answer gives it: what Luck, a push and a push-through start from.
_CHECK: dict[str, Any] = {
    "kind": "stk",
    "dn": 12,
    "negativeStates": 2,
    "bonuses": [{"name": "smartgun", "value": 2}],
    "dice": [
        {"id": "style", "stat": "style", "rating": "d8", "face": 7},
        {"id": "training", "stat": "training", "rating": "d6", "face": 2},
        {"id": "knowledge", "stat": "knowledge", "rating": "d10", "face": 5},
        {"id": "luck-1", "stat": "luck", "rating": "d8", "face": 1},
    ],
}

STATELESS: dict[str, dict[str, Any]] = {
    "neurosystemStkCheck": {
        "style": "d8",
        "training": "d6",
        "knowledge": "d10",
        "dn": 12,
        "bonuses": [{"name": "smartgun", "value": 2}],
        "luck": 1,
        "luckPool": 3,
        "negativeStates": 2,
    },
    "neurosystemFlatCheck": {"category": "style", "rating": "d12", "negativeStates": 1},
    "neurosystemSpendLuck": {
        "check": _CHECK,
        "points": 2,
        "luckPool": 2,
    },
    "neurosystemPush": {
        "check": _CHECK,
        "dice": ["training", "luck-1"],
        "resolve": 1,
    },
    "neurosystemPushThrough": {
        "check": _CHECK,
        "resolve": 2,
        "resolveLimit": "push-and-push-through",
    },
    "neurosystemDefend": {
        "stkTotal": 14,
        "incoming": "wounded",
        "negativeStates": ["badly-injured"],
        "reductions": {
            "mitigation": [1],
            "range": {"ideal": 3, "distance": 4},
            "attackType": "kinetic ranged",
            "protection": [{"name": "resonance shield", "rating": 3, "against": ["kinetic ranged"]}],
        },
    },
    "neurosystemAttack": {
        "stkTotal": 32,
        "current": "badly-injured",
        "reductions": {"mitigation": [2]},
    },
    "neurosystemTakeDamage": {
        "category": "badly-injured",
        "negativeStates": ["badly-injured", "wounded"],
    },
    "neurosystemStatMeasure": {"dice": 4, "against": 2},
    "neurosystemDeathMeasure": {"scenesDying": 2, "spanTotal": 3},
    "neurosystemGainApathy": {"apathy": 2},
    "neurosystemGainDissonance": {"dissonance": 0},
    "neurosystemEnterCyberspace": {"dissonance": 1, "space": "vri"},
}
