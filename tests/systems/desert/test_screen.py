"""The player screen: blue control tokens, red bypass tokens, orange free tokens."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.desert import errors
from service.systems.desert.rules.screen import district_blues, player_screen, section_blues
from service.systems.desert.wire.screen import DesertScreen


def _colours(screen: DesertScreen) -> dict[str, tuple[int, int, bool]]:
    return {s.category: (s.blue, s.red, s.free) for s in screen.categories}


def test_district_of_type_n_watches_the_first_n_categories() -> None:
    assert district_blues(1) == {"tracking": 1}
    assert district_blues(2) == {"tracking": 1, "access": 1}
    assert district_blues(6) == dict.fromkeys(("tracking", "access", "network", "audio", "video", "neuro"), 1)


def test_type_2_district_screen_requires_where_you_go_and_who_you_are() -> None:
    screen = player_screen("district", district_blues(2), {})
    assert screen.required_statements == ["tracking", "access"]
    assert _colours(screen)["network"] == (0, 0, True)
    assert screen.categories[0].requirement == "say where you go"
    assert screen.categories[1].requirement == "say who you are"


def test_every_checked_box_is_one_blue_token_in_its_category() -> None:
    assert section_blues(["tracking", "tracking", "audio"]) == {"tracking": 2, "audio": 1}
    screen = player_screen("section", section_blues(["tracking", "tracking"]), {})
    assert _colours(screen)["tracking"] == (2, 0, False)
    assert [s.category for s in screen.categories if s.free] == ["access", "network", "audio", "video", "neuro"]


def test_garden_section_screen_has_a_single_blue_in_tracking() -> None:
    screen = player_screen("section", section_blues(["tracking"]), {})
    assert screen.required_statements == ["tracking"]
    assert sum(s.blue for s in screen.categories) == 1


def test_bypass_replaces_a_blue_token_with_a_red_one() -> None:
    screen = player_screen("section", section_blues(["tracking", "tracking"]), {"tracking": 1})
    assert _colours(screen)["tracking"] == (1, 1, False)
    assert screen.required_statements == ["tracking"]  # one blue is still watching


def test_bypassing_every_blue_lifts_the_statement_requirement() -> None:
    screen = player_screen("district", district_blues(1), {"tracking": 1})
    assert _colours(screen)["tracking"] == (0, 1, False)
    assert screen.required_statements == []


def test_bypassing_more_blues_than_the_category_holds_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        player_screen("district", district_blues(1), {"access": 1})
    assert caught.value.code == errors.NOTHING_TO_BYPASS
