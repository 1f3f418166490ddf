"""Eclipse Phase request examples: the body of one stateless call per mechanic, by operationId."""

from __future__ import annotations

from typing import Any

STATELESS: dict[str, dict[str, Any]] = {
    "eclipseTest": {
        "target": 55,
        "aptitude": "ref",
        "specialization": True,
        "modifiers": [
            {"severity": "minor", "penalty": True},
            {"value": 40},
            {"value": 30},
        ],
        "helpers": [{"rating": 50}],
        "poolSpends": [{"pool": "vigor", "use": "flip-flop"}],
        "onSuperiorSuccess": ["damage", "time"],
        "onCriticalSuccess": "double-damage",
        "task": {"amount": 2, "unit": "hours", "extraTimeSteps": 1},
        "damage": {"dice": 2, "sides": 10, "bonus": 3},
    },
    "eclipseOpposedTest": {
        "a": {"target": 60, "poolSpends": [{"pool": "flex", "use": "plus-twenty"}]},
        "b": {"target": 45},
    },
    "eclipsePoolAfterRoll": {
        "roll": 83,
        "target": 50,
        "pool": "flex",
        "use": "flip-flop",
    },
    "eclipseAttack": {
        "attack": "melee",
        "attacker": {"target": 70, "aptitude": "som"},
        "defender": {"fray": 40, "melee": 35},
        "weapon": {"dice": 1, "sides": 10, "bonus": 3},
        "target": {
            "armorKinetic": 6,
            "woundThreshold": 7,
            "durability": 35,
            "deathRating": 53,
        },
    },
    "eclipseDamage": {
        "weapon": {"dice": 2, "sides": 10, "bonus": 4, "armor": "kinetic"},
        "target": {
            "armorKinetic": 6,
            "woundThreshold": 7,
            "durability": 35,
            "deathRating": 53,
        },
    },
    "eclipseHack": {
        "method": "subtle",
        "infosec": 70,
        "firewall": 40,
        "poolSpends": [{"pool": "insight", "use": "upgrade"}],
    },
    "eclipseRepTest": {
        "network": "@",
        "score": 60,
        "favor": "minor",
        "used": 1,
        "secrecy": 10,
    },
    "eclipseInitiative": {
        "combatants": [
            {"name": "Ana", "initiative": 7, "ref": 20},
            {"name": "Guard", "initiative": 5, "ref": 15},
        ]
    },
    "eclipseTakeAction": {
        "actions": [
            {"kind": "complex"},
            {"kind": "quick", "nature": "mesh"},
            {"kind": "automatic"},
        ]
    },
    "eclipsePoolUse": {
        "pool": "moxie",
        "use": "refresh-rep",
        "available": 2,
        "favor": "moderate",
    },
    "eclipseRecharge": {
        "kind": "short",
        "pools": {
            "insight": {"current": 1, "max": 2},
            "moxie": {"current": 2, "max": 2},
            "vigor": {"current": 0, "max": 3},
            "flex": {"current": 1, "max": 1},
        },
        "allocation": [{"pool": "vigor", "upTo": 2}, {"pool": "insight"}],
    },
}
