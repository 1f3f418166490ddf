"""The security log at the table: statements, bypasses, and hackers striking or rewriting statements."""

from __future__ import annotations

from typing import Literal

from service.registry import Actor
from service.systems.desert import SYSTEM, errors
from service.systems.desert.errors import refuse
from service.systems.desert.rules import security_logs as logs
from service.systems.desert.rules.categories import Category
from service.systems.desert.state import Character, DesertState, acting_character, character, current_location, log_of, security_log
from service.systems.desert.wire.security_logs import DesertBypassInput, DesertHackInput, DesertLogChange, DesertStatementInput

MAX_LOG_ENTRIES = 40


def _append(
    state: DesertState, found: Character, kind: Literal["statement", "bypass"], category: Category, text: str, featuring: list[str]
) -> tuple[DesertState, DesertLogChange]:
    log = log_of(state, found)
    if len(log.entries) >= MAX_LOG_ENTRIES:
        raise refuse(errors.LOG_FULL, f"a security log holds at most {MAX_LOG_ENTRIES} entries")
    state, entry_id = state.with_next_id("entry")
    entry = logs.new_entry(entry_id, kind, category, text, found.id, featuring)
    log = log.model_copy(update={"entries": (*log.entries, entry)})
    state = state.with_security_log(log)
    change = DesertLogChange(
        character=found.id, security_log=log.id, location_key=log.location_key, entry=entry, screen=logs.screen_for(state, found)
    )
    return state, change


def make_statement(state: DesertState, params: DesertStatementInput, actor: Actor) -> tuple[DesertState, DesertLogChange]:
    found = acting_character(state, params.character, actor, as_holder=True)
    current_location(found)
    for other in params.featuring:
        character(state, other)
    return _append(state, found, "statement", params.category, params.text, list(dict.fromkeys(params.featuring)))


def bypass(state: DesertState, params: DesertBypassInput, actor: Actor) -> tuple[DesertState, DesertLogChange]:
    found = acting_character(state, params.character, actor, as_holder=True)
    logs.require_blue(logs.screen_for(state, found), params.category, "bypass")
    return _append(state, found, "bypass", params.category, params.how, [])


def hack(state: DesertState, params: DesertHackInput, actor: Actor) -> tuple[DesertState, DesertLogChange]:
    hacker = acting_character(state, params.hacker, actor, as_holder=True)
    if not hacker.hacker:
        raise refuse(errors.NOT_A_HACKER, f"{hacker.name} is not a hacker")
    log = security_log(state, params.security_log)
    old = logs.entry(log, params.entry)
    if params.action == "strike":
        if not old.struck and old.kind == "statement":
            logs.require_blue(logs.log_screen(state, log), old.category, "strike")
        new = logs.strike(old, hacker.id)
    else:
        if params.text is None:
            raise refuse(errors.CANNOT_EDIT_ENTRY, "a rewrite needs the new text")
        new = logs.rewrite(old, hacker.id, params.text)
    log = log.model_copy(update={"entries": tuple(new if e.id == old.id else e for e in log.entries)})
    state = state.with_security_log(log)
    result = DesertLogChange(
        character=log.character, security_log=log.id, location_key=log.location_key, entry=new, screen=logs.log_screen(state, log)
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
