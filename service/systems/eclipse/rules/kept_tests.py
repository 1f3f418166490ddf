"""The tests a session keeps per character, so a pool point spent after the roll can still
change one of them: each recorded test gets a table-wide id (`t1`, `t2`, …), and only the
last `MAX_KEPT_TESTS` of each character are kept, which bounds the state."""

from __future__ import annotations

from service.systems.eclipse import errors
from service.systems.eclipse.rules.d100 import Result
from service.systems.eclipse.state import Character, EclipseState, KeptTest

MAX_KEPT_TESTS = 8  # tests kept per character for after-roll pool points; older ones drop out


def kept(test_id: str, result: Result, *, aptitude: str | None, kind: str, points: int) -> KeptTest:
    """What is kept of a test, so a pool point can still change it."""
    return KeptTest(
        id=test_id,
        roll=result.roll,
        target=result.target,
        success=result.success,
        critical=result.critical,
        superior=result.superior,
        defaulting=result.defaulting,
        critical_ignored=result.critical_ignored,
        replaced=result.replaced,
        aptitude=aptitude,
        kind=kind,
        points=points,
    )


def result_of(saved: KeptTest) -> Result:
    return Result(
        roll=saved.roll,
        target=saved.target,
        success=saved.success,
        critical=saved.critical,
        superior=saved.superior,
        defaulting=saved.defaulting,
        critical_ignored=saved.critical_ignored,
        replaced=saved.replaced,
    )


def record(char: Character, entry: KeptTest) -> Character:
    """The character with this test kept (its latest), the oldest dropping out past `MAX_KEPT_TESTS`."""
    return char.model_copy(update={"tests": (*char.tests, entry)[-MAX_KEPT_TESTS:], "last_test": entry})


def settle(char: Character) -> Character:
    """The character's latest test is settled (a rep test's favor): no default target for a pool point."""
    return char.model_copy(update={"last_test": None})


def find(state: EclipseState, char: Character, test_id: str | None) -> KeptTest:
    """The kept test a pool point would change (the character's latest when no id is given)."""
    if test_id is None:
        if char.last_test is None:
            raise errors.refuse(errors.NO_TEST_TO_CHANGE, f"{char.id} has no test to change yet")
        test_id = char.last_test.id
    for entry in char.tests:
        if entry.id == test_id:
            return entry
    for other in state.characters.values():
        if any(entry.id == test_id for entry in other.tests):
            raise errors.refuse(errors.NOT_THIS_CHARACTERS_TEST, f"test {test_id} was rolled by {other.id}, not by {char.id}", test=test_id)
    raise errors.refuse(
        errors.UNKNOWN_TEST,
        f"no test {test_id!r} is kept for {char.id}: the last {MAX_KEPT_TESTS} tests of each character are kept",
        test=test_id,
    )


def replace_kept(char: Character, entry: KeptTest) -> Character:
    """The character with a changed test written back, and to `last_test` if it is the latest."""
    tests = tuple(entry if k.id == entry.id else k for k in char.tests)
    latest = entry if char.last_test is not None and char.last_test.id == entry.id else char.last_test
    return char.model_copy(update={"tests": tests, "last_test": latest})
