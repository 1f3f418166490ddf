"""The ncb session examples, sent in order over GraphQL from the seats they name, do what the rules say."""

from __future__ import annotations

from typing import Any

from support.api import Api
from support.session_examples import send_over_graphql, session_operations

from service.api.examples import IN_SESSION

ANSWERS = {
    "ncbAddCombatantInSession": "combatant { id owner }",
    "ncbD20TestInSession": "roll { modifier dv }",
    "ncbInstallChromeInSession": "bonuses { initiative } payment { eddies totalDebt }",
    "ncbRunProgramInSession": "saveDc ramSpent",
    "ncbInitiativeInSession": "combat { current order { id } }",
    "ncbMoveInSession": "economy { movement movementUsed }",
    "ncbAttackInSession": "economy",
    "ncbDamageInSession": "outcome { dealt hpAfter condition lastBreathOffered }",
    "ncbLastBreathInSession": "hp condition exhaustion",
    "ncbStabilizeInSession": "stabilized condition",
    "ncbDeathSaveInSession": "result",
    "ncbHealInSession": "hpAfter condition",
    "ncbShortRestInSession": "hitDiceLeft hp",
    "ncbLongRestInSession": "hp exhaustion lastBreath hitDice",
    "ncbLevelUpInSession": "level maxHp proficiencyBonus",
    "ncbEddiesInSession": "eddies totalDebt",
}


def test_every_ncb_session_body_has_an_example() -> None:
    sent = {operation for _, operation, _ in IN_SESSION["ncb"]}
    assert session_operations("ncb") - sent == set()


def test_the_ncb_session_examples_are_accepted_over_graphql_in_order(memory_api: Api) -> None:
    answers = send_over_graphql(memory_api, "ncb", ANSWERS)
    assert [a["seq"] for a in answers] == list(range(len(IN_SESSION["ncb"])))
    by: dict[str, list[Any]] = {}
    for (_, operation, _), answer in zip(IN_SESSION["ncb"], answers, strict=True):
        by.setdefault(operation, []).append(answer.get("result"))
    assert by["ncbAddCombatantInSession"][0] == {"combatant": {"id": "juno", "owner": "Bo"}}
    # V: Intelligence 16 (+3) and proficiency +3 at level 5; program save DC 8 + 3 + 3.
    assert by["ncbD20TestInSession"][0] == {"roll": {"modifier": 6, "dv": 15}}
    assert by["ncbRunProgramInSession"][0] == {"saveDc": 14, "ramSpent": 0}  # a quickhack is at-will
    # 1000 eddies pay for part of the 1500 implant; the rest is service debt.
    assert by["ncbInstallChromeInSession"][0] == {"bonuses": {"initiative": 2}, "payment": {"eddies": 0, "totalDebt": 500}}
    joined = by["ncbInitiativeInSession"][0]["combat"]
    assert joined["current"] == "v" and {slot["id"] for slot in joined["order"]} == {"v", "goon"}  # the turn stays V's
    assert by["ncbMoveInSession"][0] == {"economy": {"movement": 30, "movementUsed": 20}}
    assert by["ncbAttackInSession"][0] == {"economy": "action"}
    environmental, drop, juno, again = (r["outcome"] for r in by["ncbDamageInSession"])
    assert environmental == {"dealt": 30, "hpAfter": 8, "condition": "up", "lastBreathOffered": False}
    # Light armor takes 1 off physical damage; 8 of V's 38 drops her without killing her outright.
    assert drop == {"dealt": 8, "hpAfter": 0, "condition": "dying", "lastBreathOffered": True}
    assert by["ncbLastBreathInSession"][0] == {"hp": 1, "condition": "up", "exhaustion": 1}
    assert juno == {"dealt": 5, "hpAfter": 0, "condition": "dying", "lastBreathOffered": True}
    assert by["ncbStabilizeInSession"][0] == {"stabilized": True, "condition": "stable"}  # a med-patch rolls nothing
    assert again == {"dealt": 1, "hpAfter": 0, "condition": "dying", "lastBreathOffered": False}  # Last Breath is spent
    save = by["ncbDeathSaveInSession"][0]["result"]
    assert save in {"success", "failure", "revived"}  # one save from none
    # A natural 20 revives V with 1 HP before the heal of 10; otherwise she is healed from 0.
    assert by["ncbHealInSession"][0] == {"hpAfter": 11 if save == "revived" else 10, "condition": "up"}
    short = by["ncbShortRestInSession"][0]
    healed = by["ncbHealInSession"][0]["hpAfter"]
    assert short["hitDiceLeft"] == 3 and healed + 2 <= short["hp"] <= healed + 16  # two d8 hit dice, Constitution +0
    assert by["ncbLongRestInSession"][0] == {"hp": 38, "exhaustion": 0, "lastBreath": True, "hitDice": 5}
    assert by["ncbLevelUpInSession"][0] == {"level": 6, "maxHp": 43, "proficiencyBonus": 3}  # d8 average 5
    assert by["ncbEddiesInSession"] == [{"eddies": 1000, "totalDebt": 0}, {"eddies": 0, "totalDebt": 5500}]
