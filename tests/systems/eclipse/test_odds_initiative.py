"""Exact odds of initiative (each count, who acts first), from the Eclipse Phase numbers, and seeded runs of
the real roll agreeing.

1d6 + Initiative, highest first; equal counts go to the higher REF, then to d100 roll-offs (the higher
reading first) among those still tied, round after round; after 20 rounds listing order stands.
"""

from __future__ import annotations

from fractions import Fraction

from support.odds import assert_agrees, sampled

from service.registry import Actor
from service.systems.eclipse.moves import combat
from service.systems.eclipse.wire.combat import EclipseInitiativeInSession, EclipseInitiativeInput

from .tables import table, typed

GM = Actor("seat-1", "gm", "gm")


def _odds(*combatants: dict, **rules: object):
    return combat.initiative_odds_of(EclipseInitiativeInput.model_validate({"combatants": list(combatants), "rules": rules}))


def test_an_equal_count_goes_to_the_higher_ref() -> None:
    # Both Initiative 5: a goes first whenever its d6 is at least b's: 21 of 36 pairs.
    odds = _odds({"name": "a", "initiative": 5, "ref": 20}, {"name": "b", "initiative": 5, "ref": 10})
    assert odds["first"].probability("a") == Fraction(21, 36)
    assert dict(odds["count:a"].chances) == {n: Fraction(1, 6) for n in range(6, 12)}


def test_equal_ref_ties_are_rolled_off() -> None:
    # Higher d6: 15/36. Equal (6/36): d100 roll-offs, even each round, except that after 20 tied rounds
    # ((1/100)^20) the one listed first keeps the lead: 1/2 + (1/100)^20 / 2.
    odds = _odds({"name": "a", "initiative": 5, "ref": 10}, {"name": "b", "initiative": 5, "ref": 10})
    roll_off = Fraction(1, 2) + Fraction(1, 2 * 100**20)
    assert odds["first"].probability("a") == Fraction(15, 36) + Fraction(6, 36) * roll_off


def test_simultaneous_ties_give_only_the_counts() -> None:
    odds = _odds({"name": "a", "initiative": 3}, {"name": "b", "initiative": 4}, initiativeTies="simultaneous")
    assert [d.name for d in odds.distributions] == ["count:a", "count:b"]


def test_the_first_agrees_with_initiative_as_rolled() -> None:
    params = EclipseInitiativeInput.model_validate(
        {
            "combatants": [
                {"name": "a", "initiative": 6, "ref": 15},
                {"name": "b", "initiative": 5, "ref": 20},
                {"name": "c", "initiative": 6, "ref": 15},
                {"name": "d", "initiative": 3, "ref": 30},
            ]
        }
    )
    odds = combat.initiative_odds_of(params)
    assert_agrees(odds["first"], sampled(lambda stream: combat.initiative(params, stream).order[0].name, runs=2000))


def test_at_the_table_the_sheets_set_the_counts_and_the_first_agrees() -> None:
    # Ana: Initiative 7, REF 20; the guard: 5, REF 15. Ana is first unless the guard's d6 beats hers by 3
    # or more: (1,4) (1,5) (1,6) (2,5) (2,6) (3,6), 6 of 36.
    state = typed(table())
    odds = combat.initiative_session_odds(state, EclipseInitiativeInSession(), GM)
    assert odds["first"].probability("ana") == Fraction(30, 36)
    counts = sampled(lambda stream: combat.initiative_in_session(state, EclipseInitiativeInSession(), stream, GM)[1].order[0].name, runs=1500)
    assert_agrees(odds["first"], counts)
