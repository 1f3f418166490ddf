from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.neurosystem import errors
from service.systems.neurosystem.rules import checks
from service.systems.neurosystem.rules.check_records import validate_record
from service.systems.neurosystem.wire.records import NeurosystemCheckRecord
from support.dice import ScriptedStream


def _record() -> dict:
    record = checks.roll_stk(
        {"style": (8, None), "training": (6, None), "knowledge": (10, None)},
        dn=12, bonuses=[], negative_states=0, luck=2, stream=ScriptedStream(1, 2, 3, 4, 5),
    )  # fmt: skip
    return record.model_dump(by_alias=True)


def _refused(raw: dict) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        validate_record(NeurosystemCheckRecord.model_validate(raw))
    return caught.value


def test_a_record_the_rules_produced_is_valid() -> None:
    validate_record(NeurosystemCheckRecord.model_validate(_record()))


def test_a_face_the_die_cannot_show_is_refused() -> None:
    raw = _record()
    raw["dice"][1]["face"] = 7  # a d6
    assert _refused(raw).code == errors.INVALID_CHECK


def test_an_unknown_die_size_in_a_record_is_refused_as_such() -> None:
    raw = _record()
    raw["dice"][0]["rating"] = "d7"
    assert _refused(raw).code == errors.UNKNOWN_DIE_SIZE


def test_an_stk_record_needs_one_die_per_stat_and_numbered_d8_luck() -> None:
    missing = _record()
    missing["dice"] = missing["dice"][1:]
    renumbered = _record()
    renumbered["dice"][3]["id"] = "luck-7"
    big_luck = _record()
    big_luck["dice"][4]["rating"] = "d12"
    assert {_refused(r).code for r in (missing, renumbered, big_luck)} == {errors.INVALID_CHECK}


def test_rerolled_faces_need_a_pushed_check() -> None:
    raw = _record()
    raw["dice"][0]["rerolledFrom"] = 2
    assert _refused(raw).code == errors.INVALID_CHECK
    raw["pushed"] = True
    validate_record(NeurosystemCheckRecord.model_validate(raw))


def test_a_flat_record_has_one_stat_die_no_dn_and_no_push() -> None:
    flat = {"kind": "flat", "dice": [{"id": "style", "stat": "style", "rating": "d6", "face": 3}]}
    validate_record(NeurosystemCheckRecord.model_validate(flat))
    assert _refused({**flat, "dn": 5}).code == errors.INVALID_CHECK
    assert _refused({**flat, "pushed": True}).code == errors.INVALID_CHECK
    assert _refused({**flat, "dice": [{"id": "luck-1", "stat": "luck", "rating": "d8", "face": 3}]}).code == errors.INVALID_CHECK
