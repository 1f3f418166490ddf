"""NCB request examples: the body of one stateless call per mechanic, by operationId."""

from __future__ import annotations

from typing import Any

STATELESS: dict[str, dict[str, Any]] = {
    "ncbD20Test": {"modifier": 4, "dv": 14, "advantage": True},
    "ncbAbilityScores": {
        "abilities": {"dexterity": 22, "intelligence": 16},
        "level": 9,
        "programDcBonus": 1,
    },
    "ncbInitiative": {"participants": [{"id": "v", "bonus": 5}, {"id": "goon", "bonus": 0}]},
    "ncbLevelUp": {
        "level": 4,
        "hp": 30,
        "maxHp": 30,
        "hitDie": 10,
        "constitution": 14,
        "method": "roll",
    },
    "ncbAttack": {
        "attacker": {"dexterity": 16, "level": 5},
        "weapon": {
            "name": "Unity",
            "damageDice": "2d6",
            "techBonus": 1,
            "tags": ["armor-penetration"],
        },
        "target": {"armorClass": 13, "armor": "heavy", "hp": 30, "maxHp": 30},
    },
    "ncbDamage": {"target": {"hp": 10, "maxHp": 10, "armor": "heavy"}, "dice": "2d6+4"},
    "ncbDeathSave": {"successes": 0, "failures": 1},
    "ncbLastBreath": {"exhaustion": 2},
    "ncbStabilize": {"method": "medicine", "medicineBonus": 2},
    "ncbHeal": {
        "target": {"hp": 0, "maxHp": 20, "condition": "dying"},
        "dice": "2d4+2",
    },
    "ncbShortRest": {
        "hp": 5,
        "maxHp": 40,
        "hitDice": 3,
        "hitDie": 8,
        "constitution": 14,
        "spend": 2,
        "ramMax": 4,
    },
    "ncbLongRest": {
        "hp": 5,
        "maxHp": 30,
        "level": 6,
        "exhaustion": 2,
        "ramMax": 4,
        "programSlots": [3, 2],
    },
    "ncbRunProgram": {
        "caster": {
            "level": 5,
            "programAbilityScore": 18,
            "ram": 4,
            "programSlots": [{"tier": 1, "total": 2}],
        },
        "program": {
            "name": "Short circuit",
            "tier": 1,
            "ramCost": 2,
            "save": "dexterity",
            "damageDice": "3d6",
        },
        "saveModifier": 2,
        "target": {"hp": 20, "maxHp": 20, "armor": "heavy"},
    },
    "ncbInstallChrome": {
        "implant": {
            "name": "Subdermal armor",
            "passive": {"armorClass": 1, "damageReduction": 1},
        },
        "price": 1500,
        "eddies": 1000,
    },
    "ncbUninstallChrome": {
        "body": {"installed": [{"name": "Optics"}]},
        "name": "optics",
    },
    "ncbActivateChrome": {"implant": {"name": "Kerenzikov", "active": {"unit": "rounds", "amount": 2}}},
    "ncbEddies": {
        "eddies": 1200,
        "kind": "service",
        "amount": 5000,
        "creditor": "Trauma Team",
        "reason": "rescue",
    },
}
