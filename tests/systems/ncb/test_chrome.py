"""Chrome: body slots, the capacity pool, passive bonuses, active cooldowns."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.ncb.rules import chrome
from service.systems.ncb.wire.sheet import NcbImplant, NcbImplantView


def implant(name: str, *, slots: int = 1, capacity: int = 1, active: dict | None = None, **passive: int) -> NcbImplant:
    body = {"name": name, "slots": slots, "capacity": capacity, "passive": passive, "active": active}
    return NcbImplant.model_validate(body)


def body_of(count: int) -> tuple[NcbImplantView, ...]:
    installed: tuple[NcbImplantView, ...] = ()
    for i in range(count):
        installed = chrome.install(installed, implant(f"implant {i}"), slots=6, capacity=10)
    return installed


def test_a_six_slot_body_takes_six_implants_and_refuses_a_seventh() -> None:
    six = body_of(6)
    assert chrome.usage(six) == (6, 6)
    with pytest.raises(RuleViolation) as caught:
        chrome.install(six, implant("seventh"), slots=6, capacity=10)
    assert caught.value.code == "ncb/chrome-slots-full" and caught.value.status == 409


def test_implants_taking_several_slots_count_them_all() -> None:
    installed = chrome.install([], implant("Gorilla arms", slots=2), slots=3, capacity=10)
    with pytest.raises(RuleViolation):
        chrome.install(installed, implant("Sandevistan", slots=2), slots=3, capacity=10)


def test_the_shared_capacity_pool_refuses_overdraw() -> None:
    installed = chrome.install([], implant("Sandevistan", capacity=7), slots=6, capacity=10)
    with pytest.raises(RuleViolation) as caught:
        chrome.install(installed, implant("Berserk", capacity=4), slots=6, capacity=10)
    assert caught.value.code == "ncb/chrome-capacity-exceeded"
    assert len(chrome.install(installed, implant("Optics", capacity=3), slots=6, capacity=10)) == 2


def test_the_same_implant_twice_is_refused() -> None:
    installed = chrome.install([], implant("Kerenzikov"), slots=6, capacity=10)
    with pytest.raises(RuleViolation) as caught:
        chrome.install(installed, implant("kerenzikov"), slots=6, capacity=10)
    assert caught.value.code == "ncb/chrome-duplicate"


def test_passive_bonuses_add_up_while_installed_and_stop_when_removed() -> None:
    installed = chrome.install([], implant("Subdermal armor", armorClass=1, damageReduction=1), slots=6, capacity=10)
    installed = chrome.install(installed, implant("Reflex booster", initiative=2, dexterity=2), slots=6, capacity=10)
    totals = chrome.totals(installed)
    assert (totals.armor_class, totals.damage_reduction, totals.initiative, totals.dexterity) == (1, 1, 2, 2)
    installed, removed = chrome.uninstall(installed, "Reflex booster")
    assert removed.name == "Reflex booster" and chrome.totals(installed).initiative == 0


def test_no_chrome_adds_nothing_and_two_implants_with_the_same_bonuses_both_count() -> None:
    assert all(value == 0 for value in chrome.totals(()).model_dump().values())
    installed = chrome.install([], implant("Left plate", armorClass=1, speed=5), slots=6, capacity=10)
    assert chrome.totals(installed).armor_class == 1
    installed = chrome.install(installed, implant("Right plate", armorClass=1, speed=5), slots=6, capacity=10)
    both = chrome.totals(installed)
    assert (both.armor_class, both.speed, both.initiative) == (2, 10, 0)


def test_a_sheets_chrome_totals_are_summed_once_and_follow_a_change() -> None:
    installed = chrome.install([], implant("Subdermal armor", armorClass=1), slots=6, capacity=10)
    assert isinstance(installed, tuple)
    first = chrome.totals(installed)
    assert chrome.totals(installed) is first  # the same tuple of frozen implants: summed once
    grown = chrome.install(installed, implant("Dermal plating", armorClass=2), slots=6, capacity=10)
    assert chrome.totals(grown).armor_class == 3 and chrome.totals(installed).armor_class == 1
    again = tuple([*installed])  # an equal tuple of its own: summed again, to the same totals
    assert again is not installed and chrome.totals(again) == first


def test_an_active_implant_cools_down_over_its_owners_turns() -> None:
    installed = chrome.install([], implant("Kerenzikov", active={"unit": "rounds", "amount": 2}), slots=6, capacity=10)
    installed, used = chrome.activate(installed, "Kerenzikov")
    assert used.cooldown_left == 2
    with pytest.raises(RuleViolation) as caught:
        chrome.activate(installed, "Kerenzikov")
    assert caught.value.code == "ncb/chrome-cooling-down"
    installed = chrome.tick(chrome.tick(installed))
    assert chrome.activate(installed, "Kerenzikov")[1].cooldown_left == 2


def test_rest_cooldowns_wait_for_their_rest() -> None:
    installed = chrome.install(
        [], implant("Sandevistan", active={"unit": "long-rest", "amount": 1}), slots=6, capacity=10
    )
    installed, _ = chrome.activate(installed, "Sandevistan")
    assert chrome.refresh(installed, "short-rest")[0].spent_until == "long-rest"
    assert chrome.refresh(installed, "long-rest")[0].spent_until is None


def test_passive_implants_have_nothing_to_activate_and_unknown_ones_are_404() -> None:
    installed = chrome.install([], implant("Optics"), slots=6, capacity=10)
    with pytest.raises(RuleViolation) as caught:
        chrome.activate(installed, "Optics")
    assert caught.value.code == "ncb/chrome-passive"
    with pytest.raises(RuleViolation) as caught:
        chrome.uninstall(installed, "Mantis blades")
    assert caught.value.status == 404
