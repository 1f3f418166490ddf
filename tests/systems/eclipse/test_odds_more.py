"""Exact odds of rep tests, hacks and pool recharges, from the Eclipse Phase numbers, and seeded runs of the
real rules agreeing."""

from __future__ import annotations

from fractions import Fraction

from support.odds import assert_agrees, sampled

from service.registry import Actor
from service.systems.eclipse.moves import hacking, pools, rep
from service.systems.eclipse.wire.hacking import EclipseHackInSession, EclipseHackInput
from service.systems.eclipse.wire.pools import EclipseRechargeInSession, EclipseRechargeInput
from service.systems.eclipse.wire.rep import EclipseRepTestInSession, EclipseRepTestInput

from .tables import table, typed

GM = Actor("seat-1", "gm", "gm")


def test_a_minor_favor_is_asked_at_plus_10() -> None:
    # Score 50, a Minor favor +10: 00..60 grant it, 61/100.
    params = EclipseRepTestInput(network="g", score=50, favor="minor")
    odds = rep.rep_test_odds(params)
    assert odds["favor"].probability("granted") == Fraction(61, 100)
    assert_agrees(odds["favor"], sampled(lambda stream: "granted" if rep.rep_test(params, stream).granted else "refused", runs=2000))


def test_a_major_favor_is_asked_at_minus_30_at_the_table() -> None:
    # Ana's g-rep 50, a Major favor −30: 00..20 grant it, 21/100.
    state = typed(table())
    params = EclipseRepTestInSession(character="ana", network="g", favor="major")
    odds = rep.rep_test_session_odds(state, params, GM)
    assert odds["favor"].probability("granted") == Fraction(21, 100)
    counts = sampled(lambda stream: "granted" if rep.rep_test_in_session(state, params, stream, GM)[1].granted else "refused", runs=1500)
    assert_agrees(odds["favor"], counts)


def test_a_subtle_intrusion_at_80_against_a_firewall_that_succeeds_only_on_00() -> None:
    # Infosec 80: 81 successes, 8 of them doubles (00, 11 … 77). The 73 plain ones win unless the Firewall
    # rolls its 00 (99/100); the critical 00 wins unless the Firewall's 00 ties it (99/100); the criticals
    # 11 … 77 always win. Won: (73·99 + 99 + 700) / 10000 = 8026/10000; hidden (a critical success raises
    # covert one step): (99 + 700) / 10000 = 799/10000.
    params = EclipseHackInput(method="subtle", infosec=80, firewall=0)
    odds = hacking.hack_odds(params)
    assert odds["outcome"].probability("success") == Fraction(8026, 10000)
    assert odds["status"].probability("hidden") == Fraction(799, 10000)
    assert odds["privileges"].probability("none") == Fraction(1974, 10000)

    def privileges(stream) -> str:
        out = hacking.hack(params, stream)
        return out.intrusion.privileges if out.intrusion is not None else "none"

    assert_agrees(odds["privileges"], sampled(privileges, runs=1500))


def test_a_brute_force_hack_at_the_table_agrees_with_its_odds() -> None:
    # Ana's Infosec 60 − 30 for brute force against Firewall 40.
    state = typed(table())
    params = EclipseHackInSession.model_validate({"hacker": {"character": "ana"}, "method": "brute-force", "system": "door", "firewall": 40})
    odds = hacking.hack_session_odds(state, params, GM)
    counts = sampled(lambda stream: "success" if hacking.hack_in_session(state, params, stream, GM)[1].success else "failure", runs=1500)
    assert_agrees(odds["outcome"], counts)


EMPTY = {"current": 0, "max": 3}


def test_a_short_recharge_fills_only_what_there_is_room_for() -> None:
    # 1d6 into Insight with room for 3: 3 restored on 3..6 (4/6), the rest lost: nothing lost on 1..3 (3/6).
    params = EclipseRechargeInput.model_validate(
        {"kind": "short", "pools": {"insight": EMPTY, "moxie": {"current": 1, "max": 1}, "vigor": {"current": 1, "max": 1}, "flex": {"current": 1, "max": 1}}, "allocation": [{"pool": "insight"}]}
    )
    odds = pools.recharge_odds(params)
    assert odds["restored"].probability(3) == Fraction(4, 6) and odds["lost"].probability(0) == Fraction(3, 6)
    assert_agrees(odds["restored"], sampled(lambda stream: sum(pools.recharge(params, stream).restored.model_dump().values()), runs=1500))


def test_a_long_recharge_is_certain_and_at_the_table_a_short_one_agrees() -> None:
    state = typed(table())
    long = pools.recharge_session_odds(state, EclipseRechargeInSession(character="ana", kind="long"), GM)
    assert dict(long["lost"].chances) == {0: 1}
    params = EclipseRechargeInSession.model_validate({"character": "ana", "kind": "short", "allocation": [{"pool": "vigor"}, {"pool": "flex"}]})
    odds = pools.recharge_session_odds(state, params, GM)
    counts = sampled(lambda stream: pools.recharge_in_session(state, params, stream, GM)[1].lost, runs=1500)
    assert_agrees(odds["lost"], counts)
