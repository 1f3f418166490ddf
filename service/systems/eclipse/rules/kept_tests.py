"""The tests a session keeps per character, so a pool point spent after the roll can still
change one of them: each recorded test gets a table-wide id (`t1`, `t2`, …), and only the
last `MAX_KEPT_TESTS` of each character are kept, which bounds the state."""

from __future__ import annotations

from service.systems.eclipse import errors
from service.systems.eclipse.rules.character import result_state
from service.systems.eclipse.rules.d100 import Result

MAX_KEPT_TESTS = 8  # tests kept per character for after-roll pool points; older ones drop out


def record(state: dict, char: dict, result: Result, *, aptitude: str | None, kind: str, points: int) -> str:
    """Keep a test of this character (in place) and return its id."""
    number = state.get("nextTest", 1)
    state["nextTest"] = number + 1
    entry = {"id": f"t{number}"} | result_state(result, aptitude=aptitude, kind=kind, points=points)
    char["tests"] = (char.get("tests", []) + [entry])[-MAX_KEPT_TESTS:]
    char["lastTest"] = dict(entry)
    return entry["id"]


def settle(char: dict) -> None:
    """The character's latest test is settled (a rep test's favor): no default target for a pool point."""
    char["lastTest"] = None


def find(state: dict, char: dict, test_id: str | None) -> dict:
    """The kept test a pool point would change (the character's latest when no id is given)."""
    if test_id is None:
        if char.get("lastTest") is None:
            raise errors.refuse(errors.NO_TEST_TO_CHANGE, f"{char['id']} has no test to change yet")
        test_id = char["lastTest"]["id"]
    for entry in char.get("tests", []):
        if entry["id"] == test_id:
            return entry
    for other in state["characters"].values():
        if any(entry["id"] == test_id for entry in other.get("tests", [])):
            raise errors.refuse(
                errors.NOT_THIS_CHARACTERS_TEST, f"test {test_id} was rolled by {other['id']}, not by {char['id']}", test=test_id
            )
    raise errors.refuse(
        errors.UNKNOWN_TEST,
        f"no test {test_id!r} is kept for {char['id']}: the last {MAX_KEPT_TESTS} tests of each character are kept",
        test=test_id,
    )


def replace_kept(char: dict, entry: dict) -> None:
    """Write a changed test back, and to `lastTest` if it is the latest."""
    char["tests"] = [entry if kept["id"] == entry["id"] else kept for kept in char["tests"]]
    if char.get("lastTest") is not None and char["lastTest"]["id"] == entry["id"]:
        char["lastTest"] = dict(entry)
