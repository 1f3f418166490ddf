"""Every NCB form that rolls declares its odds; the session writes that roll nothing take no stream."""

from __future__ import annotations

from fractions import Fraction

from service.systems import REGISTRY

# Session writes that roll nothing: they take no stream, so they spend no nonce and answer no audit.
ROLL_NOTHING = {
    "last-breath",
    "long-rest",
    "install-chrome",
    "uninstall-chrome",
    "activate-chrome",
    "eddies",
    "remove-combatant",
    "gm-adjust",
    "end-combat",
    "move",
    "take-action",
}


def _mechanics():
    return [m for m in REGISTRY.mechanics.values() if m.system == "ncb"]


def test_every_random_stateless_form_has_odds() -> None:
    assert [m.name for m in _mechanics() if m.resolve and m.random and m.odds is None] == []


def test_every_session_write_that_takes_a_stream_has_odds() -> None:
    assert [m.name for m in _mechanics() if m.apply and m.session_random and m.session_odds is None] == []


def test_the_writes_that_roll_nothing_take_no_stream() -> None:
    writes = {m.name: m for m in _mechanics() if m.apply}
    assert ROLL_NOTHING <= set(writes)
    assert sorted(name for name in ROLL_NOTHING if writes[name].session_random) == []


def test_session_odds_read_the_stored_table_and_change_nothing() -> None:
    import copy

    from service.declare import dump_state
    from service.registry import Actor
    from service.systems.ncb.setup import NcbSetup, first_state
    from service.systems.ncb.state import NcbState
    from service.systems.ncb.wire.fights import NcbAttackAction
    from service.systems.ncb.wire.programs import NcbRunProgramAction

    from .sheets import GOON, V

    stored = dump_state(NcbState, first_state(NcbSetup.model_validate({"combatants": [V, GOON]})))
    frozen = copy.deepcopy(stored)
    gm = Actor("seat-1", "gm", "gm")
    attack = REGISTRY.mechanics["ncb/attack"].session_odds
    program = REGISTRY.mechanics["ncb/run-program"].session_odds
    assert attack is not None and program is not None
    odds = attack(stored, NcbAttackAction(attacker="v", target="goon", weapon_name="Unity"), gm)
    assert sum(p for _, p in odds["outcome"].chances) == 1
    # V's program DC: 8 + 3 (level 5) + 3 (Intelligence 16) = 14; the goon's Dexterity save at +0 beats it
    # from a natural 15 (6/20).
    action = NcbRunProgramAction.model_validate(
        {"caster": "v", "target": "goon", "program": {"name": "Short circuit", "save": "dexterity", "damageDice": "1d6"}}
    )
    save = program(stored, action, gm)["save"]
    assert save.probability("success") + save.probability("critical-success") == Fraction(6, 20)
    assert stored == frozen
