from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.neurosystem import errors
from service.systems.neurosystem.rules.reductions import Protection, range_steps, reduction, tags

SHIELD = Protection("resonance shield", 3, ("kinetic ranged",))
VEST = Protection("mesh vest", 1, ("kinetic ranged", "blade"))


@pytest.mark.parametrize(("distance", "steps"), [(3, 0), (2, 1), (4, 1), (1, 2), (5, 2), (0, 3), (6, 3)])
def test_rulebook_a_rifle_with_ideal_range_3_loses_a_category_per_increment_away(distance: int, steps: int) -> None:
    assert range_steps(3, distance) == steps


def test_only_the_highest_mitigation_counts() -> None:
    found = reduction(mitigation=[1, 3, 2], ideal_range=None, distance=None, protections=[], attack_type=None)
    assert (found.mitigation, found.total) == (3, 3)


def test_protection_counts_only_against_the_attack_types_it_lists() -> None:
    kinetic = reduction(mitigation=[], ideal_range=None, distance=None, protections=[SHIELD], attack_type="Kinetic  Ranged")
    blade = reduction(mitigation=[], ideal_range=None, distance=None, protections=[SHIELD], attack_type="blade")
    assert (kinetic.protection, kinetic.protection_used) == (3, "resonance shield")
    assert (blade.protection, blade.protection_used) == (0, None)


def test_two_protections_do_not_stack_the_higher_applies() -> None:
    found = reduction(mitigation=[], ideal_range=None, distance=None, protections=[VEST, SHIELD], attack_type="kinetic ranged")
    assert found.protection == 3


def test_the_three_kinds_add_up() -> None:
    found = reduction(mitigation=[2, 1], ideal_range=3, distance=5, protections=[VEST], attack_type="blade")
    assert (found.mitigation, found.range, found.protection, found.total) == (2, 2, 1, 5)


def test_protection_without_an_attack_type_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        reduction(mitigation=[], ideal_range=None, distance=None, protections=[SHIELD], attack_type=None)
    assert caught.value.code == errors.ATTACK_TYPE_NEEDED and caught.value.status == 422


# -- attack types are sets of tags --------------------------------------------------------------------

KINETIC_VEST = Protection("kinetic vest", 2, ("kinetic",))


def _protection(protections: list[Protection], attack_type, match: str = "either-includes") -> tuple[int, str | None]:
    found = reduction(mitigation=[], ideal_range=None, distance=None, protections=protections, attack_type=attack_type, match=match)
    return found.protection, found.protection_used


def test_a_kinetic_vest_stops_a_kinetic_ranged_attack() -> None:
    assert _protection([KINETIC_VEST], "kinetic ranged") == (2, "kinetic vest")
    assert _protection([KINETIC_VEST], ["kinetic", "melee"]) == (2, "kinetic vest")


def test_rulebook_a_resonance_shield_rated_3_takes_3_off_a_kinetic_weapon() -> None:
    # The shield lists kinetic ranged weapons; the text's example then calls the attack simply kinetic.
    assert _protection([SHIELD], "kinetic") == (3, "resonance shield")
    assert _protection([SHIELD], "kinetic ranged") == (3, "resonance shield")


def test_protection_does_not_stop_an_attack_of_another_kind() -> None:
    assert _protection([SHIELD], "laser ranged") == (0, None)
    assert _protection([SHIELD], "kinetic melee") == (0, None)
    assert _protection([KINETIC_VEST], "laser") == (0, None)


def test_attack_tags_ignore_case_spacing_and_order() -> None:
    assert tags("  Kinetic   RANGED ") == tags(["ranged", "KINETIC"]) == tags(["kinetic ranged"]) == {"kinetic", "ranged"}
    assert _protection([SHIELD], ["Ranged", "KINETIC"]) == (3, "resonance shield")


def test_attack_includes_match_needs_every_listed_tag_on_the_attack() -> None:
    assert _protection([SHIELD], "kinetic", "attack-includes") == (0, None)
    assert _protection([KINETIC_VEST], "kinetic ranged", "attack-includes") == (2, "kinetic vest")
    assert _protection([SHIELD, KINETIC_VEST], "kinetic ranged smartgun", "attack-includes") == (3, "resonance shield")


@pytest.mark.parametrize("attack_type", [[], "   ", ["", " "]])
def test_an_attack_type_without_a_tag_is_refused_when_protection_applies(attack_type) -> None:
    with pytest.raises(RuleViolation) as caught:
        _protection([SHIELD], attack_type)
    assert caught.value.code == errors.ATTACK_TYPE_NEEDED
