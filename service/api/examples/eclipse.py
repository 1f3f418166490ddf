"""Eclipse Phase request examples: the body of one stateless call per mechanic, by operationId."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .refusals import MayBeRefused

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

_GUARD = {
    "id": "guard",
    "name": "Hab security guard",
    "aptitudes": {"cog": 10, "int": 15, "ref": 15, "sav": 10, "som": 20, "wil": 10},
    "skills": [{"name": "Guns", "rating": 40}, {"name": "Fray", "rating": 35}, {"name": "Perceive", "rating": 30}],
    "armor": {"energy": 4, "kinetic": 6},
    "durability": 35,
    "initiative": 5,
}

# No after-roll body is accepted whatever the roll (each use improves only some readings, and none a
# critical success such as 00), so the pool point is spent where the fewest readings leave it nothing to do.
# Ana climbs to the guard post: she has no Athletics, so she defaults to SOM 15 (defaulting ignores
# critical successes: even 00 is a plain success), and climbing gear (major, +30) and good handholds
# (moderate, +20) make the target 65. Then every success (00 to 65) is one an upgrade improves (none or
# one superior success becomes one or two) and every failure (66 to 99) one it cannot: 34 readings
# refused, the fewest any use and target leave (tests/systems/eclipse/test_example_pool_point.py counts
# them). She spends Flex, which no later call touches, so no later answer depends on the point.
POOL_POINT_TEST: dict[str, Any] = {
    "character": "ana",
    "skill": "Athletics",
    "modifiers": [
        {"label": "climbing gear", "severity": "major"},
        {"label": "good handholds", "severity": "moderate"},
    ],
}
POOL_POINT: dict[str, Any] = {"character": "ana", "pool": "flex", "use": "upgrade"}
REFUSED_FROM = 66  # the lowest reading of POOL_POINT_TEST the upgrade is refused on: every failure, 66 to 99


def pool_point_refused(state: Mapping[str, Any]) -> bool:
    """Whether the live service refuses POOL_POINT: Ana's latest test (POOL_POINT_TEST) read 66 or more."""
    return bool(state["characters"]["ana"]["lastTest"]["roll"] >= REFUSED_FROM)


MAY_BE_REFUSED: dict[str, MayBeRefused] = {
    "eclipsePoolAfterRollInSession": MayBeRefused(
        code="eclipse/pool-use-has-no-effect",
        when=pool_point_refused,
        description=(
            "Ana spends her Flex point to upgrade her latest test: Athletics, defaulting to SOM 15, at +30 and +20 "
            "(target 65). Accepted whenever that test succeeded (a reading of 00 to 65: none or one superior success "
            "becomes one or two); refused with `eclipse/pool-use-has-no-effect` (409), the session unchanged, when it "
            "failed (66 to 99), since an upgrade only improves a success."
        ),
    ),
}

# In a session created from the eclipse createSession example, in this order (seat, operationId, body):
# Ana plays Ana Sequeira; Kay (GM) adds the guard and runs him. The combat is started with both in the
# initiative order, and Ana takes the initiative with a Vigor point so that her turn comes first whatever
# the counts; the guard's count (1d6 + 5, at least 6) is always above the count he delays to. The
# intrusion Ana ends is the one the setup has under way (`i1`), since whether a hack wins is the draw's.
# The pool point after a roll may be refused (MAY_BE_REFUSED above); no call after it depends on which.
IN_SESSION: list[tuple[str, str, dict[str, Any]]] = [
    ("Kay", "eclipseAddCharacterInSession", {"character": _GUARD}),
    (
        "Ana",
        "eclipseTestInSession",
        {
            "character": "ana",
            "skill": "Guns",
            "specialization": True,
            "modifiers": [{"label": "long range", "severity": "minor", "penalty": True}],
            "onSuperiorSuccess": ["quality"],
        },
    ),
    ("Ana", "eclipseTestInSession", POOL_POINT_TEST),
    ("Ana", "eclipsePoolAfterRollInSession", POOL_POINT),
    (
        "Ana",
        "eclipseOpposedTestInSession",
        {"a": {"character": "ana", "skill": "Infiltrate"}, "b": {"character": "guard", "skill": "Perceive"}},
    ),
    ("Ana", "eclipseRepTestInSession", {"character": "ana", "network": "@", "favor": "minor", "secrecy": 10}),
    ("Kay", "eclipseEditCharacterInSession", {"character": "ana", "skills": [{"name": "Infosec", "rating": 45}]}),
    ("Ana", "eclipsePoolOngoingInSession", {"character": "ana", "pool": "insight", "aptitude": "cog", "points": 1}),
    (
        "Ana",
        "eclipseHackInSession",
        {"hacker": {"character": "ana"}, "method": "subtle", "system": "hab door controller", "firewall": 40},
    ),
    ("Ana", "eclipseEndIntrusionInSession", {"intrusion": "i1"}),
    ("Kay", "eclipseDamageInSession", {"character": "ana", "weapon": {"dice": 0, "bonus": 12, "armor": "none"}}),
    ("Ana", "eclipsePoolUseInSession", {"character": "ana", "pool": "vigor", "use": "ignore-wound"}),
    ("Kay", "eclipseHealInSession", {"character": "ana", "damage": 12, "wounds": 1, "note": "medichines"}),
    (
        "Ana",
        "eclipseRechargeInSession",
        {"character": "ana", "kind": "short", "allocation": [{"pool": "vigor"}, {"pool": "insight"}]},
    ),
    ("Kay", "eclipseInitiativeInSession", {"characters": ["ana", "guard"]}),
    ("Ana", "eclipsePoolUseInSession", {"character": "ana", "pool": "vigor", "use": "take-initiative"}),
    ("Ana", "eclipseTakeActionInSession", {"character": "ana", "kind": "quick", "label": "draws her pistol"}),
    (
        "Ana",
        "eclipseAttackInSession",
        {
            "attack": "ranged",
            "attacker": {"character": "ana", "specialization": True},
            "defender": {"character": "guard"},
            "weapon": {"dice": 2, "sides": 10, "bonus": 4, "armor": "kinetic"},
        },
    ),
    ("Kay", "eclipseDelayInSession", {"character": "guard", "count": 5}),
    ("Kay", "eclipseFinishActionsInSession", {"character": "guard"}),
    ("Kay", "eclipseNextTurnInSession", {"expectedTurn": 1}),
    ("Kay", "eclipseEndCombatInSession", {"note": "the guard is down or gives up"}),
    ("Kay", "eclipseAdvanceTimeInSession", {"hours": 8}),
]
