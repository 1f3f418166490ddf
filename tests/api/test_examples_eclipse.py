"""The eclipse session examples, sent in order over GraphQL from the seats they name, do what the rules say."""

from __future__ import annotations

from typing import Any

from support.api import Api
from support.session_examples import send_over_graphql, session_operations

from service.api.examples import IN_SESSION
from service.api.examples.eclipse import REFUSED_FROM

# Every session operation with a body is sent; the pool point after the roll may be refused (MAY_BE_REFUSED).
LEFT_OUT: set[str] = set()

ANSWERS = {
    "eclipseTestInSession": "testId test { roll target defaulting success superiorSuccesses }",
    "eclipsePoolAfterRollInSession": "testId before { roll superiorSuccesses } after { roll superiorSuccesses } pools { flex { current } }",
    "eclipseRepTestInSession": "limit usedBefore",
    "eclipsePoolOngoingInSession": "bonus",
    "eclipseHackInSession": "action timeframeHours",
    "eclipseEndIntrusionInSession": "intrusion ended",
    "eclipseDamageInSession": "harm { taken wounds condition }",
    "eclipsePoolUseInSession": "cost remaining",
    "eclipseHealInSession": "damage wounds condition",
    "eclipseRechargeInSession": "rolled timeframeMinutes",
    "eclipseInitiativeInSession": "order { name initiative roll count }",
    "eclipseAttackInSession": "actionTurn { turn pattern }",
    "eclipseDelayInSession": "order { name count }",
    "eclipseFinishActionsInSession": "finished acting",
    "eclipseNextTurnInSession": "turn acting",
    "eclipseAdvanceTimeInSession": "minute time",
}


def test_every_eclipse_session_body_has_an_example() -> None:
    sent = {operation for _, operation, _ in IN_SESSION["eclipse"]}
    assert session_operations("eclipse") - sent == LEFT_OUT


def test_the_eclipse_session_examples_are_accepted_over_graphql_in_order(memory_api: Api) -> None:
    answers = send_over_graphql(memory_api, "eclipse", ANSWERS)
    accepted = [a for a in answers if "refused" not in a]
    assert [a["seq"] for a in accepted] == list(range(len(accepted)))  # a refused call takes no seq
    by: dict[str, list[Any]] = {}
    for (_, operation, _), answer in zip(IN_SESSION["eclipse"], answers, strict=True):
        by.setdefault(operation, []).append(answer.get("result", answer))
    climb = by["eclipseTestInSession"][1]
    # Athletics defaulting to SOM 15, +30 and +20: target 65.
    assert (climb["test"]["target"], climb["test"]["defaulting"]) == (65, True)
    point = by["eclipsePoolAfterRollInSession"][0]
    if climb["test"]["roll"] >= REFUSED_FROM:  # a failure: nothing for an upgrade to improve
        assert climb["test"]["success"] is False and point == {"refused": "eclipse/pool-use-has-no-effect"}
    else:  # a success, 00 included: one more superior success, for Ana's one Flex point
        superior = climb["test"]["superiorSuccesses"]
        assert point["testId"] == climb["testId"] and point["before"] == {"roll": climb["test"]["roll"], "superiorSuccesses": superior}
        assert point["after"] == {"roll": climb["test"]["roll"], "superiorSuccesses": superior + 1} and point["pools"] == {"flex": {"current": 0}}
    assert by["eclipseRepTestInSession"][0] == {"limit": 3, "usedBefore": 0}  # Minor favors: 3 a week
    assert by["eclipsePoolOngoingInSession"][0] == {"bonus": 5}  # 1 point: +5
    assert by["eclipseHackInSession"][0] == {"action": "task", "timeframeHours": 1}  # a subtle intrusion
    assert by["eclipseEndIntrusionInSession"][0] == {"intrusion": "i1", "ended": True}  # the one the setup had under way
    # 12 damage against a wound threshold of 7 (Durability 35 ÷ 5): one wound, still active.
    assert by["eclipseDamageInSession"][0] == {"harm": {"taken": 12, "wounds": 1, "condition": "active"}}
    ignore_wound, take_initiative = by["eclipsePoolUseInSession"]
    assert ignore_wound == {"cost": 1, "remaining": 2}  # Vigor 3, one point spent
    assert take_initiative["cost"] == 1
    assert by["eclipseHealInSession"][0] == {"damage": 0, "wounds": 0, "condition": "active"}
    recharge = by["eclipseRechargeInSession"][0]
    assert 1 <= recharge["rolled"] <= 6 and recharge["timeframeMinutes"] == 10  # 1d6 points in 10 minutes
    order = by["eclipseInitiativeInSession"][0]["order"]
    assert {slot["name"] for slot in order} == {"ana", "guard"}
    assert all(1 <= slot["roll"] <= 6 and slot["count"] == slot["roll"] + slot["initiative"] for slot in order)
    assert by["eclipseAttackInSession"][0] == {"actionTurn": {"turn": 1, "pattern": "complex-and-quick"}}
    assert {slot["name"]: slot["count"] for slot in by["eclipseDelayInSession"][0]["order"]}["guard"] == 5
    assert by["eclipseFinishActionsInSession"][0] == {"finished": ["ana", "guard"], "acting": None}
    assert by["eclipseNextTurnInSession"][0] == {"turn": 2, "acting": "ana"}  # the guard kept his delayed count
    assert by["eclipseAdvanceTimeInSession"][0] == {"minute": 480, "time": "day 0, 08:00"}
