"""A duel of two startup tables (running sums and getters over the shared domain) equals the duel of the
same tables read as plain chances (their contests grouped and paired as they are read), over a broad grid
of targets, after-roll uses and defaulting."""

from __future__ import annotations

from itertools import product

import pytest

from service.systems.eclipse.rules import odds_faces
from service.systems.eclipse.rules.odds_grades import Dueled, Results, _prepared, duel, grade

TARGETS = (-100, -20, 0, 1, 9, 10, 11, 33, 50, 55, 66, 89, 98, 99, 100, 120, 300, 380)
FIRSTS = (-20, 1, 11, 50, 66, 99, 120, 380)  # the first side's targets, each met by every table
KINDS = (((), False), (("flip-flop",), False), (("upgrade",), False), (("downgrade-critical-failure",), False), ((), True))


@pytest.fixture(scope="module", autouse=True)
def built() -> None:
    odds_faces.build()


def _by_grade(dueled: Dueled) -> tuple[dict[tuple[object, str], int], int]:
    ends, total = dueled
    out: dict[tuple[object, str], int] = {}
    for rep, won, n in ends:
        out[(grade(rep), won)] = out.get((grade(rep), won), 0) + n
    return out, total


def _tables() -> list[Results]:
    out = []
    for target, (uses, defaulting) in product(TARGETS, KINDS):
        table = odds_faces.face_table(target, uses, defaulting, True)
        if _prepared(table) is not None:
            out.append(table)
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_a_prepared_duel_equals_pairing_the_plain_chances(kind: tuple[tuple[str, ...], bool]) -> None:
    tables = _tables()
    firsts = [odds_faces.face_table(target, kind[0], kind[1], True) for target in FIRSTS]
    firsts = [t for t in firsts if _prepared(t) is not None]
    assert firsts and len(tables) > 50
    for a, b in product(firsts, tables):
        fast = _by_grade(duel(a, b, critical_beats_success=True, tie="deadlock"))
        plain = _by_grade(duel(dict(a), dict(b), critical_beats_success=True, tie="deadlock"))
        assert fast == plain
