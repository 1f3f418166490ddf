"""Building sheets, districts and the setup: the shape the play rules rely on."""

from __future__ import annotations

import copy

import pytest
from pydantic import ValidationError

from service.errors import RuleViolation
from service.systems.desert import errors
from service.systems.desert.setup import DesertSetup
from service.systems.desert.state import DistrictAt, SectionAt
from service.systems.desert.wire.refs import DesertLocation
from service.systems.desert.wire.screen import DesertPlayerScreenInput
from service.systems.desert.wire.sheets import DesertBuildingSheet, DesertDistrict, check_section_numbers

from .examples import OLD_TOWN, SETUP, WIEK


def _refused(model, data) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        model.model_validate(data)
    return caught.value


def test_the_example_sheets_are_valid() -> None:
    setup = DesertSetup.model_validate(SETUP)
    assert setup.buildings[0].sections[2].checkboxes == ["tracking", "tracking"]
    assert setup.rules.require_statements and setup.rules.personal_control_count == "at-least"


def test_control_seven_is_refused_on_building_and_district() -> None:
    assert _refused(DesertBuildingSheet, {**WIEK, "control": 7}).code == errors.CONTROL_OUT_OF_RANGE
    assert _refused(DesertDistrict, {**OLD_TOWN, "control": 7}).code == errors.CONTROL_OUT_OF_RANGE
    assert _refused(DesertDistrict, {**OLD_TOWN, "control": -1}).status == 422


def test_district_type_runs_from_one_to_six() -> None:
    assert _refused(DesertDistrict, {**OLD_TOWN, "type": 0}).code == errors.DISTRICT_TYPE_OUT_OF_RANGE


def test_a_section_with_a_category_that_does_not_exist_is_refused() -> None:
    sheet = copy.deepcopy(WIEK)
    sheet["sections"][0]["checkboxes"] = ["tracking", "smell"]
    refusal = _refused(DesertBuildingSheet, sheet)
    assert refusal.code == errors.UNKNOWN_CATEGORY and "'smell'" in refusal.detail


def test_section_numbers_are_unique() -> None:
    sheet = copy.deepcopy(WIEK)
    sheet["sections"][1]["number"] = 1
    with pytest.raises(RuleViolation) as caught:
        check_section_numbers(DesertBuildingSheet.model_validate(sheet))
    assert caught.value.code == errors.DUPLICATE_ID and "section 1" in caught.value.detail
    assert _refused(DesertSetup, {**SETUP, "buildings": [sheet]}).code == errors.DUPLICATE_ID


def test_three_positive_and_three_negative_reactions_and_six_encounters() -> None:
    with pytest.raises(ValidationError):
        DesertDistrict.model_validate({**OLD_TOWN, "reactions": {"positive": ["a", "b"], "negative": ["c", "d", "e"]}})
    with pytest.raises(ValidationError):
        DesertBuildingSheet.model_validate({**WIEK, "encounters": WIEK["encounters"][:5]})


def test_ids_are_unique_in_the_setup() -> None:
    assert _refused(DesertSetup, {**SETUP, "districts": [OLD_TOWN, OLD_TOWN]}).code == errors.DUPLICATE_ID


def test_a_location_is_a_district_or_a_building_section() -> None:
    assert DesertLocation.model_validate({"building": "wiek", "section": 2}).as_state() == SectionAt(building="wiek", section=2)
    assert DesertLocation.model_validate({"district": "old-town"}).as_state() == DistrictAt(district="old-town")
    for bad in ({}, {"building": "wiek"}, {"district": "old-town", "building": "wiek", "section": 1}):
        with pytest.raises(RuleViolation) as caught:
            DesertLocation.model_validate(bad).as_state()
        assert caught.value.code == errors.LOCATION_SHAPE


def test_a_stateless_screen_names_one_source() -> None:
    assert _refused(DesertPlayerScreenInput, {}).code == errors.SCREEN_SOURCE
    assert _refused(DesertPlayerScreenInput, {"districtType": 2, "checkboxes": []}).code == errors.SCREEN_SOURCE
    assert DesertPlayerScreenInput.model_validate({"checkboxes": []}).checkboxes == []
