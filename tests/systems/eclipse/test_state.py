"""The typed session state reads the JSON a table has always stored and writes it back the same."""

from __future__ import annotations

import copy

from service.declare import dump_state, load_state
from service.systems.eclipse.state import EclipseState

from .tables import table

KEPT = {
    "id": "t9", "roll": 17, "target": 55, "success": True, "critical": False, "superior": 0, "defaulting": False,
    "criticalIgnored": False, "replaced": 0, "aptitude": "ref", "kind": "skill", "points": 0,
}  # fmt: skip
STORED = {  # a table in play, as sessions stored it before the state was typed
    "rules": table()["rules"],
    "clock": {"day": 2, "minute": 410, "week": 0, "arc": 1},
    "characters": {
        "ana": {
            "id": "ana", "name": "Ana", "player": "ana",
            "aptitudes": {"cog": 20, "int": 15, "ref": 20, "sav": 10, "som": 15, "wil": 15},
            "skills": {"guns": {"name": "Guns", "rating": 55, "aptitude": "ref", "category": "combat", "specialization": "Kinetic Weapons"}},
            "pools": {"insight": {"current": 1, "max": 2}, "moxie": {"current": 0, "max": 1}, "vigor": {"current": 0, "max": 3}, "flex": {"current": 0, "max": 1}},
            "rep": {"r": {"score": 30, "minorThisWeek": 0, "moderateThisWeek": 1, "majorThisArc": 0}},
            "armor": {"energy": 4, "kinetic": 6}, "durability": 35, "woundThreshold": 7, "deathRating": 53,
            "synthetic": False, "flat": False, "initiative": 7, "damage": 3, "wounds": 0, "traumas": 1, "condition": "active",
            "ignoredWounds": 0, "ignoredTraumas": 1, "ongoing": [{"pool": "insight", "aptitude": "cog", "bonus": 5}],
            "nextTestModifier": -20, "recharges": {"short": 1, "long": 0}, "rechargeLog": [{"kind": "short", "at": 3290}],
            "tests": [KEPT], "lastTest": KEPT,
        },
    },
    "combat": {
        "turn": 2,
        "order": [{"name": "ana", "initiative": 7, "ref": 20, "roll": 4, "count": 11, "rollOffs": [40, 12], "position": 1}],
        "actions": {"ana": [{"kind": "task", "nature": "mesh", "label": "subtle intrusion"}]},
        "extras": {"ana": ["physical"]}, "first": ["ana"], "mentalOnly": [], "lost": [], "loseNext": ["ana"], "finished": [],
    },
    "intrusions": {
        "i1": {"id": "i1", "hacker": "ana", "system": "door", "firewall": 30, "method": "subtle", "privileges": "user", "status": "covert"},
    },
    "nextIntrusion": 2,
    "nextTest": 10,
}  # fmt: skip


def test_a_stored_table_loads_and_dumps_unchanged() -> None:
    stored = copy.deepcopy(STORED)
    typed = load_state(EclipseState, stored)
    assert typed.characters["ana"].last_test == typed.characters["ana"].tests[0]
    assert typed.combat is not None and typed.combat.order[0].roll_offs == [40, 12]
    assert dump_state(EclipseState, typed) == STORED and stored == STORED


def test_a_new_table_is_stored_in_the_same_shape() -> None:
    fresh = table()
    assert fresh.keys() == STORED.keys()
    assert fresh["characters"]["ana"].keys() == STORED["characters"]["ana"].keys()
    assert (fresh["combat"], fresh["intrusions"], fresh["nextIntrusion"], fresh["nextTest"]) == (None, {}, 1, 1)


def test_a_table_stored_before_the_clock_had_minutes_still_loads() -> None:
    older = copy.deepcopy(STORED)
    del older["clock"]["minute"], older["characters"]["ana"]["rechargeLog"], older["combat"]["finished"]
    typed = load_state(EclipseState, older)
    assert (typed.clock.minute, typed.characters["ana"].recharge_log, typed.combat and typed.combat.finished) == (0, (), ())
