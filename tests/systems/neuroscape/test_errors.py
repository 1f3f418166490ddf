"""Every `neuroscape/…` code the game's source names is in its one table, and has a problem page."""

from __future__ import annotations

import re
from pathlib import Path

from support.api import Api

from service.systems.neuroscape import SYSTEM
from service.systems.neuroscape.errors import CODES

SOURCE = Path(__file__).resolve().parents[3] / "service" / "systems" / "neuroscape"
NAMED = sorted({code for path in SOURCE.rglob("*.py") for code in re.findall(r"neuroscape/[a-z][a-z-]*", path.read_text())})


def test_every_code_in_the_source_is_in_the_table() -> None:
    assert NAMED, "the scan found no codes"
    assert [code for code in NAMED if code not in CODES] == []
    assert SYSTEM.errors is CODES


def test_every_code_of_the_table_is_a_game_code_with_a_status_title_and_why() -> None:
    for code, entry in CODES.items():
        assert code.startswith("neuroscape/") and entry.status in (403, 404, 409, 422) and entry.title and entry.why, code


def test_every_code_has_a_problem_page(memory_api: Api) -> None:
    for code, entry in CODES.items():
        page = memory_api.get(f"/problems/{code}")
        assert page.status_code == 200, page.text
        assert (page.json()["status"], page.json()["title"], page.json()["statelessStatus"]) == (entry.status, entry.title, 422)
