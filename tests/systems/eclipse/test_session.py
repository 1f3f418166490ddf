"""Session rules without HTTP: characters, pools, favors, the clock, combat and intrusions."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from service.registry import Actor
from service.systems.eclipse import moves
from service.systems.eclipse.setup import EclipseSetup
from service.systems.eclipse.wire.attacks import EclipseAttackInSession, EclipseDamageInSession
from service.systems.eclipse.wire.characters import EclipseAddCharacter
from service.systems.eclipse.wire.clock import EclipseAdvanceTime
from service.systems.eclipse.wire.combat import EclipseInitiativeInSession, EclipseTakeActionInSession
from service.systems.eclipse.wire.hacking import EclipseHackInSession
from service.systems.eclipse.wire.intrusions import EclipseEndIntrusion
from service.systems.eclipse.wire.ongoing import EclipsePoolOngoingInSession
from service.systems.eclipse.wire.pools import EclipsePoolUseInSession, EclipseRechargeInSession
from service.systems.eclipse.wire.rep import EclipseRepTestInSession
from service.systems.eclipse.wire.success_tests import EclipseAfterRollInSession, EclipseTestInSession
from service.systems.eclipse.wire.turns import EclipseDelayInSession, EclipseFinishActions, EclipseNextTurn
from support.dice import d100

from .sheets import ANA, GUARD
from .tables import ANA_SEAT, act, refused, stored, table

BEA_SEAT = Actor("seat-3", "bea", "player")


def test_setup_builds_second_edition_defaults() -> None:
    s = table()
    ana, guard = s["characters"]["ana"], s["characters"]["guard"]
    assert (ana["woundThreshold"], ana["deathRating"]) == (7, 53)  # 35 / 5, 35 × 1.5 rounded up
    assert ana["skills"]["guns"]["aptitude"] == "ref" and ana["skills"]["know: biology"]["category"] == "know"
    assert ana["pools"]["vigor"] == {"current": 3, "max": 3}
    assert ana["rep"]["g"] == {"score": 50, "minorThisWeek": 0, "moderateThisWeek": 0, "majorThisArc": 0}
    assert guard["player"] is None and s["clock"] == {"day": 0, "minute": 0, "week": 0, "arc": 0}


def test_a_skill_test_uses_the_sheet_and_specialization() -> None:
    s, out = act(moves.success_tests.test_in_session, table(), EclipseTestInSession, {"character": "ana", "skill": "guns", "specialization": True}, d100(64))
    assert (out.subject, out.test.target, out.test.success, out.test.superior_successes) == ("Guns", 65, True, 1)
    assert s["characters"]["ana"]["lastTest"]["roll"] == 64


def test_an_aptitude_check_is_the_aptitude_times_three() -> None:
    _, out = act(moves.success_tests.test_in_session, table(), EclipseTestInSession, {"character": "ana", "aptitudeCheck": "cog"}, d100(59))
    assert (out.subject, out.test.target) == ("COG check", 60)


def test_a_missing_skill_defaults_to_its_aptitude_without_criticals() -> None:
    _, out = act(moves.success_tests.test_in_session, table(), EclipseTestInSession, {"character": "ana", "skill": "Athletics"}, d100(11))
    assert (out.test.base, out.test.defaulting, out.test.outcome, out.test.critical_ignored) == (15, True, "success", True)


def test_a_specialization_the_character_lacks_is_refused() -> None:
    problem = refused(moves.success_tests.test_in_session, table(), EclipseTestInSession, {"character": "ana", "skill": "Fray", "specialization": True})
    assert problem.code == "eclipse/no-specialization"


def test_wounds_cost_ten_each_until_vigor_ignores_one() -> None:
    s = table()
    s["characters"]["ana"]["wounds"] = 2
    _, out = act(moves.success_tests.test_in_session, s, EclipseTestInSession, {"character": "ana", "skill": "Guns"}, d100(30))
    assert out.test.target == 35
    s, used = act(moves.pools.pool_use_in_session, s, EclipsePoolUseInSession, {"character": "ana", "pool": "vigor", "use": "ignore-wound"})
    assert used.pools.vigor.current == 2
    _, out = act(moves.success_tests.test_in_session, s, EclipseTestInSession, {"character": "ana", "skill": "Guns"}, d100(30))
    assert out.test.target == 45


def test_pool_points_come_out_of_the_character_and_an_empty_pool_is_refused() -> None:
    body = {"character": "ana", "skill": "Persuade", "poolSpends": [{"pool": "moxie", "use": "plus-twenty"}]}
    s, out = act(moves.success_tests.test_in_session, table(), EclipseTestInSession, body, d100(50))
    assert (out.test.target, out.pools.moxie.current) == (55, 0)
    assert refused(moves.success_tests.test_in_session, s, EclipseTestInSession, body).code == "eclipse/pool-empty"


def test_a_pool_point_after_the_roll_changes_the_last_test_once() -> None:
    s, out = act(moves.success_tests.test_in_session, table(), EclipseTestInSession, {"character": "ana", "skill": "Infosec"}, d100(83))
    assert not out.test.success
    s, changed = act(moves.success_tests.pool_after_roll_in_session, s, EclipseAfterRollInSession, {"character": "ana", "pool": "insight", "use": "flip-flop"})
    assert (changed.after.roll, changed.after.success, changed.pools.insight.current) == (38, True, 1)
    again = refused(moves.success_tests.pool_after_roll_in_session, s, EclipseAfterRollInSession, {"character": "ana", "pool": "flex", "use": "upgrade"})
    assert again.code == "eclipse/one-pool-point-per-test"


def test_an_ongoing_bonus_helps_linked_skills_until_the_next_recharge() -> None:
    s, out = act(moves.ongoing.pool_ongoing, table(), EclipsePoolOngoingInSession, {"character": "ana", "pool": "vigor", "aptitude": "ref", "points": 2})
    assert (out.bonus, out.pools.vigor.current) == (10, 1)
    _, test = act(moves.success_tests.test_in_session, s, EclipseTestInSession, {"character": "ana", "skill": "Guns"}, d100(60))
    assert test.test.target == 65
    s, _ = act(moves.pools.recharge_in_session, s, EclipseRechargeInSession, {"character": "ana", "kind": "long"})
    _, test = act(moves.success_tests.test_in_session, s, EclipseTestInSession, {"character": "ana", "skill": "Guns"}, d100(60))
    assert test.test.target == 55


def test_a_critical_carries_its_twenty_to_the_next_test() -> None:
    body = {"character": "ana", "skill": "Guns", "onCriticalSuccess": "next-test-bonus"}
    s, _ = act(moves.success_tests.test_in_session, table(), EclipseTestInSession, body, d100(44))
    _, nxt = act(moves.success_tests.test_in_session, s, EclipseTestInSession, {"character": "ana", "skill": "Fray"}, d100(10))
    assert nxt.test.target == 60


def test_teamwork_by_character_and_the_forty_rule() -> None:
    s = table()
    _, out = act(moves.success_tests.test_in_session, s, EclipseTestInSession, {"character": "ana", "skill": "Know: Biology", "helpers": ["guard"]}, d100(10))
    assert (out.test.teamwork.counted, out.test.target) == (0, 45)  # the guard lacks the Know skill
    _, out = act(moves.success_tests.test_in_session, s, EclipseTestInSession, {"character": "guard", "skill": "Fray", "helpers": ["ana"]}, d100(10))
    assert out.test.target == 60


def _helpers_table(*ratings: int | None) -> dict:
    helpers = [
        {**GUARD, "id": f"h{n}", "skills": [] if rating is None else [{"name": "Know: Biology", "rating": rating}]}
        for n, rating in enumerate(ratings, 1)
    ]
    return stored(EclipseSetup.model_validate({"characters": [ANA, *helpers]}))


def test_teamwork_at_the_table_caps_the_bonus_at_thirty_however_many_help() -> None:
    know = {"character": "ana", "skill": "Know: Biology"}  # ana's 45
    s = _helpers_table(50, 50, 50, 50)
    _, out = act(moves.success_tests.test_in_session, s, EclipseTestInSession, know | {"helpers": ["h1", "h2", "h3", "h4"]}, d100(10))
    assert (out.test.teamwork.helpers, out.test.teamwork.counted, out.test.teamwork.bonus, out.test.target) == (4, 4, 30, 75)
    s = _helpers_table(45, 40, 60, 20)  # four listed, three at 40+
    _, out = act(moves.success_tests.test_in_session, s, EclipseTestInSession, know | {"helpers": ["h1", "h2", "h3", "h4"]}, d100(10))
    assert (out.test.teamwork.counted, out.test.teamwork.bonus, out.test.target) == (3, 30, 75)
    s = _helpers_table(45, 39, 20, None, 40)  # five listed, two at 40+
    _, out = act(moves.success_tests.test_in_session, s, EclipseTestInSession, know | {"helpers": ["h1", "h2", "h3", "h4", "h5"]}, d100(10))
    assert (out.test.teamwork.helpers, out.test.teamwork.counted, out.test.teamwork.bonus, out.test.target) == (5, 2, 20, 65)


def test_a_third_short_recharge_in_a_day_is_refused_until_the_day_changes() -> None:
    s = table()
    body = {"character": "ana", "kind": "short", "allocation": [{"pool": "vigor"}]}
    s["characters"]["ana"]["pools"]["vigor"]["current"] = 0
    s, first = act(moves.pools.recharge_in_session, s, EclipseRechargeInSession, body, 2)
    s, second = act(moves.pools.recharge_in_session, s, EclipseRechargeInSession, body, 5)
    assert (first.pools.vigor.current, second.pools.vigor.current, second.lost) == (2, 3, 4)
    assert refused(moves.pools.recharge_in_session, s, EclipseRechargeInSession, body).code == "eclipse/recharge-limit"
    s, clock = act(moves.clock.advance_time, s, EclipseAdvanceTime, {"days": 1})
    assert clock.day == 1 and s["characters"]["ana"]["recharges"] == {"short": 0, "long": 0}
    act(moves.pools.recharge_in_session, s, EclipseRechargeInSession, body, 1)


def test_favors_count_per_week_and_arc_and_renew_with_the_clock() -> None:
    s = table()
    body = {"character": "ana", "network": "g", "favor": "moderate"}
    s, out = act(moves.rep.rep_test_in_session, s, EclipseRepTestInSession, body, d100(40))
    assert (out.granted, out.used_after, s["characters"]["ana"]["rep"]["g"]["moderateThisWeek"]) == (True, 1, 1)
    assert refused(moves.rep.rep_test_in_session, s, EclipseRepTestInSession, body).code == "eclipse/favor-limit-reached"
    s, burnt = act(moves.rep.rep_test_in_session, s, EclipseRepTestInSession, body | {"burnForExtraFavor": True}, d100(10))
    assert (burnt.burnt_for_favor, s["characters"]["ana"]["rep"]["g"]["score"]) == (10, 40)
    s, clock = act(moves.clock.advance_time, s, EclipseAdvanceTime, {"days": 6})
    assert clock.week == 0 and s["characters"]["ana"]["rep"]["g"]["moderateThisWeek"] == 2
    s, clock = act(moves.clock.advance_time, s, EclipseAdvanceTime, {"days": 1})
    assert (clock.week, s["characters"]["ana"]["rep"]["g"]["moderateThisWeek"]) == (1, 0)


def test_major_favors_renew_only_with_a_new_arc() -> None:
    s = table()
    body = {"character": "ana", "network": "g", "favor": "major"}
    s, _ = act(moves.rep.rep_test_in_session, s, EclipseRepTestInSession, body, d100(5))
    s, _ = act(moves.clock.advance_time, s, EclipseAdvanceTime, {"weeks": 2})
    assert refused(moves.rep.rep_test_in_session, s, EclipseRepTestInSession, body).code == "eclipse/favor-limit-reached"
    s, _ = act(moves.clock.advance_time, s, EclipseAdvanceTime, {"newArc": True})
    act(moves.rep.rep_test_in_session, s, EclipseRepTestInSession, body, d100(5))


def test_moxie_refreshes_a_used_favor() -> None:
    s = table()
    s, _ = act(moves.rep.rep_test_in_session, s, EclipseRepTestInSession, {"character": "ana", "network": "g", "favor": "minor"}, d100(5))
    body = {"character": "ana", "pool": "moxie", "use": "refresh-rep", "network": "g", "favor": "minor"}
    s, out = act(moves.pools.pool_use_in_session, s, EclipsePoolUseInSession, body)
    assert (out.cost, s["characters"]["ana"]["rep"]["g"]["minorThisWeek"]) == (1, 0)


def test_only_the_gm_moves_the_clock_and_players_run_only_their_characters() -> None:
    assert refused(moves.clock.advance_time, table(), EclipseAdvanceTime, {"days": 1}, ANA_SEAT).code == "eclipse/gm-only"
    problem = refused(moves.success_tests.test_in_session, table(), EclipseTestInSession, {"character": "ana", "skill": "Guns"}, BEA_SEAT)
    assert (problem.code, problem.status) == ("eclipse/not-your-character", 403)
    assert refused(moves.clock.advance_time, table(), EclipseAdvanceTime, {}).code == "eclipse/time-step"


def test_combat_order_actions_and_turns() -> None:
    s, order = act(moves.combat.initiative_in_session, table(), EclipseInitiativeInSession, {}, 3, 6)
    assert [(slot.name, slot.count) for slot in order.order] == [("guard", 11), ("ana", 10)]
    s, passed = act(moves.turns.finish_actions, s, EclipseFinishActions, {"character": "guard"})  # the guard acts first
    assert passed.acting == "ana"
    body = {"character": "ana", "kind": "complex"}
    s, _ = act(moves.combat.take_action_in_session, s, EclipseTakeActionInSession, body, actor=ANA_SEAT)
    s, took = act(moves.combat.take_action_in_session, s, EclipseTakeActionInSession, {"character": "ana", "kind": "quick"}, actor=ANA_SEAT)
    assert took.pattern == "complex-and-quick"
    assert refused(moves.combat.take_action_in_session, s, EclipseTakeActionInSession, body, ANA_SEAT).code == "eclipse/action-budget-exceeded"
    s, _ = act(moves.pools.pool_use_in_session, s, EclipsePoolUseInSession, {"character": "ana", "pool": "vigor", "use": "extra-action"})
    s, took = act(moves.combat.take_action_in_session, s, EclipseTakeActionInSession, body, actor=ANA_SEAT)
    assert took.pattern == "complex-and-quick+extra"
    s, turn = act(moves.turns.next_turn, s, EclipseNextTurn, {"expectedTurn": 1})
    assert turn.turn == 2 and s["combat"]["actions"] == {}
    assert refused(moves.turns.next_turn, s, EclipseNextTurn, {"expectedTurn": 1}).code == "eclipse/not-in-combat"


def test_delay_keeps_the_new_count_for_later_turns() -> None:
    s, _ = act(moves.combat.initiative_in_session, table(), EclipseInitiativeInSession, {}, 3, 6)
    s, order = act(moves.turns.delay, s, EclipseDelayInSession, {"character": "guard", "count": 8})
    assert [(slot.name, slot.count) for slot in order.order] == [("ana", 10), ("guard", 8)]
    s, turn = act(moves.turns.next_turn, s, EclipseNextTurn, {})
    assert [slot.name for slot in turn.order] == ["ana", "guard"]
    assert refused(moves.turns.delay, s, EclipseDelayInSession, {"character": "guard", "count": 9}).code == "eclipse/delay-count"


def test_a_critical_failure_can_cost_the_next_turn() -> None:
    s, _ = act(moves.combat.initiative_in_session, table(), EclipseInitiativeInSession, {}, 3, 6)
    s, _ = act(moves.success_tests.test_in_session, s, EclipseTestInSession, {"character": "ana", "skill": "Guns", "onCriticalFailure": "lose-action"}, d100(99))
    s, _ = act(moves.turns.next_turn, s, EclipseNextTurn, {})
    problem = refused(moves.combat.take_action_in_session, s, EclipseTakeActionInSession, {"character": "ana", "kind": "quick"})
    assert problem.code == "eclipse/action-budget-exceeded"


def test_an_attack_writes_damage_wounds_and_condition_to_the_defender() -> None:
    body = {"attack": "ranged", "attacker": {"character": "ana"}, "defender": {"character": "guard"}, "weapon": {"dice": 2, "sides": 10, "bonus": 10}}
    s, out = act(moves.attacks.attack_in_session, table(), EclipseAttackInSession, body, d100(50), d100(20), 10, 10, 6, actor=ANA_SEAT)
    assert (out.defender.target, out.hit, out.damage.total, out.harm.taken, out.harm.wounds) == (25, True, 36, 28, 3)
    guard = s["characters"]["guard"]
    assert (guard["damage"], guard["wounds"], guard["condition"]) == (28, 3, "active")
    s, _ = act(moves.attacks.damage_in_session, s, EclipseDamageInSession, {"character": "guard", "weapon": {"bonus": 20, "armor": "none"}})
    assert s["characters"]["guard"]["condition"] == "incapacitated"
    problem = refused(moves.success_tests.test_in_session, s, EclipseTestInSession, {"character": "guard", "skill": "Fray"})
    assert problem.code == "eclipse/cannot-act"


def test_intrusions_are_kept_and_escalated() -> None:
    body = {"hacker": {"character": "ana"}, "method": "subtle", "system": "hab security", "firewall": 40}
    s, out = act(moves.hacking.hack_in_session, table(), EclipseHackInSession, body, d100(45), d100(10), actor=ANA_SEAT)
    assert (out.intrusion_id, out.intrusion.privileges, out.intrusion.status) == ("i1", "security", "covert")
    s, up = act(moves.hacking.hack_in_session, s, EclipseHackInSession, {"hacker": {"character": "ana"}, "method": "subtle", "intrusion": "i1"}, d100(11), d100(5), actor=ANA_SEAT)
    assert (up.intrusion.privileges, up.intrusion.status) == ("security", "hidden")
    assert s["intrusions"]["i1"]["status"] == "hidden"
    s, _ = act(moves.intrusions.end_intrusion, s, EclipseEndIntrusion, {"intrusion": "i1"}, actor=ANA_SEAT)
    assert s["intrusions"] == {}


def test_an_intrusion_under_way_at_the_start_is_kept_escalated_and_ended() -> None:
    """A setup may pick a run up mid-way: the intrusion is at the table as a won hack would leave it."""
    under_way = {"hacker": "ana", "system": "hab security", "firewall": 40, "privileges": "security"}
    s = stored(EclipseSetup.model_validate({"characters": [ANA, GUARD], "intrusions": [under_way, {**under_way, "method": "brute-force"}]}))
    assert s["intrusions"]["i1"] == {
        "id": "i1", "hacker": "ana", "system": "hab security", "firewall": 40, "method": "subtle", "privileges": "security", "status": "covert"
    }
    assert s["intrusions"]["i2"]["status"] == "spotted" and s["nextIntrusion"] == 3  # where brute force leaves a winner
    s, up = act(moves.hacking.hack_in_session, s, EclipseHackInSession, {"hacker": {"character": "ana"}, "method": "subtle", "intrusion": "i1"}, d100(11), d100(5), actor=ANA_SEAT)
    assert (up.firewall.target, up.intrusion.privileges, up.intrusion.status) == (40, "security", "hidden")  # the setup's Firewall
    s, new = act(moves.hacking.hack_in_session, s, EclipseHackInSession, {"hacker": {"character": "ana"}, "method": "subtle", "system": "door", "firewall": 30}, d100(20), d100(50), actor=ANA_SEAT)
    assert new.intrusion_id == "i3"
    s, _ = act(moves.intrusions.end_intrusion, s, EclipseEndIntrusion, {"intrusion": "i1"}, actor=ANA_SEAT)
    assert set(s["intrusions"]) == {"i2", "i3"}


def test_an_intrusion_in_the_setup_needs_a_hacker_of_the_setup() -> None:
    with pytest.raises(ValidationError, match="not one of the setup's characters"):
        EclipseSetup.model_validate({"characters": [ANA], "intrusions": [{"hacker": "guard", "system": "hab security", "firewall": 40}]})


def test_adding_characters() -> None:
    s, out = act(moves.characters.add_character, table(), EclipseAddCharacter, {"character": {**GUARD, "id": "guard-2"}}, actor=BEA_SEAT)
    assert (out.player, s["characters"]["guard-2"]["player"]) == ("bea", "bea")
    assert refused(moves.characters.add_character, s, EclipseAddCharacter, {"character": GUARD}).code == "eclipse/duplicate-character"
    odd = {**GUARD, "id": "odd", "skills": [{"name": "Basket Weaving", "rating": 30}]}
    assert refused(moves.characters.add_character, s, EclipseAddCharacter, {"character": odd}).code == "eclipse/skill-needs-aptitude"


def test_a_helper_counts_once() -> None:
    problem = refused(moves.success_tests.test_in_session, table(), EclipseTestInSession, {"character": "guard", "skill": "Fray", "helpers": ["ana", "ana"]})
    assert problem.code == "eclipse/duplicate-helper"
    problem = refused(moves.success_tests.test_in_session, table(), EclipseTestInSession, {"character": "ana", "skill": "Fray", "helpers": ["ana"]})
    assert problem.code == "eclipse/self-help"


def test_the_action_record_is_bounded_even_for_automatic_actions() -> None:
    s, _ = act(moves.combat.initiative_in_session, table(), EclipseInitiativeInSession, {}, 3, 6)
    for _ in range(12):
        s, _ = act(moves.combat.take_action_in_session, s, EclipseTakeActionInSession, {"character": "ana", "kind": "automatic"})
    problem = refused(moves.combat.take_action_in_session, s, EclipseTakeActionInSession, {"character": "ana", "kind": "automatic"})
    assert problem.code == "eclipse/action-budget-exceeded"


def test_damage_beyond_request_bounds_still_applies() -> None:
    s = table()
    s["characters"]["guard"]["damage"] = 6000  # long dead, and still shot at
    s, out = act(moves.attacks.damage_in_session, s, EclipseDamageInSession, {"character": "guard", "weapon": {"bonus": 50, "armor": "none"}})
    assert (out.harm.damage_total, out.harm.condition) == (6050, "dead")
