"""The d100 faces of a test judged once per (target, after-roll uses, defaulting, critical option).

`settle` takes exactly those, so its 100 answers (a `Results` table) serve every request that lands
on the same modified target with the same options, whatever the modifiers, pools or wording that
led there. The tables at the default critical option (a critical stands in for superior results)
are built once at startup (`build`): not defaulting and with no after-roll point for every target
a test can reach (`REACHABLE`); with one after-roll point, or defaulting with none, for the targets
of typical tests (`TYPICAL`). They are grouped for the odds as well (`odds_grades.prepare`, for the
default reading of a contest) and keep their test's distributions, so the first request for such a
test only reads them. Any other
table is walked on first use and remembered as walks are (`service.dice.walk.faces`).
"""

from __future__ import annotations

from functools import partial

from service.dice import memo
from service.dice.walk import faces
from service.systems.eclipse.rules.d100 import FACES
from service.systems.eclipse.rules.odds_grades import Results, prepare
from service.systems.eclipse.rules.odds_tests import keep_test_distributions
from service.systems.eclipse.rules.pools import AFTER_ROLL
from service.systems.eclipse.rules.success_test import settle

# Every modified target a test can be judged against: a base of 0..200 (the input's bounds), a total
# modifier of at most ±100 (the largest modifier cap), and +20 per plus-twenty point (at most 4).
REACHABLE = range(-100, 200 + 100 + 4 * 20 + 1)
TYPICAL = range(-60, 160 + 1)  # a base of 0..100 with a total modifier of ±60

PREPARED = ((True, "deadlock"),)  # the default rules' reading of a contest, which attacks and hacks always use
Key = tuple[int, tuple[str, ...], bool, bool]
_BUILT: dict[Key, Results] = {}


def face_table(target: int, uses: tuple[str, ...], defaulting: bool, critical_replaces_superior: bool) -> Results:
    """Each result the test can end with and its chance: `settle` over the 100 faces."""
    found = _BUILT.get((target, uses, defaulting, critical_replaces_superior))
    if found is not None:
        return found
    return _walk(target, uses, defaulting, critical_replaces_superior)


def _walk(target: int, uses: tuple[str, ...], defaulting: bool, critical_replaces_superior: bool, *, remember: bool = True) -> Results:
    judge = partial(settle, target=target, uses=uses, defaulting=defaulting, critical_replaces_superior=critical_replaces_superior)
    # Keyed by what `settle` was given, under a name of its own (cheaper than a fingerprint of `judge`).
    key = memo.Key(("eclipse-d100-faces", target, uses, defaulting, critical_replaces_superior))
    return faces(judge, FACES, remember=remember, key=key)


def build() -> int:
    """Build the default tables (see the module's docstring) once; returns how many there are."""
    if not _BUILT:
        kinds = [((), False, REACHABLE), *(((use,), False, TYPICAL) for use in sorted(AFTER_ROLL)), ((), True, TYPICAL)]
        for uses, defaulting, targets in kinds:
            for target in targets:
                _BUILT[(target, uses, defaulting, True)] = _walk(target, uses, defaulting, True, remember=False)
        prepare(list(_BUILT.values()), PREPARED)  # type: ignore[arg-type]  # each table is a Walked
        for table in _BUILT.values():
            keep_test_distributions(table)
    return len(_BUILT)
