from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.neurosystem import errors
from service.systems.neurosystem.rules.ratings import normalize_rating, parse_rating


@pytest.mark.parametrize(("text", "sides"), [("d4", 4), ("d6", 6), ("d8", 8), ("d10", 10), ("d12", 12), ("D8", 8), (" d10 ", 10)])
def test_the_five_die_ratings_are_accepted(text: str, sides: int) -> None:
    assert parse_rating(text) == sides


@pytest.mark.parametrize("text", ["d2", "d3", "d5", "d7", "d20", "d100", "8", "", "dd8", "d", "1d8", "d08x", "d-8"])
def test_any_other_rating_is_refused_naming_the_allowed_sizes(text: str) -> None:
    with pytest.raises(RuleViolation) as caught:
        parse_rating(text)
    assert caught.value.code == errors.UNKNOWN_DIE_SIZE
    assert caught.value.status == 422
    assert "d4, d6, d8, d10 or d12" in caught.value.detail


def test_ratings_are_stored_in_one_spelling() -> None:
    assert normalize_rating("D12") == "d12"
