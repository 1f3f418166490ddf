"""Hacking: Infosec against Firewall; privileges climb with superior successes, status with criticals."""

from __future__ import annotations

from service.systems.eclipse import moves
from service.systems.eclipse.rules.d100 import judge
from service.systems.eclipse.rules.hacking import intrusion, terms
from service.systems.eclipse.wire.hacking import EclipseHackInput
from support.dice import ScriptedStream, d100


def hack(body: dict, *faces: int):
    stream = ScriptedStream(*faces)
    out = moves.hacking.hack(EclipseHackInput.model_validate({"infosec": 80, "firewall": 40, **body}), stream)
    assert stream.exhausted
    return out


def test_brute_force_is_a_loud_complex_action_at_minus_30() -> None:
    out = hack({"method": "brute-force"}, d100(20), d100(10))
    assert (out.hacker.target, out.action, out.timeframe_hours, out.success) == (50, "complex", 0, True)
    assert (out.intrusion.privileges, out.intrusion.status) == ("user", "spotted")


def test_subtle_intrusion_is_a_covert_one_hour_task() -> None:
    out = hack({"method": "subtle"}, d100(20), d100(10))
    assert (out.hacker.target, out.action, out.timeframe_hours) == (80, "task", 1)
    assert (out.intrusion.privileges, out.intrusion.status) == ("user", "covert")


def test_each_superior_success_raises_privileges() -> None:
    assert hack({"method": "subtle"}, d100(45), d100(10)).intrusion.privileges == "security"
    assert hack({"method": "subtle"}, d100(70), d100(10)).intrusion.privileges == "admin"


def test_a_critical_success_raises_status() -> None:
    out = hack({"method": "subtle"}, d100(11), d100(10))
    assert (out.intrusion.privileges, out.intrusion.status) == ("user", "hidden")
    assert intrusion(judge(22, 50), "brute-force") == ("user", "covert")
    assert intrusion(judge(44, 80, critical_replaces_superior=False), "subtle") == ("security", "hidden")


def test_losing_to_the_firewall_gets_nothing() -> None:
    out = hack({"method": "subtle"}, d100(20), d100(30))
    assert (out.success, out.intrusion) == (False, None)


def test_escalating_keeps_what_the_intrusion_had() -> None:
    out = hack({"method": "subtle", "current": {"privileges": "security", "status": "covert"}}, d100(40), d100(10))
    assert (out.intrusion.privileges, out.intrusion.status) == ("admin", "covert")
    loud = hack({"method": "brute-force", "current": {"privileges": "user", "status": "hidden"}}, d100(20), d100(10))
    assert loud.intrusion.status == "spotted"


def test_method_terms() -> None:
    assert terms("brute-force").modifiers[0].value == -30
    assert terms("subtle").modifiers == ()
