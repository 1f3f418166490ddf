"""Typical inputs of the costlier odds, by operationId: the published example varied over the
numbers tables really use, so the "typical spread" of `odds_games.py` is not one lucky example.

Each body is the odds input (no seeds). A mechanic not listed here is timed on its example alone.
"""

from __future__ import annotations

from itertools import product
from typing import Any

_MODIFIERS = ([], [{"value": 10}], [{"value": -20}], [{"severity": "minor", "penalty": True}, {"value": 30}])
_SPENDS = ([], [{"pool": "flex", "use": "flip-flop"}], [{"pool": "flex", "use": "upgrade"}])


def _eclipse_test() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for target, modifiers, spends in product(range(10, 91, 20), _MODIFIERS, _SPENDS):
        out.append({"target": target, "modifiers": modifiers, "poolSpends": spends})
    for target in (25, 55, 80):  # with a weapon and superior choices
        out.append({"target": target, "onSuperiorSuccess": ["damage", "damage"], "onCriticalSuccess": "double-damage",
                    "damage": {"dice": 2, "sides": 10, "bonus": 3}})
    return out


def _eclipse_opposed() -> list[dict[str, Any]]:
    return [{"a": {"target": a, "modifiers": m}, "b": {"target": b}} for a, b, m in product((30, 50, 70), (20, 45, 60), _MODIFIERS[:3])]


def _eclipse_attack() -> list[dict[str, Any]]:
    out = []
    for skill, fray, dice, armor in product((40, 60, 80), (30, 50), (1, 2), (0, 6, 10)):
        out.append({"attack": "melee", "attacker": {"target": skill}, "defender": {"fray": fray, "melee": fray - 5},
                    "weapon": {"dice": dice, "sides": 10, "bonus": 2},
                    "target": {"armorKinetic": armor, "woundThreshold": 7, "durability": 35, "deathRating": 53}})
    return out


def _eclipse_hack() -> list[dict[str, Any]]:
    return [{"method": method, "infosec": infosec, "firewall": firewall, "poolSpends": spends}
            for method, infosec, firewall, spends in product(("subtle", "brute-force"), (40, 60, 80), (30, 50), _SPENDS[:2])]


def _eclipse_rep() -> list[dict[str, Any]]:
    return [{"network": "@", "score": score, "favor": favor, "used": used, "secrecy": secrecy}
            for score, favor, used, secrecy in product((30, 50, 70), ("minor", "moderate"), (0, 1), (0, 10)) if favor == "minor" or not used]


def _ncb_d20() -> list[dict[str, Any]]:
    return [{"modifier": m, "dv": dv, "advantage": adv} for m, dv, adv in product((0, 3, 7), (10, 14, 18), (False, True))]


def _ncb_initiative() -> list[dict[str, Any]]:
    return [{"participants": [{"id": f"p{i}", "bonus": b} for i, b in enumerate(bonuses)]}
            for bonuses in ((5, 0), (2, 2), (3, 1, 0), (4, 4, 2), (6, 1, 0, -1))]


def _ncb_attack() -> list[dict[str, Any]]:
    out = []
    for dex, dice, ac, armor, tags in product((12, 16, 20), ("1d6", "2d6", "2d8"), (11, 13, 16), ("none", "heavy"), ([], ["armor-penetration"])):
        out.append({"attacker": {"dexterity": dex, "level": 5}, "weapon": {"name": "Gun", "damageDice": dice, "tags": tags},
                    "target": {"armorClass": ac, "armor": armor, "hp": 30, "maxHp": 30}})
    return out


def _ncb_program() -> list[dict[str, Any]]:
    out = []
    for score, dice, save, bonus in product((14, 18), ("2d6", "3d6", "4d8"), ("dexterity", "constitution"), (0, 2, 5)):
        out.append({"caster": {"level": 5, "programAbilityScore": score, "ram": 4, "programSlots": [{"tier": 1, "total": 2}]},
                    "program": {"name": "Short circuit", "tier": 1, "ramCost": 2, "save": save, "damageDice": dice},
                    "saveModifier": bonus})
    return out


def _neuro_stk() -> list[dict[str, Any]]:
    return [{"style": style, "training": training, "knowledge": "d10", "dn": dn, "luck": luck, "luckPool": 3, "negativeStates": states}
            for style, training, dn, luck, states in product(("d6", "d8", "d12"), ("d4", "d8"), (10, 14), (0, 1), (0, 2))]


def _neuro_flat() -> list[dict[str, Any]]:
    return [{"category": "style", "rating": rating, "negativeStates": states} for rating, states in product(("d4", "d6", "d8", "d10", "d12"), (0, 1, 3))]


def _ncb_damage() -> list[dict[str, Any]]:
    return [{"target": {"hp": hp, "maxHp": 20, "armor": armor}, "dice": dice}
            for hp, armor, dice in product((4, 12, 20), ("none", "heavy"), ("1d6+2", "2d6+4", "3d8"))]


def _ncb_heal() -> list[dict[str, Any]]:
    return [{"target": {"hp": hp, "maxHp": 20, "condition": "dying" if hp == 0 else "up"}, "dice": dice}
            for hp, dice in product((0, 7, 15), ("1d4+1", "2d4+2", "4d4+4"))]


def _ncb_death_save() -> list[dict[str, Any]]:
    return [{"successes": s, "failures": f} for s, f in product((0, 1, 2), (0, 1, 2))]


def _eclipse_damage() -> list[dict[str, Any]]:
    return [{"weapon": {"dice": dice, "sides": 10, "bonus": bonus, "armor": "kinetic"},
             "target": {"armorKinetic": armor, "woundThreshold": 7, "durability": 35, "deathRating": 53}}
            for dice, bonus, armor in product((1, 2, 3), (0, 4), (0, 6, 10))]


def _eclipse_initiative() -> list[dict[str, Any]]:
    return [{"combatants": [{"name": f"c{i}", "initiative": init, "ref": ref} for i, (init, ref) in enumerate(side)]}
            for side in (((7, 20), (5, 15)), ((6, 20), (6, 20)), ((8, 25), (5, 15), (5, 15)), ((4, 10), (6, 20), (7, 20), (3, 10)))]


_DICE = ("1d20+5", "2d6", "3d6", "4d6kh3", "2d20kh1+7", "2d20kl1+3", "8d6", "1d100", "3d6!", "1d8+1d6+3", "10d10>=8", "2d10+4")


SPREAD: dict[str, list[dict[str, Any]]] = {
    "diceRoll": [{"expression": e} for e in _DICE],
    "eclipseTest": _eclipse_test(),
    "eclipseOpposedTest": _eclipse_opposed(),
    "eclipseAttack": _eclipse_attack(),
    "eclipseHack": _eclipse_hack(),
    "eclipseRepTest": _eclipse_rep(),
    "ncbD20Test": _ncb_d20(),
    "ncbInitiative": _ncb_initiative(),
    "ncbAttack": _ncb_attack(),
    "ncbRunProgram": _ncb_program(),
    "ncbDamage": _ncb_damage(),
    "ncbHeal": _ncb_heal(),
    "ncbDeathSave": _ncb_death_save(),
    "eclipseDamage": _eclipse_damage(),
    "eclipseInitiative": _eclipse_initiative(),
    "neurosystemStkCheck": _neuro_stk(),
    "neurosystemFlatCheck": _neuro_flat(),
}
