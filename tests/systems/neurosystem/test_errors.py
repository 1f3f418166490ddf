"""One table holds every NeuroSystem refusal code, and each has its problem page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service.errors import CATALOG
from service.systems.neurosystem import SYSTEM
from service.systems.neurosystem.errors import CODES
from support.api import Api

SOURCE = Path(__file__).resolve().parents[3] / "service" / "systems" / "neurosystem"
_CODE = re.compile(r"(?<![\w/])neurosystem/[a-z][a-z0-9-]*")  # a code, in a string, a comment or a description


def _codes_in_source() -> set[str]:
    return {code for path in SOURCE.rglob("*.py") for code in _CODE.findall(path.read_text())}


def test_every_code_in_the_source_is_in_the_table() -> None:
    found = _codes_in_source()
    assert len(found) >= len(CODES), "the source scan found too few codes: is SOURCE right?"
    assert found - CODES.keys() == set()
    assert SYSTEM.errors is CODES


def test_the_table_keeps_the_three_session_statuses_and_names_the_rule() -> None:
    assert {entry.status for entry in CODES.values()} == {404, 409, 422}
    assert all(code.startswith("neurosystem/") and code not in CATALOG for code in CODES)
    assert all(entry.title and entry.why for entry in CODES.values())


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_code_has_a_problem_page(api: Api, code: str) -> None:
    page = api.get(f"/problems/{code}")
    assert page.status_code == 200, page.text
    body = page.json()
    assert (body["code"], body["status"], body["title"], body["statelessStatus"]) == (code, CODES[code].status, CODES[code].title, 422)
