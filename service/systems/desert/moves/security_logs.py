"""The security log at the table: statements, bypasses, and hackers striking or rewriting statements."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.desert import SYSTEM, errors
from service.systems.desert.errors import refuse
from service.systems.desert.rules import security_logs as logs
from service.systems.desert.rules.screen import player_screen
from service.systems.desert.state import acting_character, blues_at, character, current_location, fresh, next_id, screen_for
from service.systems.desert.wire.screen import DesertScreen
from service.systems.desert.wire.security_logs import DesertBypassInput, DesertHackInput, DesertLogChange, DesertLogEntry, DesertStatementInput


MAX_LOG_ENTRIES = 40


def _append(state: dict, found: dict, entry: dict) -> DesertLogChange:
    log = state["securityLogs"][found["securityLog"]]
    if len(log["entries"]) >= MAX_LOG_ENTRIES:
        raise refuse(errors.LOG_FULL, f"a security log holds at most {MAX_LOG_ENTRIES} entries")
    entry = {"id": next_id(state, "entry"), **entry}
    log["entries"].append(entry)
    return DesertLogChange(
        character=found["id"],
        security_log=log["id"],
        location_key=log["locationKey"],
        entry=DesertLogEntry.model_validate(entry),
        screen=DesertScreen.model_validate(screen_for(state, found)),
    )


def _entry(kind: str, category: str, text: str, by: str, featuring: list[str]) -> dict:
    return {
        "kind": kind,
        "category": category,
        "text": text,
        "featuring": featuring,
        "by": by,
        "struck": False,
        "struckBy": None,
        "editedBy": None,
        "originalText": None,
    }


def make_statement(state: dict, params: DesertStatementInput, stream: Stream, actor: Actor) -> tuple[dict, DesertLogChange]:
    state = fresh(state)
    found = acting_character(state, params.character, actor, as_holder=True)
    current_location(found)
    for other in params.featuring:
        character(state, other)
    featuring = list(dict.fromkeys(params.featuring))
    return state, _append(state, found, _entry("statement", params.category, params.text, found["id"], featuring))


def bypass(state: dict, params: DesertBypassInput, stream: Stream, actor: Actor) -> tuple[dict, DesertLogChange]:
    state = fresh(state)
    found = acting_character(state, params.character, actor, as_holder=True)
    logs.require_blue(screen_for(state, found), params.category, "bypass")
    return state, _append(state, found, _entry("bypass", params.category, params.how, found["id"], []))


def _log_screen(state: dict, log: dict) -> dict:
    source, blues = blues_at(state, log["location"])
    return player_screen(source, blues, logs.bypass_counts(log))


def hack(state: dict, params: DesertHackInput, stream: Stream, actor: Actor) -> tuple[dict, DesertLogChange]:
    state = fresh(state)
    hacker = acting_character(state, params.hacker, actor, as_holder=True)
    if not hacker["hacker"]:
        raise refuse(errors.NOT_A_HACKER, f"{hacker['name']} is not a hacker")
    log = state["securityLogs"].get(params.security_log)
    if log is None:
        raise refuse(errors.UNKNOWN_SECURITY_LOG, f"no security log {params.security_log!r}")
    old = logs.entry(log, params.entry)
    if params.action == "strike":
        if not old["struck"] and old["kind"] == "statement":
            logs.require_blue(_log_screen(state, log), old["category"], "strike")
        new = logs.strike(old, hacker["id"])
    else:
        if params.text is None:
            raise refuse(errors.CANNOT_EDIT_ENTRY, "a rewrite needs the new text")
        new = logs.rewrite(old, hacker["id"], params.text)
    log["entries"] = [new if e["id"] == old["id"] else e for e in log["entries"]]
    result = DesertLogChange(
        character=log["character"],
        security_log=log["id"],
        location_key=log["locationKey"],
        entry=DesertLogEntry.model_validate(new),
        screen=DesertScreen.model_validate(_log_screen(state, log)),
    )
    return state, result


SYSTEM.mechanic(
    "make-statement",
    "Write a statement into the character's security log",
    "A statement in a category with a blue token answers what it requires; one in a free category is "
    "volunteered and puts an orange token in the next building reaction.",
    session=make_statement,
)

SYSTEM.mechanic(
    "bypass",
    "Bypass a security system instead of making its statement",
    "Replaces one blue control token of the category with a red bypass token.",
    session=bypass,
)

SYSTEM.mechanic(
    "hack-security-log",
    "A hacker strikes or rewrites a security log statement",
    "Striking turns the statement's blue control token red; rewriting changes the text and leaves the blue.",
    session=hack,
)
