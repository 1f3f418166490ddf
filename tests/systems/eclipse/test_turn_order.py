"""Turn order inside an action turn: only the character whose turn it is may act, attack or hack, and
attacks and hacks count against the turn's actions like any other."""

from __future__ import annotations

from service.systems.eclipse import session_combat, session_hacking, session_pools
from service.systems.eclipse import session_models as sm
from service.systems.eclipse.turn_order import acting_order, turn_filled, whose_turn
from support.dice import d100

from .tables import ANA_SEAT, GM, act, refused, table

SHOT = {"attack": "ranged", "attacker": {"character": "ana"}, "defender": {"character": "guard"}, "weapon": {"dice": 1, "sides": 10}}
ACTION = sm.EclipseTakeActionInSession


def fight() -> dict:
    s, order = act(session_combat.initiative, table(), sm.EclipseInitiativeInSession, {}, 3, 6)  # guard 11, ana 10
    assert (order.acting, order.finished) == ("guard", [])
    return s


def test_a_player_cannot_act_or_attack_before_their_turn() -> None:
    s = fight()
    early = refused(session_combat.take_action, s, ACTION, {"character": "ana", "kind": "quick"}, ANA_SEAT)
    assert (early.code, early.status) == ("eclipse/out-of-turn", 409)
    assert "guard's turn" in early.detail
    assert refused(session_combat.attack, s, sm.EclipseAttackInSession, SHOT, ANA_SEAT).code == "eclipse/out-of-turn"


def test_the_turn_passes_when_a_character_finishes_or_fills_its_turn() -> None:
    s = fight()
    s, turn = act(session_combat.finish_actions, s, sm.EclipseFinishActions, {"character": "guard"})
    assert (turn.acting, turn.finished) == ("ana", ["guard"])
    s, _ = act(session_combat.attack, s, sm.EclipseAttackInSession, SHOT, d100(10), d100(20), actor=ANA_SEAT)  # a complex action
    s, _ = act(session_combat.take_action, s, ACTION, {"character": "ana", "kind": "quick"}, actor=ANA_SEAT)
    assert whose_turn(s["combat"], s["characters"]) is None  # complex + quick: nothing more fits
    late = refused(session_combat.take_action, s, ACTION, {"character": "ana", "kind": "automatic"}, ANA_SEAT)
    assert late.code == "eclipse/out-of-turn" and "everyone has acted" in late.detail
    s, turn = act(session_combat.next_turn, s, sm.EclipseNextTurn, {})
    assert (turn.acting, turn.finished) == ("guard", [])


def test_an_extra_action_gives_the_turn_back() -> None:
    s = fight()
    s, _ = act(session_combat.finish_actions, s, sm.EclipseFinishActions, {"character": "guard"})
    for kind in ("quick", "quick", "quick"):
        s, _ = act(session_combat.take_action, s, ACTION, {"character": "ana", "kind": kind}, actor=ANA_SEAT)
    assert whose_turn(s["combat"], s["characters"]) is None
    s, _ = act(session_pools.pool_use, s, sm.EclipsePoolUseInSession, {"character": "ana", "pool": "vigor", "use": "extra-action"}, actor=ANA_SEAT)
    assert whose_turn(s["combat"], s["characters"]) == "ana"


def test_taking_the_initiative_acts_first_and_the_gm_may_act_for_anyone() -> None:
    s = fight()
    s, _ = act(session_pools.pool_use, s, sm.EclipsePoolUseInSession, {"character": "ana", "pool": "vigor", "use": "take-initiative"}, actor=ANA_SEAT)
    assert acting_order(s["combat"]) == ["ana", "guard"]
    s, _ = act(session_combat.take_action, s, ACTION, {"character": "ana", "kind": "complex"}, actor=ANA_SEAT)
    s, _ = act(session_combat.take_action, s, ACTION, {"character": "guard", "kind": "quick"})  # the GM's seat, out of order
    assert whose_turn(s["combat"], s["characters"]) == "ana"


def test_finishing_twice_or_out_of_turn_is_refused() -> None:
    s = fight()
    assert refused(session_combat.finish_actions, s, sm.EclipseFinishActions, {"character": "ana"}, ANA_SEAT).code == "eclipse/out-of-turn"
    s, _ = act(session_combat.finish_actions, s, sm.EclipseFinishActions, {"character": "guard"})
    assert refused(session_combat.finish_actions, s, sm.EclipseFinishActions, {"character": "guard"}).code == "eclipse/out-of-turn"


def test_characters_who_cannot_act_or_lost_the_turn_are_passed_over() -> None:
    s = fight()
    s["characters"]["guard"]["condition"] = "incapacitated"
    assert whose_turn(s["combat"], s["characters"]) == "ana"
    s = fight()
    s["combat"]["lost"] = ["guard"]
    assert whose_turn(s["combat"], s["characters"]) == "ana"


def test_without_initiative_nothing_is_enforced() -> None:
    _, out = act(session_combat.attack, table(), sm.EclipseAttackInSession, SHOT, d100(10), d100(20), actor=ANA_SEAT)
    assert out.attacker_character == "ana"


def test_a_turn_is_full_when_no_quick_action_fits() -> None:
    assert not turn_filled([("complex", "physical")], [])
    assert turn_filled([("complex", "physical"), ("quick", "mental")], [])
    assert turn_filled([("task", "physical"), ("quick", "physical")], [])
    assert not turn_filled([("complex", "physical"), ("quick", "mental")], ["physical"])


# -- attacks and hacks count against the action turn -------------------------------------------

BRUTE = {"hacker": {"character": "ana"}, "method": "brute-force", "system": "door", "firewall": 10}


def ana_acts() -> dict:
    """Ana's turn in a running action turn: the guard has finished."""
    s, _ = act(session_combat.finish_actions, fight(), sm.EclipseFinishActions, {"character": "guard"})
    return s


def test_after_a_complex_and_a_quick_action_an_attack_is_refused_with_the_rule_named() -> None:
    s = ana_acts()
    s, _ = act(session_combat.take_action, s, ACTION, {"character": "ana", "kind": "complex"}, actor=ANA_SEAT)
    s, _ = act(session_combat.take_action, s, ACTION, {"character": "ana", "kind": "quick"}, actor=ANA_SEAT)
    for seat in (ANA_SEAT, GM):  # the GM's seat may act out of turn, not past the budget
        late = refused(session_combat.attack, s, sm.EclipseAttackInSession, SHOT, seat)
        assert (late.code, late.status) == ("eclipse/action-budget-exceeded", 409)
        assert "1 complex, 1 quick" in late.detail


def test_a_second_attack_in_the_same_turn_is_refused() -> None:
    s = ana_acts()
    s, first = act(session_combat.attack, s, sm.EclipseAttackInSession, SHOT, d100(10), d100(20), actor=ANA_SEAT)
    assert (first.action_turn.pattern, [a.kind for a in first.action_turn.actions]) == ("complex-and-quick", ["complex"])
    assert first.action_turn.actions[0].label == "ranged attack"
    assert refused(session_combat.attack, s, sm.EclipseAttackInSession, SHOT, ANA_SEAT).code == "eclipse/action-budget-exceeded"
    s, _ = act(session_combat.take_action, s, ACTION, {"character": "ana", "kind": "quick"}, actor=ANA_SEAT)  # the quick one still fits


def test_an_extra_action_makes_room_for_a_second_attack() -> None:
    s = ana_acts()
    s, _ = act(session_combat.attack, s, sm.EclipseAttackInSession, SHOT, d100(10), d100(20), actor=ANA_SEAT)
    s, _ = act(session_pools.pool_use, s, sm.EclipsePoolUseInSession, {"character": "ana", "pool": "vigor", "use": "extra-action"}, actor=ANA_SEAT)
    s, second = act(session_combat.attack, s, sm.EclipseAttackInSession, SHOT, d100(10), d100(20), actor=ANA_SEAT)
    assert second.action_turn.pattern == "complex-and-quick+extra"


def test_an_attack_is_physical_so_insights_initiative_forbids_it_but_not_a_hack() -> None:
    s = fight()
    s, _ = act(session_pools.pool_use, s, sm.EclipsePoolUseInSession, {"character": "ana", "pool": "insight", "use": "take-initiative"}, actor=ANA_SEAT)
    assert refused(session_combat.attack, s, sm.EclipseAttackInSession, SHOT, ANA_SEAT).code == "eclipse/action-budget-exceeded"
    s, hacked = act(session_hacking.hack, s, sm.EclipseHackInSession, BRUTE, d100(10), d100(50), actor=ANA_SEAT)
    assert [(a.kind, a.nature) for a in hacked.action_turn.actions] == [("complex", "mesh")]


def test_a_character_that_lost_its_actions_cannot_attack() -> None:
    s = fight()
    s["combat"]["lost"] = ["guard"]
    guard_shot = {**SHOT, "attacker": {"character": "guard"}, "defender": {"character": "ana"}}
    assert refused(session_combat.attack, s, sm.EclipseAttackInSession, guard_shot).code == "eclipse/action-budget-exceeded"


def test_a_table_may_count_attacks_as_quick_actions() -> None:
    s, _ = act(session_combat.initiative, table(attackAction="quick"), sm.EclipseInitiativeInSession, {}, 3, 6)
    s, _ = act(session_combat.finish_actions, s, sm.EclipseFinishActions, {"character": "guard"})
    for _ in range(3):
        s, out = act(session_combat.attack, s, sm.EclipseAttackInSession, SHOT, d100(10), d100(20), actor=ANA_SEAT)
    assert out.action_turn.pattern == "three-quick"
    assert refused(session_combat.attack, s, sm.EclipseAttackInSession, SHOT, ANA_SEAT).code == "eclipse/action-budget-exceeded"


def test_a_brute_force_hack_is_a_complex_action_and_a_subtle_intrusion_a_task() -> None:
    s = ana_acts()
    s, _ = act(session_combat.take_action, s, ACTION, {"character": "ana", "kind": "complex"}, actor=ANA_SEAT)
    assert refused(session_hacking.hack, s, sm.EclipseHackInSession, BRUTE, ANA_SEAT).code == "eclipse/action-budget-exceeded"
    assert refused(session_hacking.hack, s, sm.EclipseHackInSession, BRUTE | {"method": "subtle"}, ANA_SEAT).code == "eclipse/action-budget-exceeded"
    s = ana_acts()
    s, hacked = act(session_hacking.hack, s, sm.EclipseHackInSession, BRUTE, d100(10), d100(50), actor=ANA_SEAT)
    assert (hacked.action_turn.actions[0].kind, hacked.action_turn.actions[0].label) == ("complex", "brute-force hack")
    assert refused(session_combat.attack, s, sm.EclipseAttackInSession, SHOT, ANA_SEAT).code == "eclipse/action-budget-exceeded"
    s = ana_acts()
    s, subtle = act(session_hacking.hack, s, sm.EclipseHackInSession, BRUTE | {"method": "subtle"}, d100(10), d100(50), actor=ANA_SEAT)
    assert subtle.action_turn.pattern == "task-and-quick"


def test_a_hack_out_of_turn_is_refused_and_without_initiative_nothing_is_counted() -> None:
    assert refused(session_hacking.hack, fight(), sm.EclipseHackInSession, BRUTE, ANA_SEAT).code == "eclipse/out-of-turn"
    _, hacked = act(session_hacking.hack, table(), sm.EclipseHackInSession, BRUTE, d100(10), d100(50), actor=ANA_SEAT)
    assert hacked.action_turn is None


def test_a_character_outside_the_order_acts_only_from_the_gm_seat_and_counts_nothing() -> None:
    s, _ = act(session_combat.initiative, table(), sm.EclipseInitiativeInSession, {"characters": ["guard"]}, 3)
    assert refused(session_hacking.hack, s, sm.EclipseHackInSession, BRUTE, ANA_SEAT).code == "eclipse/out-of-turn"
    s, out = act(session_combat.attack, s, sm.EclipseAttackInSession, SHOT, d100(10), d100(20))
    assert out.action_turn is None and s["combat"]["actions"] == {}
