"""The published pool point after a roll (service/api/examples/eclipse.py) through the real rules, with
scripted dice: both ways it can go whatever the example session's secret seed draws, exactly which
readings of the test it is spent on get it refused, and that no other use or target does better."""

from __future__ import annotations

from typing import Any

import pytest

from service.api.examples import IN_SESSION, MAY_BE_REFUSED, SESSIONS
from service.api.examples.eclipse import POOL_POINT, POOL_POINT_TEST, REFUSED_FROM
from service.errors import RuleViolation
from service.registry import Actor, Mechanic
from service.systems import build_registry
from service.systems.eclipse.moves.success_tests import pool_after_roll
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.pools import AFTER_ROLL
from service.systems.eclipse.setup import EclipseSetup
from service.systems.eclipse.wire.success_tests import EclipseAfterRollInput
from support.api import mechanic_field
from support.dice import ScriptedStream, d100

SYSTEM = build_registry().systems["eclipse"]
MECHANICS: dict[str, Mechanic] = {mechanic_field("eclipse", m.name, in_session=True): m for m in SYSTEM.mechanics.values()}
SEATS = {seat["name"]: Actor(f"seat-{n}", seat["name"], seat.get("role", "player")) for n, seat in enumerate(SESSIONS["eclipse"]["seats"], 1)}
CALLS = IN_SESSION["eclipse"]
POINT_AT = [operation for _, operation, _ in CALLS].index("eclipsePoolAfterRollInSession")
REFUSAL = MAY_BE_REFUSED["eclipsePoolAfterRollInSession"]


def _send(state: dict[str, Any], seat: str, operation: str, body: dict[str, Any], stream: ScriptedStream) -> tuple[dict[str, Any], Any]:
    """One example call through the session rule the service runs for it (the registry's `apply`)."""
    mechanic = MECHANICS[operation]
    assert mechanic.apply is not None
    params = (mechanic.session_input or mechanic.input).model_validate(body)
    return mechanic.apply(state, params, stream, SEATS[seat])


def _before_the_point(guns: int, climb: int) -> dict[str, Any]:
    """The example table after the calls before the pool point, its two tests reading `guns` then `climb`."""
    state = SYSTEM.start(EclipseSetup.model_validate(SESSIONS["eclipse"]["setup"]), list(SEATS.values()))
    stream = ScriptedStream(d100(guns), d100(climb))
    for seat, operation, body in CALLS[:POINT_AT]:
        state, _ = _send(state, seat, operation, body, stream)
    assert stream.exhausted  # the Guns test, then the climb the point is spent on, and nothing else draws
    return state


def _spend(state: dict[str, Any]) -> Any:
    seat, operation, body = CALLS[POINT_AT]
    assert (operation, body) == ("eclipsePoolAfterRollInSession", POOL_POINT) and CALLS[POINT_AT - 1][2] == POOL_POINT_TEST
    return _send(state, seat, operation, body, ScriptedStream())[1]  # draws nothing


def test_a_success_even_00_takes_the_upgrade() -> None:
    # Defaulting ignores critical successes, so 00 is a plain success: none superior, upgraded to one.
    out = _spend(_before_the_point(40, 0))
    assert (out.before.roll, out.before.target, out.before.outcome, out.before.defaulting) == (0, 65, "success", True)
    assert (out.before.superior_successes, out.after.superior_successes, out.pools.flex.current) == (0, 1, 0)
    top = _spend(_before_the_point(40, 65))  # the highest success: one superior success (33+) becomes two
    assert (top.before.superior_successes, top.after.superior_successes) == (1, 2)


@pytest.mark.parametrize("reading", [66, 99])
def test_a_failure_is_refused(reading: int) -> None:
    state = _before_the_point(40, reading)
    assert REFUSAL.when(SYSTEM.view(state, SEATS["Ana"]))
    with pytest.raises(RuleViolation) as caught:
        _spend(state)
    assert (caught.value.code, caught.value.status) == (REFUSAL.code, 409) == ("eclipse/pool-use-has-no-effect", 409)


def test_the_point_is_refused_on_exactly_the_readings_the_example_names() -> None:
    refused, said = set(), set()
    for reading in range(100):
        state = _before_the_point(40, reading)
        if REFUSAL.when(SYSTEM.view(state, SEATS["Ana"])):
            said.add(reading)
        try:
            out = _spend(state)
        except RuleViolation as refusal:
            assert refusal.code == REFUSAL.code
            refused.add(reading)
        else:
            assert out.after.superior_successes == out.before.superior_successes + 1
    assert refused == said == set(range(REFUSED_FROM, 100)) == set(range(66, 100))  # 34 readings: every failure


def test_whatever_the_guns_test_read_the_climb_is_judged_against_65() -> None:
    # A critical of the Guns test before it carries nothing to the climb: its target stays 65.
    for guns in range(100):
        kept = _before_the_point(guns, 50)["characters"]["ana"]["lastTest"]
        assert (kept["target"], kept["defaulting"], kept["aptitude"]) == (65, True, "som")


def test_no_after_roll_use_on_any_test_is_refused_on_fewer_readings() -> None:
    rules = EclipseRules()  # the example table's rules
    fewest: dict[tuple[str, bool], int] = {}
    for use in sorted(AFTER_ROLL):
        for defaulting in (False, True):
            for target in range(-1, 100):  # below 0 every reading but 00 fails, from 98 on every one but 99 succeeds
                refused = 0
                for reading in range(100):
                    try:
                        pool_after_roll(EclipseAfterRollInput(roll=reading, target=target, defaulting=defaulting, pool="flex", use=use, rules=rules))
                    except RuleViolation:
                        refused += 1
                fewest[use, defaulting] = min(refused, fewest.get((use, defaulting), 100))
    assert fewest == {
        ("downgrade-critical-failure", False): 91,
        ("downgrade-critical-failure", True): 91,
        ("flip-flop", False): 55,
        ("flip-flop", True): 55,
        ("upgrade", False): 40,  # criticals (00, 11 … 55) cannot be upgraded either
        ("upgrade", True): 34,  # the example's: defaulting, and 65 or more
    }
