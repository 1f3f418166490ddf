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

_REACTIONS = {"positive": ["display", "welcome", "open up"], "negative": ["tag", "call", "disable"]}
_WIEKHAUS = {
    "id": "wiek",
    "name": "wiekhaus",
    "control": 1,
    "identity": "intimate",
    "sections": [
        {"number": 1, "name": "garden", "checkboxes": ["tracking"]},
        {"number": 2, "name": "wall", "checkboxes": ["tracking", "access"]},
        {"number": 3, "name": "cellar", "checkboxes": ["tracking", "tracking"]},
    ],
    "reactions": _REACTIONS,
    "encounters": [
        {"encounter": "a neighbour asks for help with a parcel", "timeOfDay": "daytime"},
        {"encounter": "a man in a flowerprint jacket comes up the cellar steps", "timeOfDay": "evening"},
        {"encounter": "a party spills into the garden", "timeOfDay": "past-midnight"},
        {"encounter": "a courier is lost", "timeOfDay": "daytime"},
        {"encounter": "someone argues about the district vote", "timeOfDay": "evening"},
        {"encounter": "a drone crashes into the hedge", "timeOfDay": "past-midnight"},
    ],
}
_TOKENS = ["intimate", "intimate", "CZ", "CZ", "authoritative", "authoritative"]

# What Marin tells a type 6 district: each category holds a blue control token there, so each needs its statement.
_WATCHED = [
    ("tracking", "I walk the quay to the ferry"),
    ("access", "I am Marin, a courier"),
    ("network", "I check the ferry times"),
    ("audio", "nothing"),
    ("video", "I wait by the gate"),
    ("neuro", "I feel watched"),
]

# In a session created from the desert createSession example, in this order (seat, operationId, body):
# Ana plays Sam, Bo plays Marin the hacker (and speaks for Timur, held by no seat). Marin ends in the
# spire, a type 6 district: all six categories hold a blue token, so its bag is six blues and the draw
# is blue whatever comes up; left open, the table then chooses its side.
IN_SESSION: list[tuple[str, str, dict[str, Any]]] = [
    (
        "Ana",
        "desertAddDistrictInSession",
        {"district": {"id": "harbour", "type": 4, "control": 3, "identity": "busy", "reactions": _REACTIONS}},
    ),
    ("Ana", "desertAddBuildingInSession", {"building": _WIEKHAUS}),
    (
        "Ana",
        "desertAddCharacterInSession",
        {"character": {"id": "sam", "name": "Sam", "approach": {"approach": "sponsorbaby", "brand": "CZ"}}},
    ),
    ("Ana", "desertHoldCharacterInSession", {"character": "sam"}),
    ("Kay", "desertAddCharacterInSession", {"character": {"id": "marin", "name": "Marin", "hacker": True}}),
    ("Bo", "desertHoldCharacterInSession", {"character": "marin"}),
    ("Kay", "desertAddCharacterInSession", {"character": {"id": "timur", "name": "Timur"}}),
    ("Ana", "desertApproachInSession", {"pick": "sponsorbaby", "brand": "CZ"}),
    ("Ana", "desertMoveInSession", {"to": {"building": "wiek", "section": 1}, "rollEncounter": False}),
    (
        "Ana",
        "desertMakeStatementInSession",
        {"category": "tracking", "text": "I stay put in the garden with Timur", "featuring": ["timur"]},
    ),
    (
        "Bo",
        "desertHackSecurityLogInSession",
        {"hacker": "marin", "securityLog": "log-1", "entry": "entry-1", "action": "rewrite", "text": "I stay put"},
    ),
    ("Ana", "desertBuildingReactionInSession", {"character": "sam", "onBlue": "positive"}),
    ("Ana", "desertEncounterInSession", {}),
    ("Ana", "desertPersonalReactionInSession", {"tokens": [{"label": label} for label in _TOKENS]}),
    ("Ana", "desertBypassInSession", {"category": "tracking", "how": "I wear the gait scrambler"}),
    ("Ana", "desertKeepMemoryLogInSession", {"securityLog": "log-1"}),
    ("Bo", "desertConsentMemoryLogInSession", {"memoryLog": "memory-1", "character": "timur"}),
    ("Ana", "desertSetMemoryLogAccessInSession", {"memoryLog": "memory-1", "access": "public"}),
    (
        "Ana",
        "desertAddConsequenceInSession",
        {"character": "sam", "text": "CZ wants the lips back", "when": "next week"},
    ),
    ("Ana", "desertSettleConsequenceInSession", {"consequence": "consequence-1"}),
    ("Ana", "desertAdvanceTimeInSession", {}),
    (
        "Kay",
        "desertAddDistrictInSession",
        {"district": {"id": "spire", "type": 6, "control": 5, "identity": "corporate", "reactions": _REACTIONS}},
    ),
    ("Bo", "desertMoveInSession", {"to": {"district": "spire"}, "rollEncounter": False}),
    *[("Bo", "desertMakeStatementInSession", {"category": category, "text": text}) for category, text in _WATCHED],
    ("Bo", "desertBuildingReactionInSession", {"character": "marin"}),
    ("Bo", "desertChooseReactionInSession", {"character": "marin", "side": "negative"}),
]
