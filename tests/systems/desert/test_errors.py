"""Every d e s e r t code has one entry in the game's table, and a problem page."""

from __future__ import annotations

import re
from pathlib import Path

from service.systems import desert
from service.systems.desert import errors
from service.systems.desert.errors import CODES
from support.api import Api

SOURCE = Path(desert.__file__).parent
CODE = re.compile(r"""["'](desert/[a-z0-9-]+)["']""")


def _codes_in_source() -> set[str]:
    return {code for path in SOURCE.rglob("*.py") for code in CODE.findall(path.read_text())}


def test_every_code_in_the_source_is_in_the_table() -> None:
    found = _codes_in_source()
    assert len(found) >= 30, "the scan finds the game's codes"
    assert found - CODES.keys() == set()


def test_every_code_of_the_table_is_raised_somewhere() -> None:
    names = {name for name, value in vars(errors).items() if isinstance(value, str) and value in CODES}
    assert {getattr(errors, name) for name in names} == CODES.keys()
    raised = re.compile(r"errors\.([A-Z_]+)|refuse\(([A-Z_]+)")  # `errors.CODE` elsewhere, `refuse(CODE` in errors.py
    used = {name for path in SOURCE.rglob("*.py") for found in raised.findall(path.read_text()) for name in found if name}
    assert names - used == set(), "a code nothing raises"


def test_the_system_declares_the_table() -> None:
    assert desert.SYSTEM.errors is CODES


def test_every_code_has_a_problem_page(memory_api: Api) -> None:
    for code, entry in CODES.items():
        page = memory_api.get(f"/problems/{code}")
        assert page.status_code == 200, code
        body = page.json()
        assert (body["status"], body["title"], body["statelessStatus"], body["system"]) == (entry.status, entry.title, 422, "desert")
