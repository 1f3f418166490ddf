"""Memory logs: a compiled security log kept private, shared with named people, or published.

Sharing it, limited or public, needs the recorded consent of every other character who
shows up in it; a private memory log needs nobody's.
"""

from __future__ import annotations

from collections.abc import Collection

from service.errors import RuleViolation
from service.systems.desert import errors


def missing_consent(owner: str, featuring: Collection[str], consents: Collection[str]) -> list[str]:
    return sorted(set(featuring) - set(consents) - {owner})


def check_access(
    access: str,
    audience: Collection[str],
    owner: str,
    featuring: Collection[str],
    consents: Collection[str],
) -> None:
    """Refuse a sharing without its consents (a limited one without its audience too)."""
    if access == "limited" and not audience:
        raise RuleViolation(errors.AUDIENCE_MISSING, "a limited memory log names the people who may see it", status=422)
    if access == "private":
        return
    missing = missing_consent(owner, featuring, consents)
    if missing:
        raise RuleViolation(
            errors.CONSENT_MISSING,
            f"a {access} memory log needs the consent of everyone else in it; missing: {', '.join(missing)}",
            status=409,
            missing=missing,
        )
