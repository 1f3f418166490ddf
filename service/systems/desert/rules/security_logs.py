"""Security logs: what a held character disclosed at one location, and what got past.

A log holds statements (a category and what was said) and bypasses (how a security
system was got past instead). A hacker may strike a statement, which turns its blue
control token red like a bypass, or rewrite it, which leaves the blue token where it is.
"""

from __future__ import annotations

from service.systems.desert import errors
from service.systems.desert.errors import refuse
from service.systems.desert.rules.categories import Category
from service.systems.desert.rules.screen import slot


def new_log(log_id: str, character_id: str, location: dict, key: str, day: int, time_of_day: str) -> dict:
    return {
        "id": log_id,
        "character": character_id,
        "location": location,
        "locationKey": key,
        "day": day,
        "timeOfDay": time_of_day,
        "compiled": False,
        "entries": [],
    }


def bypass_counts(log: dict) -> dict[str, int]:
    """Blue tokens replaced by red ones, per category: bypasses plus struck statements."""
    counts: dict[str, int] = {}
    for entry in log["entries"]:
        if entry["kind"] == "bypass" or entry["struck"]:
            counts[entry["category"]] = counts.get(entry["category"], 0) + 1
    return counts


def standing_statements(log: dict, category: str) -> list[dict]:
    return [e for e in log["entries"] if e["kind"] == "statement" and not e["struck"] and e["category"] == category]


def volunteered(log: dict, screen: dict) -> list[Category]:
    """Free categories in which the character said something anyway (each is an orange token)."""
    return [s["category"] for s in screen["categories"] if s["free"] and standing_statements(log, s["category"])]


def missing_statements(log: dict, screen: dict) -> list[Category]:
    return [c for c in screen["requiredStatements"] if not standing_statements(log, c)]


def entry(log: dict, entry_id: str) -> dict:
    found = next((e for e in log["entries"] if e["id"] == entry_id), None)
    if found is None:
        raise refuse(errors.UNKNOWN_LOG_ENTRY, f"security log {log['id']} has no entry {entry_id!r}")
    return found


def require_blue(screen: dict, category: str, what: str) -> None:
    if slot(screen, category)["blue"] < 1:
        raise refuse(
            errors.NOTHING_TO_BYPASS,
            f"{what}: {category} holds no blue control token here any more (nothing to replace with a red one)",
        )


def strike(found: dict, hacker_id: str) -> dict:
    if found["kind"] != "statement" or found["struck"]:
        raise refuse(errors.CANNOT_EDIT_ENTRY, f"entry {found['id']} is not a standing statement")
    return {**found, "struck": True, "struckBy": hacker_id}


def rewrite(found: dict, hacker_id: str, text: str) -> dict:
    if found["kind"] != "statement" or found["struck"]:
        raise refuse(errors.CANNOT_EDIT_ENTRY, f"entry {found['id']} is not a standing statement")
    original = found["originalText"] if found["originalText"] is not None else found["text"]
    return {**found, "text": text, "originalText": original, "editedBy": hacker_id}


def featuring(log: dict) -> list[str]:
    """Everyone a log's entries name, besides its own character."""
    seen: list[str] = []
    for e in log["entries"]:
        for name in e["featuring"]:
            if name not in seen and name != log["character"]:
                seen.append(name)
    return seen
