"""Expected failures, each with a stable code.

Rules and adapters raise a `Problem`; the REST layer renders it as RFC 9457
problem+json with `type` = `/problems/{code}`, and GraphQL puts the same code in
`extensions.code`. Raising is safe everywhere because rules are pure: they build new
values and only a successful return reaches the store, so a refusal never leaves
half an action behind.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

# code -> (HTTP status, title). A game adds its own codes with `RuleViolation(code=...)`.
CATALOG: dict[str, tuple[int, str]] = {
    "validation-failed": (422, "The request does not match the schema"),
    "malformed-json": (400, "The body is not valid JSON"),
    "body-too-large": (413, "The body is larger than the configured limit"),
    "headers-too-large": (431, "The request's header fields are too many or too large"),
    "uri-too-long": (414, "The request target is longer than the configured limit"),
    "request-timeout": (408, "The request head did not arrive in time"),
    "not-found": (404, "No such resource"),
    "method-not-allowed": (405, "Method not allowed on this resource"),
    "unsupported-media-type": (415, "Send application/json"),
    "session-not-found": (404, "No such session (or it expired)"),
    "unauthorized": (401, "A seat token is required"),
    "forbidden": (403, "This seat may not do that"),
    "version-conflict": (412, "The session changed since the version you named"),
    "idempotency-key-reused": (422, "This Idempotency-Key was used with a different request"),
    "session-closed": (409, "The session is closed"),
    "wrong-system": (409, "The mechanic belongs to another game system"),
    "stateless-only": (404, "This mechanic has no session form"),
    "session-only": (404, "This mechanic has no stateless form"),
    "dice/invalid-expression": (422, "The dice expression cannot be parsed"),
    "dice/limit-exceeded": (422, "The dice expression exceeds a limit"),
    "verify/invalid-record": (422, "The audit record cannot be checked"),
    "odds/too-costly": (422, "Computing these odds exactly would pass a limit"),
    "store-unavailable": (503, "The session store is unavailable"),
    "contention": (503, "The session is too busy; retry"),
    "rate-limited": (429, "Too many requests; retry after the time in Retry-After"),
    "rule-violation": (409, "A game rule forbids this"),
    "internal-error": (500, "Internal error"),
    "graphql/invalid-query": (400, "The GraphQL query is not valid"),
}


class Problem(Exception):
    """An expected failure: what went wrong (`code`), why (`detail`), extra members."""

    def __init__(
        self, code: str, detail: str, *, status: int | None = None, title: str | None = None, **extra: Any
    ) -> None:
        known_status, known_title = CATALOG.get(code, (409, "A game rule forbids this"))
        self.code = code
        self.detail = detail
        self.status = status or known_status
        self.title = title or known_title
        self.extra = extra
        super().__init__(detail)

    def body(self) -> dict[str, Any]:
        return {
            "type": f"/problems/{self.code}",
            "title": self.title,
            "status": self.status,
            "detail": self.detail,
            "code": self.code,
            **self.extra,
        }


class RuleViolation(Problem):
    """A game rule refuses the action; `code` is `{system}/{rule}` and names the rule."""

    def __init__(self, code: str, detail: str, *, status: int = 409, **extra: Any) -> None:
        super().__init__(code, detail, status=status, title="A game rule forbids this", **extra)


@dataclass(frozen=True, slots=True)
class Code:
    """One entry of a game's error table: the status a session answers with, a title, and why.

    A stateless call answers every game refusal with 422 (`STATELESS_REFUSAL`): there the whole
    situation is in the request, so a rule refusing it is a fault of the request; in a session the
    status says what kind of fault it is (409 the state forbids it, 422 the rules never allow it,
    404 it names something that is not there).
    """

    status: int
    title: str
    why: str = ""


STATELESS_REFUSAL = 422


def refusal(table: Mapping[str, Code], code: str, detail: str, **extra: Any) -> RuleViolation:
    """The refusal `code` of a game's table, with its status and title; `raise refusal(...)`."""
    entry = table[code]
    problem = RuleViolation(code, detail, status=entry.status, **extra)
    problem.title = entry.title
    return problem
