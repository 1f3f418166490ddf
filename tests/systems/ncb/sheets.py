"""Character sheets the tests share: V, Jackie and a Maelstrom goon, in wire form."""

from __future__ import annotations

V = {
    "id": "v",
    "name": "V",
    "owner": "ana",
    "level": 5,
    "abilities": {"strength": 12, "dexterity": 16, "constitution": 14, "intelligence": 16, "wisdom": 12},
    "armorClass": 15,
    "armor": "light",
    "maxHp": 38,
    "ramMax": 6,
    "programSlots": [2, 1],
    "saveProficiencies": ["dexterity", "intelligence"],
    "chrome": [
        {
            "name": "Kerenzikov",
            "slots": 1,
            "capacity": 2,
            "passive": {"initiative": 2},
            "active": {"unit": "rounds", "amount": 2},
        }
    ],
    "weapons": [
        {"name": "Unity", "damageDice": "2d6", "techBonus": 1},
        {"name": "Mantis blades", "damageDice": "1d8", "style": "melee", "finesse": True},
    ],
    "eddies": 500,
}
JACKIE = {
    "id": "jackie",
    "name": "Jackie",
    "level": 5,
    "abilities": {"strength": 18},
    "armorClass": 16,
    "armor": "medium",
    "maxHp": 44,
    "weapons": [{"name": "La Chingona", "damageDice": "2d8"}],
}
GOON = {
    "id": "goon",
    "name": "Maelstrom goon",
    "kind": "nc",
    "maxHp": 11,
    "armorClass": 12,
    "armor": "medium",
    "weapons": [{"name": "Knife", "damageDice": "1d4", "style": "melee", "finesse": True}],
}
SETUP = {"combatants": [V, JACKIE, GOON]}
