"""An operation's JSON answer carries exactly the head Starlette's `Response` would give it."""

from __future__ import annotations

import pytest
from starlette.responses import Response

from service.api.rest import JsonAnswer


@pytest.mark.parametrize("status", [200, 201])
@pytest.mark.parametrize("tag", [None, 7, "log-3f2a"])
@pytest.mark.parametrize("location", [None, "/v1/sessions/abc"])
@pytest.mark.parametrize("body", [b"{}", '{"name":"Zoë"}'.encode(), b"[" + b"1," * 5000 + b"1]"])
def test_the_head_is_starlettes(status: int, tag: int | str | None, location: str | None, body: bytes) -> None:
    headers = {} if tag is None else {"ETag": f'"{tag}"'}
    if location is not None:
        headers["Location"] = location
    expected = Response(body, status_code=status, media_type="application/json", headers=headers)
    answer = JsonAnswer(body, status, tag, location)
    assert answer.raw_headers == expected.raw_headers
    assert (answer.status_code, answer.body, answer.background) == (expected.status_code, expected.body, expected.background)


def test_an_answer_without_a_body_is_not_one_of_these() -> None:
    with pytest.raises(AssertionError):
        JsonAnswer(b"", 204, None, None)


async def _sent(app: object, method: str = "GET") -> list[dict]:
    messages: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        messages.append(message)

    scope = {"type": "http", "method": method, "path": "/healthz", "headers": [], "query_string": b""}
    await app(scope, receive, send)  # type: ignore[operator]  # both are ASGI apps
    return messages


@pytest.mark.parametrize("body", [b'{"status":"ok"}', b""])
async def test_a_fixed_answer_sends_what_starlettes_response_sends_every_time(body: bytes) -> None:
    from service.api.rest import FixedAnswer

    fixed = FixedAnswer(body, "application/json")
    expected = await _sent(Response(body, media_type="application/json"))
    first, again = await _sent(fixed), await _sent(fixed)
    assert first == again == expected
    first[0]["headers"].append((b"x-added", b"1"))  # a middleware adding to one answer's head
    assert (await _sent(fixed)) == expected  # leaves the next one as it was
