"""NeuroSystem request examples: one stateless call per mechanic, by operationId, and a session played in order."""

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

# A second character for Bo: the d4 Knowledge die matters below.
_MIKA: dict[str, Any] = {
    "id": "mika",
    "name": "Mika",
    "controller": "Bo",
    "resolveMax": 2,
    "stats": [
        {"category": "style", "name": "Nerve", "rating": "d6"},
        {"category": "training", "name": "Running", "rating": "d8"},
        {"category": "knowledge", "name": "Wiring", "rating": "d4"},
    ],
}
_ENFORCER: dict[str, Any] = {
    "id": "enforcer",
    "name": "Maelstrom enforcer",
    "stats": [{"name": "Combat", "value": 14}, {"name": "Grit", "value": 2}],
    "standardDamage": "badly-injured",
    "protection": [{"name": "kevlar vest", "rating": 1, "against": ["kinetic"]}],
}

# In a session created from the neurosystem createSession example, in this order (seat, operationId, body).
# Ana plays Rei, Bo plays Mika, Kay narrates. Every call is accepted whatever the dice show:
# - Rei's defence lands at most severely wounded (the worst total, 3, adds four categories to the
#   enforcer's badly injured, and the mitigation of 2 takes two off), so Rei never dies of it;
# - Mika then carries four negative states (the text's own holding example: badly injured, wounded, badly
#   injured again gives severely wounded; plus radiation sickness), so her d4 Flat Check always shows bad
#   shit (every face is at or below 4) and the push-through is always allowed;
# - a first Death Measure in a second scene compares 8 dice with 2, so its negative span is at most 2: far
#   from the 10 that kill.
IN_SESSION: list[tuple[str, str, dict[str, Any]]] = [
    ("Kay", "neurosystemAddCharacterInSession", _MIKA),
    ("Kay", "neurosystemAddNcInSession", _ENFORCER),
    ("Kay", "neurosystemSetLuckInSession", {"luck": 5}),
    # Rei shoots first, with a kinetic rifle (ideal range 3) from 4 increments away (check-1).
    (
        "Ana",
        "neurosystemStkCheckInSession",
        {
            "character": "rei",
            "against": {"nc": "enforcer", "stat": "Combat"},
            "bonuses": [{"name": "smartgun", "value": 2}],
            "luck": 1,
        },
    ),
    ("Ana", "neurosystemSpendLuckInSession", {"check": "check-1", "points": 1}),
    ("Ana", "neurosystemPushInSession", {"check": "check-1", "dice": ["training", "luck-1"]}),
    (
        "Ana",
        "neurosystemAttackInSession",
        {"check": "check-1", "target": "enforcer", "situation": {"range": {"ideal": 3, "distance": 4}, "attackType": "kinetic ranged"}},
    ),
    # The enforcer shoots back; Rei dives behind a car in the rain (check-2).
    ("Ana", "neurosystemStkCheckInSession", {"character": "rei"}),
    ("Ana", "neurosystemDefendInSession", {"check": "check-2", "attacker": "enforcer", "situation": {"mitigation": [2]}}),
    # The enforcer's partner hits Mika, who does not dodge; then she crawls through a leaking reactor room.
    ("Kay", "neurosystemTakeDamageInSession", {"character": "mika", "category": "badly-injured"}),
    ("Kay", "neurosystemTakeDamageInSession", {"character": "mika", "category": "wounded"}),
    ("Kay", "neurosystemTakeDamageInSession", {"character": "mika", "category": "badly-injured"}),
    ("Kay", "neurosystemAddNegativeStateInSession", {"character": "mika", "state": "radiation sickness"}),
    # She hotwires the door (check-3) and pushes through the bad shit.
    ("Bo", "neurosystemFlatCheckInSession", {"character": "mika", "category": "knowledge"}),
    ("Bo", "neurosystemPushThroughInSession", {"check": "check-3"}),
    ("Bo", "neurosystemApplyCheckInSession", {"check": "check-3"}),
    # A car clips her on the way out: dying. She spends her last Resolve to win the scene's Death Measure.
    ("Kay", "neurosystemTakeDamageInSession", {"character": "mika", "category": "dying"}),
    ("Kay", "neurosystemEndSceneInSession", {"resistDeath": ["mika"]}),
    ("Bo", "neurosystemDeathMeasureInSession", {"character": "mika"}),
    ("Kay", "neurosystemRemoveNegativeStateInSession", {"character": "mika", "state": "dying"}),
    # Rei goes online to find the enforcer's crew.
    ("Kay", "neurosystemGainApathyInSession", {"character": "rei"}),
    ("Ana", "neurosystemEnterCyberspaceInSession", {"character": "rei", "space": "avi"}),
    ("Kay", "neurosystemGainDissonanceInSession", {"character": "rei"}),
    ("Ana", "neurosystemStatMeasureInSession", {"dice": 4, "againstFrom": {"nc": "enforcer", "value": "Grit"}}),
    ("Ana", "neurosystemLeaveCyberspaceInSession", {"character": "rei"}),
    ("Kay", "neurosystemSetResolveInSession", {"character": "rei", "resolveMax": 4}),
    ("Kay", "neurosystemRemoveNcInSession", {"nc": "enforcer"}),
    ("Kay", "neurosystemRemoveCharacterInSession", {"character": "mika"}),
]
