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
