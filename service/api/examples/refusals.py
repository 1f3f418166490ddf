"""A session example the live service may refuse: when no body of an operation is accepted whatever
the dice drew before it, its example says exactly when it is refused, and with which problem code."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class MayBeRefused:
    """The condition under which an example call is refused, read from the session just before it.

    `when` takes the session's `state` as any seat reads it (REST `GET /v1/sessions/{id}` or the
    GraphQL `session` query) and is true exactly when the live service answers `code`; a refused
    call changes nothing (no new version, no log entry). `description` is published with the
    example, so that a reader knows when to expect the refusal.
    """

    code: str
    when: Callable[[Mapping[str, Any]], bool]
    description: str
