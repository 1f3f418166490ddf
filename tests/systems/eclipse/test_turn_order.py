"""Turn order inside an action turn: only the character whose turn it is may act, attack or hack, and
attacks and hacks count against the turn's actions like any other."""

from __future__ import annotations

from service.systems.eclipse import moves
from service.systems.eclipse.rules.turn_order import acting_order, turn_filled, whose_turn
from service.systems.eclipse.wire.attacks import EclipseAttackInSession
from service.systems.eclipse.wire.combat import EclipseInitiativeInSession, EclipseTakeActionInSession
from service.systems.eclipse.wire.hacking import EclipseHackInSession
from service.systems.eclipse.wire.pools import EclipsePoolUseInSession
from service.systems.eclipse.wire.turns import EclipseFinishActions, EclipseNextTurn
from support.dice import d100

from .tables import ANA_SEAT, GM, act, refused, table, typed

SHOT = {"attack": "ranged", "attacker": {"character": "ana"}, "defender": {"character": "guard"}, "weapon": {"dice": 1, "sides": 10}}
ACTION = EclipseTakeActionInSession


def fight() -> dict:
    s, order = act(moves.combat.initiative_in_session, table(), EclipseInitiativeInSession, {}, 3, 6)  # guard 11, ana 10
    assert (order.acting, order.finished) == ("guard", [])
    return s


def test_a_player_cannot_act_or_attack_before_their_turn() -> None:
    s = fight()
    early = refused(moves.combat.take_action_in_session, s, ACTION, {"character": "ana", "kind": "quick"}, ANA_SEAT)
    assert (early.code, early.status) == ("eclipse/out-of-turn", 409)
    assert "guard's turn" in early.detail
    assert refused(moves.attacks.attack_in_session, s, EclipseAttackInSession, SHOT, ANA_SEAT).code == "eclipse/out-of-turn"


def test_the_turn_passes_when_a_character_finishes_or_fills_its_turn() -> None:
    s = fight()
    s, turn = act(moves.turns.finish_actions, s, EclipseFinishActions, {"character": "guard"})
    assert (turn.acting, turn.finished) == ("ana", ["guard"])
    s, _ = act(moves.attacks.attack_in_session, s, EclipseAttackInSession, SHOT, d100(10), d100(20), actor=ANA_SEAT)  # a complex action
    s, _ = act(moves.combat.take_action_in_session, s, ACTION, {"character": "ana", "kind": "quick"}, actor=ANA_SEAT)
    assert whose_turn(typed(s).combat, typed(s).characters) is None  # complex + quick: nothing more fits
    late = refused(moves.combat.take_action_in_session, s, ACTION, {"character": "ana", "kind": "automatic"}, ANA_SEAT)
    assert late.code == "eclipse/out-of-turn" and "everyone has acted" in late.detail
    s, turn = act(moves.turns.next_turn, s, EclipseNextTurn, {})
    assert (turn.acting, turn.finished) == ("guard", [])


def test_an_extra_action_gives_the_turn_back() -> None:
    s = fight()
    s, _ = act(moves.turns.finish_actions, s, EclipseFinishActions, {"character": "guard"})
    for kind in ("quick", "quick", "quick"):
        s, _ = act(moves.combat.take_action_in_session, s, ACTION, {"character": "ana", "kind": kind}, actor=ANA_SEAT)
    assert whose_turn(typed(s).combat, typed(s).characters) is None
    s, _ = act(moves.pools.pool_use_in_session, s, EclipsePoolUseInSession, {"character": "ana", "pool": "vigor", "use": "extra-action"}, actor=ANA_SEAT)
    assert whose_turn(typed(s).combat, typed(s).characters) == "ana"


def test_taking_the_initiative_acts_first_and_the_gm_may_act_for_anyone() -> None:
    s = fight()
    s, _ = act(moves.pools.pool_use_in_session, s, EclipsePoolUseInSession, {"character": "ana", "pool": "vigor", "use": "take-initiative"}, actor=ANA_SEAT)
    assert acting_order(typed(s).combat) == ["ana", "guard"]
    s, _ = act(moves.combat.take_action_in_session, s, ACTION, {"character": "ana", "kind": "complex"}, actor=ANA_SEAT)
    s, _ = act(moves.combat.take_action_in_session, s, ACTION, {"character": "guard", "kind": "quick"})  # the GM's seat, out of order
    assert whose_turn(typed(s).combat, typed(s).characters) == "ana"


def test_finishing_twice_or_out_of_turn_is_refused() -> None:
    s = fight()
    assert refused(moves.turns.finish_actions, s, EclipseFinishActions, {"character": "ana"}, ANA_SEAT).code == "eclipse/out-of-turn"
    s, _ = act(moves.turns.finish_actions, s, EclipseFinishActions, {"character": "guard"})
    assert refused(moves.turns.finish_actions, s, EclipseFinishActions, {"character": "guard"}).code == "eclipse/out-of-turn"


def test_characters_who_cannot_act_or_lost_the_turn_are_passed_over() -> None:
    s = fight()
    s["characters"]["guard"]["condition"] = "incapacitated"
    assert whose_turn(typed(s).combat, typed(s).characters) == "ana"
    s = fight()
    s["combat"]["lost"] = ["guard"]
    assert whose_turn(typed(s).combat, typed(s).characters) == "ana"


def test_without_initiative_nothing_is_enforced() -> None:
    _, out = act(moves.attacks.attack_in_session, table(), EclipseAttackInSession, SHOT, d100(10), d100(20), actor=ANA_SEAT)
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
    s, _ = act(moves.turns.finish_actions, fight(), EclipseFinishActions, {"character": "guard"})
    return s


def test_after_a_complex_and_a_quick_action_an_attack_is_refused_with_the_rule_named() -> None:
    s = ana_acts()
    s, _ = act(moves.combat.take_action_in_session, s, ACTION, {"character": "ana", "kind": "complex"}, actor=ANA_SEAT)
    s, _ = act(moves.combat.take_action_in_session, s, ACTION, {"character": "ana", "kind": "quick"}, actor=ANA_SEAT)
    for seat in (ANA_SEAT, GM):  # the GM's seat may act out of turn, not past the budget
        late = refused(moves.attacks.attack_in_session, s, EclipseAttackInSession, SHOT, seat)
        assert (late.code, late.status) == ("eclipse/action-budget-exceeded", 409)
        assert "1 complex, 1 quick" in late.detail


def test_a_second_attack_in_the_same_turn_is_refused() -> None:
    s = ana_acts()
    s, first = act(moves.attacks.attack_in_session, s, EclipseAttackInSession, SHOT, d100(10), d100(20), actor=ANA_SEAT)
    assert (first.action_turn.pattern, [a.kind for a in first.action_turn.actions]) == ("complex-and-quick", ["complex"])
    assert first.action_turn.actions[0].label == "ranged attack"
    assert refused(moves.attacks.attack_in_session, s, EclipseAttackInSession, SHOT, ANA_SEAT).code == "eclipse/action-budget-exceeded"
    s, _ = act(moves.combat.take_action_in_session, s, ACTION, {"character": "ana", "kind": "quick"}, actor=ANA_SEAT)  # the quick one still fits


def test_an_extra_action_makes_room_for_a_second_attack() -> None:
    s = ana_acts()
    s, _ = act(moves.attacks.attack_in_session, s, EclipseAttackInSession, SHOT, d100(10), d100(20), actor=ANA_SEAT)
    s, _ = act(moves.pools.pool_use_in_session, s, EclipsePoolUseInSession, {"character": "ana", "pool": "vigor", "use": "extra-action"}, actor=ANA_SEAT)
    s, second = act(moves.attacks.attack_in_session, s, EclipseAttackInSession, SHOT, d100(10), d100(20), actor=ANA_SEAT)
    assert second.action_turn.pattern == "complex-and-quick+extra"


def test_an_attack_is_physical_so_insights_initiative_forbids_it_but_not_a_hack() -> None:
    s = fight()
    s, _ = act(moves.pools.pool_use_in_session, s, EclipsePoolUseInSession, {"character": "ana", "pool": "insight", "use": "take-initiative"}, actor=ANA_SEAT)
    assert refused(moves.attacks.attack_in_session, s, EclipseAttackInSession, SHOT, ANA_SEAT).code == "eclipse/action-budget-exceeded"
    s, hacked = act(moves.hacking.hack_in_session, s, EclipseHackInSession, BRUTE, d100(10), d100(50), actor=ANA_SEAT)
    assert [(a.kind, a.nature) for a in hacked.action_turn.actions] == [("complex", "mesh")]


def test_a_character_that_lost_its_actions_cannot_attack() -> None:
    s = fight()
    s["combat"]["lost"] = ["guard"]
    guard_shot = {**SHOT, "attacker": {"character": "guard"}, "defender": {"character": "ana"}}
    assert refused(moves.attacks.attack_in_session, s, EclipseAttackInSession, guard_shot).code == "eclipse/action-budget-exceeded"


def test_a_table_may_count_attacks_as_quick_actions() -> None:
    s, _ = act(moves.combat.initiative_in_session, table(attackAction="quick"), EclipseInitiativeInSession, {}, 3, 6)
    s, _ = act(moves.turns.finish_actions, s, EclipseFinishActions, {"character": "guard"})
    for _ in range(3):
        s, out = act(moves.attacks.attack_in_session, s, EclipseAttackInSession, SHOT, d100(10), d100(20), actor=ANA_SEAT)
    assert out.action_turn.pattern == "three-quick"
    assert refused(moves.attacks.attack_in_session, s, EclipseAttackInSession, SHOT, ANA_SEAT).code == "eclipse/action-budget-exceeded"


def test_a_brute_force_hack_is_a_complex_action_and_a_subtle_intrusion_a_task() -> None:
    s = ana_acts()
    s, _ = act(moves.combat.take_action_in_session, s, ACTION, {"character": "ana", "kind": "complex"}, actor=ANA_SEAT)
    assert refused(moves.hacking.hack_in_session, s, EclipseHackInSession, BRUTE, ANA_SEAT).code == "eclipse/action-budget-exceeded"
    assert refused(moves.hacking.hack_in_session, s, EclipseHackInSession, BRUTE | {"method": "subtle"}, ANA_SEAT).code == "eclipse/action-budget-exceeded"
    s = ana_acts()
    s, hacked = act(moves.hacking.hack_in_session, s, EclipseHackInSession, BRUTE, d100(10), d100(50), actor=ANA_SEAT)
    assert (hacked.action_turn.actions[0].kind, hacked.action_turn.actions[0].label) == ("complex", "brute-force hack")
    assert refused(moves.attacks.attack_in_session, s, EclipseAttackInSession, SHOT, ANA_SEAT).code == "eclipse/action-budget-exceeded"
    s = ana_acts()
    s, subtle = act(moves.hacking.hack_in_session, s, EclipseHackInSession, BRUTE | {"method": "subtle"}, d100(10), d100(50), actor=ANA_SEAT)
    assert subtle.action_turn.pattern == "task-and-quick"


def test_a_hack_out_of_turn_is_refused_and_without_initiative_nothing_is_counted() -> None:
    assert refused(moves.hacking.hack_in_session, fight(), EclipseHackInSession, BRUTE, ANA_SEAT).code == "eclipse/out-of-turn"
    _, hacked = act(moves.hacking.hack_in_session, table(), EclipseHackInSession, BRUTE, d100(10), d100(50), actor=ANA_SEAT)
    assert hacked.action_turn is None


def test_a_character_outside_the_order_acts_only_from_the_gm_seat_and_counts_nothing() -> None:
    s, _ = act(moves.combat.initiative_in_session, table(), EclipseInitiativeInSession, {"characters": ["guard"]}, 3)
    assert refused(moves.hacking.hack_in_session, s, EclipseHackInSession, BRUTE, ANA_SEAT).code == "eclipse/out-of-turn"
    s, out = act(moves.attacks.attack_in_session, s, EclipseAttackInSession, SHOT, d100(10), d100(20))
    assert out.action_turn is None and s["combat"]["actions"] == {}
