"""Every form of a mechanic that draws declares its odds. The list of mechanics without them, which
could only shrink, is empty: a new mechanic that draws comes with its odds."""

from __future__ import annotations

from dataclasses import replace

from service.registry import Mechanic
from service.systems import REGISTRY


def lacks_odds(mech: Mechanic) -> bool:
    """A form of it draws and declares no odds."""
    stateless = mech.resolve is not None and mech.random and mech.odds is None
    in_session = mech.apply is not None and mech.session_random and mech.session_odds is None
    return stateless or in_session


def test_every_mechanic_that_draws_has_its_odds() -> None:
    assert sorted(mech.key for mech in REGISTRY.mechanics.values() if lacks_odds(mech)) == []


def test_the_check_sees_a_form_that_draws_without_odds() -> None:
    dice = REGISTRY.mechanics["dice/roll"]
    assert not lacks_odds(dice)
    assert dice.session_random  # a session roll draws from the session's stream
    assert lacks_odds(replace(dice, odds=None)) and lacks_odds(replace(dice, session_odds=None))
