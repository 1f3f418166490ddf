"""Last Breath taken: 1 HP instead of 0, one level of exhaustion, spent until a long rest."""

from __future__ import annotations

from service.systems.ncb.rules.damage import Vitals
from service.systems.ncb.rules.last_breath import take
from service.systems.ncb.options import NcbRules

RULES = NcbRules()


def dropped(**more) -> Vitals:
    """What a hit leaves behind when it offers Last Breath."""
    return Vitals(hp=0, max_hp=38, condition="dying", last_breath=True, last_breath_offered=True, **more)


def test_taking_last_breath_stands_at_1_hp_with_a_level_of_exhaustion() -> None:
    after, taken = take(dropped(exhaustion=2), RULES)
    assert (taken.result, taken.hp, taken.condition, taken.exhaustion, taken.cause) == ("last-breath", 1, "up", 3, None)
    assert after.hp == 1 and after.condition == "up" and not after.last_breath and not after.last_breath_offered
    assert (after.death_successes, after.death_failures) == (0, 0)


def test_the_sixth_level_of_exhaustion_flatlines() -> None:
    after, taken = take(dropped(exhaustion=5), RULES)
    assert (taken.result, taken.cause, taken.exhaustion, taken.hp) == ("flatlined", "exhaustion", 6, 0)
    assert after.condition == "flatlined" and not after.last_breath


def test_tracked_only_exhaustion_counts_the_sixth_level_and_nothing_more() -> None:
    after, taken = take(dropped(exhaustion=5), NcbRules(exhaustion="tracked-only"))
    assert taken.result == "last-breath" and after.hp == 1 and after.exhaustion == 6
