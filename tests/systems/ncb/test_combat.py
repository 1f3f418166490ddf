"""The combat tracker: initiative order, turns and rounds, and the action economy."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.ncb.rules import turns
from service.systems.ncb.rules.turns import InitiativeEntry, roll_initiative
from service.systems.ncb.wire.combat import NcbCombatView
from support.dice import ScriptedStream


def fight() -> NcbCombatView:
    rolls = roll_initiative(
        ScriptedStream(12, 15, 12, 3),
        [
            InitiativeEntry("v", 3, 16),
            InitiativeEntry("jackie", 1, 12),
            InitiativeEntry("goon", 3, 14),
            InitiativeEntry("rat", 0),
        ],
    )
    return turns.start_turn(turns.begin(rolls), 30)


def test_initiative_is_d20_plus_bonus_highest_first_ties_to_bonus_then_dexterity() -> None:
    rolls = roll_initiative(
        ScriptedStream(10, 12, 10, 11, 11),
        [
            InitiativeEntry("a", 3, 12),
            InitiativeEntry("b", 1, 10),
            InitiativeEntry("c", 3, 16),
            InitiativeEntry("d", 2, 10),
            InitiativeEntry("e", 2, 10),
        ],
    )
    assert [(r.id, r.total) for r in rolls] == [("c", 13), ("a", 13), ("d", 13), ("e", 13), ("b", 13)]


def test_combat_starts_at_round_1_with_the_highest_initiative() -> None:
    c = fight()
    assert turns.ids(c) == ["jackie", "v", "goon", "rat"]
    assert c.round == 1 and c.current == "jackie" and c.economy.movement == 30


def test_one_action_and_one_bonus_action_per_turn() -> None:
    c = turns.spend(fight(), "jackie", "action")
    c = turns.spend(c, "jackie", "bonus-action")
    for slot, code in (("action", "ncb/action-used"), ("bonus-action", "ncb/bonus-action-used")):
        with pytest.raises(RuleViolation) as caught:
            turns.spend(c, "jackie", slot)
        assert caught.value.code == code


def test_actions_outside_your_own_turn_are_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        turns.spend(fight(), "v", "action")
    assert caught.value.code == "ncb/not-your-turn" and caught.value.extra["current"] == "jackie"


def test_one_reaction_per_round_any_time_back_at_your_own_turn() -> None:
    c = turns.spend(fight(), "goon", "reaction")
    with pytest.raises(RuleViolation) as caught:
        turns.spend(c, "goon", "reaction")
    assert caught.value.code == "ncb/reaction-used"
    c, _ = turns.advance(c, lambda cid: True)
    c, _ = turns.advance(c, lambda cid: True)
    assert c.current == "goon"
    c = turns.start_turn(c, 30)
    assert turns.spend(c, "goon", "reaction").reactions_used == ["goon"]


def test_movement_up_to_speed_and_dash_adds_speed() -> None:
    c = turns.move(fight(), "jackie", 20)
    with pytest.raises(RuleViolation) as caught:
        turns.move(c, "jackie", 15)
    assert caught.value.code == "ncb/movement-exhausted" and caught.value.extra["left"] == 10
    c = turns.move(turns.dash(c, 30), "jackie", 40)
    assert c.economy.movement_used == 60


def test_the_turn_passes_in_order_skips_the_dead_and_wraps_into_a_new_round() -> None:
    c = fight()
    alive = {"jackie", "v", "rat"}
    c, new_round = turns.advance(c, alive.__contains__)
    assert c.current == "v" and not new_round
    c, new_round = turns.advance(c, alive.__contains__)
    assert c.current == "rat" and not new_round
    c, new_round = turns.advance(c, alive.__contains__)
    assert c.current == "jackie" and new_round and c.round == 2


def test_nobody_left_to_act_ends_the_tracker() -> None:
    c, _ = turns.advance(fight(), lambda cid: False)
    assert c is None


def test_a_newcomer_joins_by_initiative_without_taking_the_turn() -> None:
    c, _ = turns.advance(fight(), lambda cid: True)
    (roll,) = roll_initiative(ScriptedStream(20), [InitiativeEntry("misty", 0)])
    c = turns.join(c, roll)
    assert turns.ids(c) == ["misty", "jackie", "v", "goon", "rat"] and c.current == "v" and c.turn == 2


def test_leaving_passes_the_turn_on() -> None:
    c = turns.leave(fight(), "jackie")
    assert c.current == "v" and turns.ids(c) == ["v", "goon", "rat"]
    assert turns.leave(turns.leave(turns.leave(c, "v"), "goon"), "rat") is None


def test_combatants_outside_the_order_cannot_spend() -> None:
    with pytest.raises(RuleViolation) as caught:
        turns.spend(fight(), "misty", "reaction")
    assert caught.value.code == "ncb/not-in-combat"
