"""Memory logs: a compiled security log kept private, shared with named people, or published.

Sharing it, limited or public, needs the recorded consent of every other character who
shows up in it; a private memory log needs nobody's.
"""

from __future__ import annotations

from collections.abc import Collection

from service.systems.desert import errors
from service.systems.desert.errors import refuse


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
        raise refuse(errors.AUDIENCE_MISSING, "a limited memory log names the people who may see it")
    if access == "private":
        return
    missing = missing_consent(owner, featuring, consents)
    if missing:
        raise refuse(
            errors.CONSENT_MISSING,
            f"a {access} memory log needs the consent of everyone else in it; missing: {', '.join(missing)}",
            missing=missing,
        )
