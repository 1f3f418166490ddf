"""Desert request examples: the body of one stateless call per mechanic, by operationId."""

from __future__ import annotations

from typing import Any

STATELESS: dict[str, dict[str, Any]] = {
    "desertPlayerScreen": {"districtType": 2, "bypassed": ["access"]},
    "desertBuildingReaction": {
        "districtType": 3,
        "bypassed": ["network"],
        "volunteered": ["audio"],
        "control": 3,
        "onBlue": "negative",
        "reactions": {
            "positive": ["display", "welcome", "open up"],
            "negative": ["tag", "call", "disable"],
        },
    },
    "desertPersonalReaction": {
        "tokens": [
            {"label": "intimate"},
            {"label": "intimate"},
            {"label": "CZ"},
            {"label": "CZ"},
            {"label": "authoritative"},
            {"label": "authoritative"},
        ],
        "control": 2,
        "controlledType": "intimate",
        "approach": {"approach": "sponsorbaby", "brand": "CZ"},
    },
    "desertApproach": {"pick": "roll"},
    "desertEncounter": {
        "table": [
            {
                "encounter": "a neighbour asks for help with a parcel",
                "timeOfDay": "daytime",
            },
            {
                "encounter": "a man in a flowerprint jacket comes up the cellar steps",
                "timeOfDay": "evening",
            },
            {
                "encounter": "a party spills into the garden",
                "timeOfDay": "past-midnight",
            },
            {"encounter": "a courier is lost", "timeOfDay": "daytime"},
            {
                "encounter": "someone argues about the district vote",
                "timeOfDay": "evening",
            },
            {
                "encounter": "a drone crashes into the hedge",
                "timeOfDay": "past-midnight",
            },
        ],
        "timeOfDay": "evening",
    },
    "desertKeepMemoryLog": {
        "owner": "sam",
        "access": "public",
        "featuring": ["timur"],
        "consents": ["timur"],
    },
}
