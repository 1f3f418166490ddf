"""The table's clock in minutes: timeframes, day and week rollovers, recharges per 24 hours."""

from __future__ import annotations

from service.systems.eclipse import moves
from service.systems.eclipse.rules.clock import Clock, RechargeStart, advance, counts, label, next_allowed, to_minutes
from service.systems.eclipse.wire.clock import EclipseAdvanceTime
from service.systems.eclipse.wire.pools import EclipseRechargeInSession
from service.systems.eclipse.wire.rep import EclipseRepTestInSession
from service.systems.eclipse.wire.success_tests import EclipseTestInSession
from support.dice import d100

from .tables import ANA_SEAT, act, refused, table

TIME = EclipseAdvanceTime
SHORT = {"character": "ana", "kind": "short", "allocation": [{"pool": "vigor"}]}


def test_timeframes_in_minutes() -> None:
    assert (to_minutes(10, "minutes"), to_minutes(4, "hours"), to_minutes(2, "action-turns"), to_minutes(1, "weeks")) == (10, 240, 0.1, 10080)


def test_advancing_rolls_days_and_weeks_at_their_boundaries() -> None:
    moved = advance(Clock(day=6, minute=23 * 60 + 50), 20)
    assert (moved.day, moved.minute, moved.week, moved.days_passed, moved.weeks_passed) == (7, 10, 1, 1, 1)
    moved = advance(Clock(day=2, minute=0), 23 * 60 + 59)
    assert (moved.day, moved.days_passed, moved.weeks_passed) == (2, 0, 0)
    assert label(7 * 1440 + 10) == "day 7, 00:10"


def test_advance_time_by_hours_and_minutes_crosses_midnight() -> None:
    s, clock = act(moves.clock.advance_time, table(), TIME, {"hours": 23, "minutes": 50})
    assert (clock.day, clock.minute, clock.time, clock.resets) == (0, 1430, "day 0, 23:50", [])
    s["characters"]["ana"]["ignoredWounds"] = 1
    s, clock = act(moves.clock.advance_time, s, TIME, {"minutes": 20})
    assert (clock.day, clock.time, clock.resets) == (1, "day 1, 00:10", ["24-hour pool effects"])
    assert s["characters"]["ana"]["ignoredWounds"] == 0


def test_favors_renew_when_the_clock_reaches_the_next_week() -> None:
    s, _ = act(moves.rep.rep_test_in_session, table(), EclipseRepTestInSession, {"character": "ana", "network": "g", "favor": "moderate"}, d100(10))
    s, clock = act(moves.clock.advance_time, s, TIME, {"days": 6, "hours": 23, "minutes": 59})
    assert clock.week == 0 and s["characters"]["ana"]["rep"]["g"]["moderateThisWeek"] == 1
    s, clock = act(moves.clock.advance_time, s, TIME, {"minutes": 1})
    assert (clock.week, clock.resets) == (1, ["24-hour pool effects", "weekly favors"])
    assert s["characters"]["ana"]["rep"]["g"]["moderateThisWeek"] == 0


def test_recharges_count_over_the_last_24_hours_not_the_calendar_day() -> None:
    s = table()
    s["characters"]["ana"]["pools"]["vigor"]["current"] = 0
    s, _ = act(moves.clock.advance_time, s, TIME, {"hours": 22})
    s, first = act(moves.pools.recharge_in_session, s, EclipseRechargeInSession, SHORT, 1, actor=ANA_SEAT)
    s, _ = act(moves.clock.advance_time, s, TIME, {"hours": 1})
    s, second = act(moves.pools.recharge_in_session, s, EclipseRechargeInSession, SHORT, 1, actor=ANA_SEAT)
    assert (first.at, second.at, second.used_last_24_hours, second.timeframe_minutes) == ("day 0, 22:00", "day 0, 23:00", 2, 10)
    s, _ = act(moves.clock.advance_time, s, TIME, {"hours": 2})  # a new day, but only 3 hours later
    third = refused(moves.pools.recharge_in_session, s, EclipseRechargeInSession, SHORT, ANA_SEAT)
    assert third.code == "eclipse/recharge-limit" and "day 1, 22:00" in third.detail
    s, _ = act(moves.clock.advance_time, s, TIME, {"hours": 21})
    s, fourth = act(moves.pools.recharge_in_session, s, EclipseRechargeInSession, SHORT, 1, actor=ANA_SEAT)
    assert (fourth.at, fourth.used_last_24_hours) == ("day 1, 22:00", 2)


def test_the_recharge_window_helpers() -> None:
    log = [RechargeStart(kind="short", at=100), RechargeStart(kind="short", at=200), RechargeStart(kind="long", at=300)]
    assert counts(log, 1539) == {"short": 2, "long": 1}
    assert counts(log, 1540) == {"short": 1, "long": 1}  # 24 hours after the first one
    assert next_allowed(log, "short", 2, 1000) == 1540
    assert next_allowed(log, "short", 3, 1000) is None


def test_a_recharge_or_a_task_may_let_its_time_pass_gm_only() -> None:
    s, out = act(moves.pools.recharge_in_session, table(), EclipseRechargeInSession, {"character": "ana", "kind": "long", "advanceClock": True})
    assert (out.timeframe_minutes, out.clock.time) == (240, "day 0, 04:00")
    flat = {"character": "ana", "kind": "long", "advanceClock": True}
    assert refused(moves.pools.recharge_in_session, table(), EclipseRechargeInSession, flat, ANA_SEAT).code == "eclipse/gm-only"
    task = {"character": "ana", "skill": "Infosec", "task": {"amount": 2, "unit": "hours"}, "advanceClock": True}
    s, test = act(moves.success_tests.test_in_session, s, EclipseTestInSession, task, d100(20))
    assert (test.test.task.spent_minutes, test.clock.time) == (120, "day 0, 06:00")
    no_task = {"character": "ana", "skill": "Infosec", "advanceClock": True}
    assert refused(moves.success_tests.test_in_session, s, EclipseTestInSession, no_task).code == "eclipse/time-step"
