"""After-roll pool points on any kept test, named by its id; the record stays bounded."""

from __future__ import annotations

from service.systems.eclipse import moves
from service.systems.eclipse.rules.kept_tests import MAX_KEPT_TESTS
from service.systems.eclipse.wire.rep import EclipseRepTestInSession
from service.systems.eclipse.wire.success_tests import EclipseAfterRollInSession, EclipseOpposedInSession, EclipseTestInSession
from support.dice import d100

from .tables import ANA_SEAT, act, refused, table

GUNS = {"character": "ana", "skill": "Guns"}
AFTER = EclipseAfterRollInSession


def test_each_test_gets_a_table_wide_id() -> None:
    s, first = act(moves.success_tests.test_in_session, table(), EclipseTestInSession, GUNS, d100(83))
    s, second = act(moves.success_tests.test_in_session, s, EclipseTestInSession, {"character": "guard", "skill": "Fray"}, d100(10))
    s, opposed = act(
        moves.success_tests.opposed_test_in_session, s, EclipseOpposedInSession, {"a": GUNS, "b": {"character": "guard", "skill": "Fray"}}, d100(20), d100(30)
    )
    assert (first.test_id, second.test_id, opposed.a_test_id, opposed.b_test_id) == ("t1", "t2", "t3", "t4")
    assert [t["id"] for t in s["characters"]["ana"]["tests"]] == ["t1", "t3"]


def test_a_pool_point_changes_an_earlier_test_named_by_id() -> None:
    s, first = act(moves.success_tests.test_in_session, table(), EclipseTestInSession, GUNS, d100(83), actor=ANA_SEAT)
    s, _ = act(moves.success_tests.test_in_session, s, EclipseTestInSession, GUNS, d100(90), actor=ANA_SEAT)
    s, out = act(moves.success_tests.pool_after_roll_in_session, s, AFTER, {"character": "ana", "pool": "vigor", "use": "flip-flop", "test": first.test_id}, actor=ANA_SEAT)
    assert (out.test_id, out.before.roll, out.after.roll, out.after.success) == ("t1", 83, 38, True)
    kept = {t["id"]: t for t in s["characters"]["ana"]["tests"]}
    assert (kept["t1"]["roll"], kept["t1"]["points"], kept["t2"]["roll"], kept["t2"]["points"]) == (38, 1, 90, 0)
    assert s["characters"]["ana"]["lastTest"]["id"] == "t2"  # the latest test is untouched
    again = refused(moves.success_tests.pool_after_roll_in_session, s, AFTER, {"character": "ana", "pool": "flex", "use": "upgrade", "test": "t1"}, ANA_SEAT)
    assert (again.code, again.status) == ("eclipse/one-pool-point-per-test", 409)


def test_without_an_id_the_latest_test_is_changed() -> None:
    s, _ = act(moves.success_tests.test_in_session, table(), EclipseTestInSession, GUNS, d100(10))
    s, _ = act(moves.success_tests.test_in_session, s, EclipseTestInSession, GUNS, d100(83))
    s, out = act(moves.success_tests.pool_after_roll_in_session, s, AFTER, {"character": "ana", "pool": "flex", "use": "flip-flop"})
    assert (out.test_id, out.after.roll) == ("t2", 38)


def test_unknown_and_other_characters_tests_are_refused() -> None:
    s, _ = act(moves.success_tests.test_in_session, table(), EclipseTestInSession, GUNS, d100(83))
    s, guard = act(moves.success_tests.test_in_session, s, EclipseTestInSession, {"character": "guard", "skill": "Fray"}, d100(83))
    unknown = refused(moves.success_tests.pool_after_roll_in_session, s, AFTER, {"character": "ana", "pool": "flex", "use": "flip-flop", "test": "t9"})
    assert (unknown.code, unknown.status) == ("eclipse/unknown-test", 404)
    other = refused(moves.success_tests.pool_after_roll_in_session, s, AFTER, {"character": "ana", "pool": "flex", "use": "flip-flop", "test": guard.test_id})
    assert (other.code, other.status) == ("eclipse/not-this-characters-test", 422)


def test_only_the_last_tests_of_a_character_are_kept() -> None:
    s = table()
    for _ in range(MAX_KEPT_TESTS + 1):
        s, _ = act(moves.success_tests.test_in_session, s, EclipseTestInSession, GUNS, d100(83))
    assert len(s["characters"]["ana"]["tests"]) == MAX_KEPT_TESTS == 8
    dropped = refused(moves.success_tests.pool_after_roll_in_session, s, AFTER, {"character": "ana", "pool": "flex", "use": "flip-flop", "test": "t1"})
    assert dropped.code == "eclipse/unknown-test"
    act(moves.success_tests.pool_after_roll_in_session, s, AFTER, {"character": "ana", "pool": "flex", "use": "flip-flop", "test": "t2"})


def test_a_rep_test_leaves_no_latest_test_to_change() -> None:
    s, _ = act(moves.success_tests.test_in_session, table(), EclipseTestInSession, GUNS, d100(83))
    s, _ = act(moves.rep.rep_test_in_session, s, EclipseRepTestInSession, {"character": "ana", "network": "g", "favor": "minor"}, d100(90))
    assert refused(moves.success_tests.pool_after_roll_in_session, s, AFTER, {"character": "ana", "pool": "flex", "use": "flip-flop"}).code == "eclipse/no-test-to-change"
    act(moves.success_tests.pool_after_roll_in_session, s, AFTER, {"character": "ana", "pool": "flex", "use": "flip-flop", "test": "t1"})  # still kept by id
