"""Every Eclipse Phase form that rolls declares its odds."""

from __future__ import annotations

import inspect

from service.systems import REGISTRY


def _mechanics():
    return [m for m in REGISTRY.mechanics.values() if m.system == "eclipse"]


def test_every_random_stateless_form_has_odds() -> None:
    assert [m.name for m in _mechanics() if m.resolve and m.random and m.odds is None] == []


def test_every_session_write_that_draws_has_odds() -> None:
    drawing = [m for m in _mechanics() if m.apply and inspect.getclosurevars(m.apply).nonlocals.get("draws")]
    assert drawing and [m.name for m in drawing if m.session_odds is None] == []


def test_a_crowd_sharing_one_ref_is_too_costly_to_roll_off_exactly() -> None:
    import pytest

    from service.dice.odds import OddsTooCostly
    from service.systems.eclipse.moves.combat import initiative_odds_of
    from service.systems.eclipse.wire.combat import EclipseInitiativeInput

    crowd = [{"name": f"drone {n}", "initiative": 3, "ref": 10} for n in range(13)]
    with pytest.raises(OddsTooCostly) as raised:
        initiative_odds_of(EclipseInitiativeInput.model_validate({"combatants": crowd}))
    assert raised.value.maximum == 12
