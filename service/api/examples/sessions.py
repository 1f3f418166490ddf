"""createSession examples: one table per system, small but playable."""

from __future__ import annotations

from typing import Any

_SEATS = [{"name": "Kay", "role": "gm"}, {"name": "Ana"}, {"name": "Bo"}]

SESSIONS: dict[str, dict[str, Any]] = {
    "dice": {"system": "dice", "seats": _SEATS, "clientSeed": "table-7"},
    "ncb": {
        "system": "ncb",
        "seats": _SEATS,
        "setup": {
            "combatants": [
                {
                    "id": "v",
                    "name": "V",
                    "owner": "Ana",
                    "level": 5,
                    "abilities": {"dexterity": 16, "intelligence": 16},
                    "armorClass": 15,
                    "armor": "light",
                    "maxHp": 38,
                    "weapons": [{"name": "Unity", "damageDice": "2d6", "techBonus": 1}],
                },
                {
                    "id": "goon",
                    "name": "Maelstrom goon",
                    "kind": "nc",
                    "maxHp": 11,
                    "armorClass": 12,
                    "weapons": [{"name": "Knife", "damageDice": "1d4", "style": "melee", "finesse": True}],
                },
            ]
        },
    },
    "eclipse": {
        "system": "eclipse",
        "seats": _SEATS,
        "setup": {
            "characters": [
                {
                    "id": "ana",
                    "name": "Ana Sequeira",
                    "player": "Ana",
                    "aptitudes": {"cog": 20, "int": 15, "ref": 20, "sav": 10, "som": 15, "wil": 15},
                    "skills": [
                        {"name": "Guns", "rating": 55, "specialization": "Kinetic Weapons"},
                        {"name": "Fray", "rating": 40},
                    ],
                    "pools": {"insight": 2, "moxie": 1, "vigor": 3, "flex": 1},
                    "rep": [{"network": "@", "score": 50}],
                    "armor": {"energy": 4, "kinetic": 6},
                    "durability": 35,
                    "initiative": 7,
                }
            ],
            "intrusions": [{"hacker": "ana", "system": "hab camera network", "firewall": 40}],
        },
    },
    "neurosystem": {
        "system": "neurosystem",
        "seats": _SEATS,
        "setup": {
            "luck": 3,
            "characters": [
                {
                    "id": "rei",
                    "name": "Rei",
                    "controller": "Ana",
                    "resolveMax": 3,
                    "stats": [
                        {"category": "style", "name": "Cool", "rating": "d8"},
                        {"category": "training", "name": "Guns", "rating": "d6"},
                        {"category": "knowledge", "name": "Streets", "rating": "d10"},
                    ],
                }
            ],
        },
    },
    "desert": {"system": "desert", "seats": _SEATS, "setup": {"day": 1, "timeOfDay": "evening"}},
    "neuroscape": {
        "system": "neuroscape",
        "seats": [{"name": "Ana"}, {"name": "Bo"}],
        "setup": {"players": [{"starterDeck": "gridrunners"}, {"starterDeck": "bastion-choir"}]},
    },
}
