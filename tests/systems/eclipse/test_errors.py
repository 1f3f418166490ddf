"""Every Eclipse Phase refusal code is in the one table, and each has a problem page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service.errors import RuleViolation
from service.systems.eclipse import SYSTEM, moves
from service.systems.eclipse.errors import CODES
from service.systems.eclipse.setup import EclipseSetup, first_state
from service.systems.eclipse.wire.attacks import EclipseDamageInSession
from service.systems.eclipse.wire.characters import EclipseAddCharacter
from service.systems.eclipse.wire.combat import EclipseInitiativeInSession
from service.systems.eclipse.wire.hacking import EclipseHackInSession
from service.systems.eclipse.wire.pools import EclipsePoolUseInSession
from service.systems.eclipse.wire.sheet import EclipseHealInSession
from service.systems.eclipse.wire.success_tests import EclipseAfterRollInSession, EclipseTestInSession
from support.api import Api
from support.dice import d100

from .sheets import ANA, GUARD
from .tables import ANA_SEAT, act, refused, table

HEAL = EclipseHealInSession

SOURCE = Path(__file__).parents[3] / "service" / "systems" / "eclipse"
CODE = re.compile(r"[\"'`](eclipse/[a-z0-9-]+)[\"'`]")


def _codes_in_source() -> set[str]:
    return {code for path in SOURCE.rglob("*.py") for code in CODE.findall(path.read_text(encoding="utf-8"))}


def test_every_code_in_the_source_is_in_the_table() -> None:
    found = _codes_in_source()
    assert len(found) >= 40  # the scan finds the codes at all
    assert found - CODES.keys() == set()
    assert CODES.keys() - found == set()  # and the table holds no code nothing raises
    assert SYSTEM.errors is CODES


def test_each_code_answers_one_status_of_the_policy() -> None:
    assert {entry.status for entry in CODES.values()} <= {403, 404, 409, 422}
    assert all(entry.title and entry.why for entry in CODES.values())


@pytest.mark.parametrize("code", sorted(CODES))
def test_each_code_has_a_problem_page(api: Api, code: str) -> None:
    page = api.get(f"/problems/{code}")
    assert page.status_code == 200, page.text
    body = page.json()
    assert (body["code"], body["status"], body["title"], body["statelessStatus"]) == (code, CODES[code].status, CODES[code].title, 422)


# -- one code, one status: refusals that used to share a code under two statuses ------------------


def test_a_pool_point_too_many_at_once_and_one_after_the_tests_point_are_two_codes() -> None:
    s = table()
    twice = {"character": "ana", "skill": "Guns", "poolSpends": [{"pool": "vigor", "use": "plus-twenty"}, {"pool": "flex", "use": "flip-flop"}]}
    problem = refused(moves.success_tests.test_in_session, s, EclipseTestInSession, twice, ANA_SEAT)
    assert (problem.code, problem.status) == ("eclipse/too-many-pool-points", 422)
    s, _ = act(moves.success_tests.test_in_session, s, EclipseTestInSession, {**twice, "poolSpends": [{"pool": "flex", "use": "plus-twenty"}]}, d100(83), actor=ANA_SEAT)
    again = refused(moves.success_tests.pool_after_roll_in_session, s, EclipseAfterRollInSession, {"character": "ana", "pool": "vigor", "use": "flip-flop"}, ANA_SEAT)
    assert (again.code, again.status) == ("eclipse/one-pool-point-per-test", 409)


def test_a_character_listed_twice_is_a_duplicate_entry_and_one_already_seated_a_duplicate_character() -> None:
    with pytest.raises(RuleViolation) as caught:
        first_state(EclipseSetup.model_validate({"characters": [ANA, ANA]}))
    assert (caught.value.code, caught.value.status) == ("eclipse/duplicate-entry", 422)
    listed = refused(moves.combat.initiative_in_session, table(), EclipseInitiativeInSession, {"characters": ["ana", "ana"]})
    assert (listed.code, listed.status) == ("eclipse/duplicate-entry", 422)
    seated = refused(moves.characters.add_character, table(), EclipseAddCharacter, {"character": GUARD})
    assert (seated.code, seated.status) == ("eclipse/duplicate-character", 409)


def test_healing_nothing_and_healing_the_dead_are_two_codes() -> None:
    s, _ = act(moves.attacks.damage_in_session, table(), EclipseDamageInSession, {"character": "guard", "weapon": {"bonus": 60, "armor": "none"}})
    dead = refused(moves.sheet.heal, s, HEAL, {"character": "guard", "damage": 5})
    assert (dead.code, dead.status) == ("eclipse/dead-cannot-be-healed", 409)
    nothing = refused(moves.sheet.heal, table(), HEAL, {"character": "guard"})
    assert (nothing.code, nothing.status) == ("eclipse/heal", 422)


def test_a_favor_that_cannot_be_refreshed_and_one_not_used_are_two_codes() -> None:
    body = {"character": "ana", "pool": "moxie", "use": "refresh-rep", "network": "g", "favor": "minor"}
    unused = refused(moves.pools.pool_use_in_session, table(), EclipsePoolUseInSession, body)
    assert (unused.code, unused.status) == ("eclipse/no-favor-to-refresh", 409)
    unnamed = refused(moves.pools.pool_use_in_session, table(), EclipsePoolUseInSession, {**body, "network": None})
    assert (unnamed.code, unnamed.status) == ("eclipse/favor-refresh", 422)


def test_an_unknown_intrusion_and_another_hackers_are_two_codes() -> None:
    body = {"hacker": {"character": "ana"}, "method": "subtle", "system": "hab security", "firewall": 40}
    s, out = act(moves.hacking.hack_in_session, table(), EclipseHackInSession, body, d100(45), d100(10), actor=ANA_SEAT)
    escalate = {"hacker": {"character": "guard"}, "method": "subtle", "intrusion": out.intrusion_id}
    theirs = refused(moves.hacking.hack_in_session, s, EclipseHackInSession, escalate)
    assert (theirs.code, theirs.status) == ("eclipse/not-this-hackers-intrusion", 409)
    unknown = refused(moves.hacking.hack_in_session, s, EclipseHackInSession, {**escalate, "intrusion": "i99"})
    assert (unknown.code, unknown.status) == ("eclipse/unknown-intrusion", 404)
