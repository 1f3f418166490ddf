"""Turning failures into RFC 9457 problem+json (REST) and coded GraphQL errors."""

from __future__ import annotations

import logging
from collections.abc import Mapping

import orjson
from pydantic import ValidationError
from starlette.responses import Response

from service.errors import CATALOG, STATELESS_REFUSAL, Problem
from service.registry import Registry
from service.sessions.store import StoreUnavailable

log = logging.getLogger("service.api")

PROBLEM_JSON = "application/problem+json"


def validation_problem(exc: ValidationError, *, where: str = "body") -> Problem:
    errors = [
        {"loc": [where, *exc_loc], "msg": item["msg"], "type": item["type"]}
        for item in exc.errors(include_url=False, include_context=False, include_input=False)
        for exc_loc in [[str(part) for part in item["loc"]]]
    ]
    first = errors[0] if errors else {"loc": [where], "msg": "invalid"}
    detail = f"{'.'.join(first['loc'])}: {first['msg']}"
    if len(errors) > 1:
        detail += f" (and {len(errors) - 1} more)"
    return Problem("validation-failed", detail, errors=errors)


def as_problem(exc: BaseException) -> Problem:
    """Every exception, expected or not, as a Problem; unexpected ones are logged (without inputs)."""
    if isinstance(exc, Problem):
        return exc
    if isinstance(exc, ValidationError):
        return validation_problem(exc)
    if isinstance(exc, StoreUnavailable):
        return Problem("store-unavailable", "the session store did not answer; retry shortly")
    log.exception("unexpected error", exc_info=exc)
    return Problem("internal-error", "an unexpected error occurred; it has been logged", status=500, title="Internal error")


def problem_response(problem: Problem, headers: Mapping[str, str] | None = None) -> Response:
    extra = dict(headers or {})
    if problem.status == 503:
        extra.setdefault("Retry-After", "1")
    return Response(orjson.dumps(problem.body()), status_code=problem.status, media_type=PROBLEM_JSON, headers=extra)


def problem_docs(registry: Registry) -> dict[str, dict]:
    """The page `GET /problems/{code}` answers for every code, the platform's and each game's."""
    docs: dict[str, dict] = {}
    for code, entry in registry.problems().items():
        page: dict = {"status": entry.status, "title": entry.title}
        if entry.why:
            page["why"] = entry.why
        if code not in CATALOG:  # a game's refusal: its status in a session, and 422 in a stateless call
            page["system"] = code.partition("/")[0]
            page["statelessStatus"] = STATELESS_REFUSAL
        docs[code] = page
    return docs
