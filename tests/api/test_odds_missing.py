"""A mechanic with randomness and no odds is listed (tests/api/odds_missing.py), so the list can only shrink."""

from __future__ import annotations

from odds_missing import MISSING_ODDS

from service.registry import Mechanic
from service.systems import REGISTRY


def lacks_odds(mech: Mechanic) -> bool:
    """A form of it draws and declares no odds."""
    stateless = mech.resolve is not None and mech.random and mech.odds is None
    in_session = mech.apply is not None and mech.session_random and mech.session_odds is None
    return stateless or in_session


def test_every_mechanic_that_draws_without_odds_is_listed() -> None:
    unlisted = sorted(mech.key for mech in REGISTRY.mechanics.values() if lacks_odds(mech) and mech.key not in MISSING_ODDS)
    assert unlisted == [], "a mechanic that draws comes with its odds (or, for now, a line in odds_missing.py)"


def test_a_listed_mechanic_that_has_its_odds_leaves_the_list() -> None:
    done = sorted(key for key in MISSING_ODDS if key in REGISTRY.mechanics and not lacks_odds(REGISTRY.mechanics[key]))
    assert done == [], "these have their odds now: take them out of odds_missing.py"


def test_the_list_names_only_mechanics_that_exist() -> None:
    assert sorted(MISSING_ODDS - set(REGISTRY.mechanics)) == []


def test_the_dice_tables_mechanics_have_their_odds() -> None:
    assert not lacks_odds(REGISTRY.mechanics["dice/roll"]) and not lacks_odds(REGISTRY.mechanics["dice/fulfill"])
