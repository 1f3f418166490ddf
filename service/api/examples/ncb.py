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

_JUNO = {
    "id": "juno",
    "name": "Juno",
    "level": 3,
    "abilities": {"dexterity": 14, "constitution": 12, "wisdom": 16},
    "armorClass": 13,
    "armor": "light",
    "maxHp": 21,
    "chrome": [{"name": "Biomonitor"}],
    "weapons": [{"name": "Pistol", "damageDice": "1d8"}],
}

# In a session created from the ncb createSession example, in this order (seat, operationId, body):
# Ana plays V, Bo seats Juno, Kay (GM) runs the goon. The combat starts with V alone and the goon joins
# it, so the turn is V's whatever the initiative rolls; the calls after V's turn (end-combat, removing
# the goon) do not care whether V's attack dropped him. The GM's fixed damage then takes V to 0 HP with
# Last Breath offered, and (after Juno is patched up by V) to 0 again for a death save: neither depends
# on a roll. The heal puts V back on her feet whatever that save did.
IN_SESSION: list[tuple[str, str, dict[str, Any]]] = [
    ("Bo", "ncbAddCombatantInSession", {"combatant": _JUNO}),
    ("Ana", "ncbD20TestInSession", {"combatant": "v", "ability": "intelligence", "proficient": True, "dv": 15}),
    ("Kay", "ncbEddiesInSession", {"combatant": "v", "kind": "earn", "amount": 1000}),
    (
        "Ana",
        "ncbInstallChromeInSession",
        {
            "combatant": "v",
            "implant": {"name": "Kerenzikov", "passive": {"initiative": 2}, "active": {"unit": "rounds", "amount": 2}},
            "price": 1500,
            "clinic": "Viktor's clinic",
        },
    ),
    ("Ana", "ncbActivateChromeInSession", {"combatant": "v", "name": "Kerenzikov"}),
    (
        "Ana",
        "ncbRunProgramInSession",
        {"caster": "v", "target": "goon", "program": {"name": "Reboot optics", "tier": 0, "save": "constitution"}},
    ),
    ("Kay", "ncbStartCombatInSession", {"participants": ["v"]}),
    ("Kay", "ncbInitiativeInSession", {"combatant": "goon"}),
    ("Ana", "ncbMoveInSession", {"combatant": "v", "feet": 20}),
    (
        "Ana",
        "ncbTakeActionInSession",
        {"combatant": "v", "slot": "bonus-action", "action": "use-object", "note": "slaps a fresh magazine into Unity"},
    ),
    ("Ana", "ncbAttackInSession", {"attacker": "v", "target": "goon", "weaponName": "Unity"}),
    ("Ana", "ncbEndTurnInSession", {"combatant": "v"}),
    ("Kay", "ncbEndCombatInSession", {"note": "the Maelstrom crew scatters"}),
    ("Kay", "ncbRemoveCombatantInSession", {"combatant": "goon"}),
    ("Kay", "ncbDamageInSession", {"target": "v", "amount": 30, "kind": "environmental"}),
    ("Kay", "ncbDamageInSession", {"target": "v", "amount": 9}),
    ("Ana", "ncbLastBreathInSession", {"combatant": "v"}),
    ("Kay", "ncbGmAdjustInSession", {"combatant": "juno", "hp": 5}),
    ("Kay", "ncbDamageInSession", {"target": "juno", "amount": 6}),
    ("Ana", "ncbStabilizeInSession", {"helper": "v", "target": "juno", "method": "med-patch"}),
    ("Kay", "ncbDamageInSession", {"target": "v", "amount": 2}),
    ("Ana", "ncbDeathSaveInSession", {"combatant": "v"}),
    ("Kay", "ncbHealInSession", {"target": "v", "amount": 10}),
    ("Ana", "ncbShortRestInSession", {"combatant": "v", "spend": 2}),
    ("Ana", "ncbLongRestInSession", {"combatant": "v"}),
    ("Ana", "ncbLevelUpInSession", {"combatant": "v", "method": "average"}),
    ("Bo", "ncbUninstallChromeInSession", {"combatant": "juno", "name": "Biomonitor"}),
    (
        "Ana",
        "ncbEddiesInSession",
        {"combatant": "v", "kind": "service", "amount": 5000, "creditor": "Trauma Team", "reason": "rescue"},
    ),
]
