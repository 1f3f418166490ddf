"""Two characters for session scenarios, as a setup body would carry them."""

from __future__ import annotations

ANA = {
    "id": "ana",
    "name": "Ana Sequeira",
    "player": "ana",
    "aptitudes": {"cog": 20, "int": 15, "ref": 20, "sav": 10, "som": 15, "wil": 15},
    "skills": [
        {"name": "Guns", "rating": 55, "specialization": "Kinetic Weapons"},
        {"name": "Fray", "rating": 40},
        {"name": "Infosec", "rating": 60},
        {"name": "Know: Biology", "rating": 45},
        {"name": "Persuade", "rating": 35},
    ],
    "pools": {"insight": 2, "moxie": 1, "vigor": 3, "flex": 1},
    "rep": [{"network": "g", "score": 50}, {"network": "r", "score": 30}],
    "armor": {"energy": 4, "kinetic": 6},
    "durability": 35,
    "initiative": 7,
}

GUARD = {
    "id": "guard",
    "name": "Station guard",
    "aptitudes": {"cog": 10, "int": 10, "ref": 15, "sav": 10, "som": 20, "wil": 10},
    "skills": [{"name": "Fray", "rating": 50}, {"name": "Melee", "rating": 40}, {"name": "Guns", "rating": 45}],
    "pools": {"vigor": 1},
    "armor": {"energy": 2, "kinetic": 8},
    "durability": 40,
    "woundThreshold": 8,
    "initiative": 5,
}
