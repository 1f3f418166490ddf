"""Turn order inside an action turn: only the character whose turn it is may act or attack."""

from __future__ import annotations

from service.systems.eclipse import session_combat, session_pools
from service.systems.eclipse import session_models as sm
from service.systems.eclipse.turn_order import acting_order, turn_filled, whose_turn

from .scripted import d100
from .tables import ANA_SEAT, act, refused, table

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
    s, _ = act(session_combat.attack, s, sm.EclipseAttackInSession, SHOT, d100(10), d100(20), actor=ANA_SEAT)
    s, _ = act(session_combat.take_action, s, ACTION, {"character": "ana", "kind": "complex"}, actor=ANA_SEAT)
    s, _ = act(session_combat.take_action, s, ACTION, {"character": "ana", "kind": "quick"}, actor=ANA_SEAT)
    assert whose_turn(s["combat"], s["characters"]) is None  # complex + quick: nothing more fits
    late = refused(session_combat.attack, s, sm.EclipseAttackInSession, SHOT, ANA_SEAT)
    assert "everyone has acted" in late.detail
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
