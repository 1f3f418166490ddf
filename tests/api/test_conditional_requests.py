"""Cheap polling and conditional writes over HTTP, on both stores: `If-None-Match` on session reads
answers 304 while the version stands (on a log page, while the page the seat is shown stands),
`If-Match: *` writes at any version, creation answers `Location`."""

from __future__ import annotations

import pytest

from service.api.operations import log_tag
from service.registry import Actor
from service.sessions.service import LogRead
from service.api.rest import not_modified, parse_if_match
from support.api import Api
from systems.ncb.sheets import SETUP as NCB_SETUP


def _session(api: Api) -> str:
    return api.create_session("dice", [{"name": "gm", "role": "gm"}, {"name": "ana"}])["session"]["id"]


def _roll(api: Api, sid: str, headers: dict | None = None):
    return api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d6"}, token=api.tokens["ana"], headers=headers)


def test_a_session_read_answers_304_while_its_version_stands_and_200_once_it_moves(api: Api) -> None:
    sid = _session(api)
    first = api.get(f"/v1/sessions/{sid}", token=api.tokens["ana"])
    assert first.status_code == 200 and first.headers["etag"] == '"1"'
    assert first.headers["vary"] == "Authorization" and first.headers["cache-control"] == "private, no-cache"

    unchanged = api.get(f"/v1/sessions/{sid}", token=api.tokens["ana"], headers={"If-None-Match": first.headers["etag"]})
    assert unchanged.status_code == 304
    assert unchanged.content == b"" and unchanged.headers["etag"] == '"1"'
    assert "content-type" not in unchanged.headers

    assert _roll(api, sid).status_code == 200
    moved = api.get(f"/v1/sessions/{sid}", token=api.tokens["ana"], headers={"If-None-Match": '"1"'})
    assert moved.status_code == 200 and moved.headers["etag"] == '"2"'
    assert moved.json()["version"] == 2 and moved.json()["nonce"] == 1


@pytest.mark.parametrize(("value", "status"), [('W/"2"', 304), ('"1", "2"', 304), ("*", 304), ("2", 304), ('"3"', 200), ('"12"', 200), ("garbage", 200)])
def test_if_none_match_takes_lists_weak_tags_and_a_star(api: Api, value: str, status: int) -> None:
    sid = _session(api)
    assert _roll(api, sid).status_code == 200  # version 2
    assert api.get(f"/v1/sessions/{sid}", token=api.tokens["gm"], headers={"If-None-Match": value}).status_code == status


def test_a_304_is_only_for_a_seat_of_the_session(api: Api) -> None:
    sid = _session(api)
    gm = api.tokens["gm"]
    other = _session(api)
    other_gm = api.tokens["gm"]
    current = {"If-None-Match": '"1"'}
    assert api.get(f"/v1/sessions/{sid}", token=gm, headers=current).status_code == 304
    assert api.get(f"/v1/sessions/{sid}", headers=current).status_code == 401
    assert api.get(f"/v1/sessions/{sid}", token="nat_forged", headers=current).status_code == 403
    assert api.get(f"/v1/sessions/{sid}", token=other_gm, headers=current).status_code == 403
    assert api.get(f"/v1/sessions/{other}", token=other_gm, headers=current).status_code == 304
    assert api.get("/v1/sessions/nope", token=gm, headers=current).status_code == 404


def test_a_mechanic_read_in_a_session_answers_304_too(api: Api) -> None:
    sid = api.create_session("ncb", [{"name": "gm", "role": "gm"}, {"name": "ana"}], setup=NCB_SETUP)["session"]["id"]
    path = f"/v1/sessions/{sid}/ncb/ability-scores"
    read = api.get(path, params={"combatant": "v"}, token=api.tokens["ana"])
    assert read.status_code == 200 and read.headers["etag"] == f'"{read.json()["version"]}"'
    again = api.get(path, params={"combatant": "v"}, token=api.tokens["ana"], headers={"If-None-Match": read.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    # The read is still made first: a combatant the session lacks is refused, not a 304.
    refused = api.get(path, params={"combatant": "nobody"}, token=api.tokens["ana"], headers={"If-None-Match": "*"})
    assert refused.status_code == 404 and refused.json()["code"] == "ncb/unknown-combatant"


def test_if_match_star_writes_at_whatever_version_the_session_is(api: Api) -> None:
    sid = _session(api)
    for expected_version in (2, 3):
        answer = _roll(api, sid, {"If-Match": "*"})
        assert answer.status_code == 200, answer.text
        assert answer.json()["version"] == expected_version and answer.headers["etag"] == f'"{expected_version}"'
    assert _roll(api, sid, {"If-Match": '"2"'}).status_code == 412  # a version still has to be the current one
    assert api.post("/v1/sessions/nope/dice/roll", {"expression": "1d6"}, token=api.tokens["ana"], headers={"If-Match": "*"}).status_code == 404
    closed = api.post(f"/v1/sessions/{sid}/close", token=api.tokens["gm"], headers={"If-Match": "*"})
    assert closed.status_code == 200 and closed.json()["closed"] is True
    assert api.get(f"/v1/sessions/{sid}", token=api.tokens["gm"]).json()["nonce"] == 2


def test_creation_answers_the_new_sessions_location(api: Api) -> None:
    response = api.post("/v1/sessions", {"system": "dice", "seats": [{"name": "gm", "role": "gm"}]})
    assert response.status_code == 201
    created = response.json()
    assert response.headers["location"] == f"/v1/sessions/{created['session']['id']}"
    read = api.get(response.headers["location"], token=created["seats"][0]["token"])
    assert read.status_code == 200 and read.json()["id"] == created["session"]["id"]
    assert response.headers["etag"] == read.headers["etag"] == '"1"'


def test_the_header_parsers() -> None:
    assert parse_if_match("*") is None and parse_if_match(" * ") is None
    assert parse_if_match('"7"') == parse_if_match('W/"7"') == parse_if_match("7") == 7
    assert not_modified('"7"', 7) and not_modified('W/"8", "7"', 7) and not_modified("*", 7)
    assert not not_modified(None, 7) and not not_modified('"70"', 7) and not not_modified("", 7)


def _log(api: Api, sid: str, seat: str, headers: dict | None = None, **page: int):
    return api.get(f"/v1/sessions/{sid}/log", token=api.tokens[seat], params={k: str(v) for k, v in page.items()} or None, headers=headers)


def test_a_log_page_answers_304_while_the_page_stands_and_200_once_it_changes(api: Api) -> None:
    sid = _session(api)
    assert _roll(api, sid).status_code == 200
    first = _log(api, sid, "ana")
    assert first.status_code == 200 and first.headers["etag"].startswith('"log-')
    assert first.headers["vary"] == "Authorization" and first.headers["cache-control"] == "private, no-cache"
    unchanged = _log(api, sid, "ana", {"If-None-Match": first.headers["etag"]})
    assert unchanged.status_code == 304 and unchanged.content == b"" and unchanged.headers["etag"] == first.headers["etag"]
    assert "content-type" not in unchanged.headers
    assert _log(api, sid, "ana", {"If-None-Match": f'W/{first.headers["etag"]}, "7"'}).status_code == 304

    assert _roll(api, sid).status_code == 200
    moved = _log(api, sid, "ana", {"If-None-Match": first.headers["etag"]})
    assert moved.status_code == 200 and len(moved.json()["entries"]) == 2 and moved.headers["etag"] != first.headers["etag"]
    # The session's version is no tag of the log: it names a version, not a page.
    assert _log(api, sid, "ana", {"If-None-Match": '"3"'}).status_code == 200


def test_a_log_pages_tag_follows_its_cursor_and_limit_and_a_full_page_keeps_it(api: Api) -> None:
    sid = _session(api)
    for _ in range(2):
        assert _roll(api, sid).status_code == 200
    head = _log(api, sid, "ana", limit=1)
    tail = _log(api, sid, "ana", cursor=1, limit=1)
    whole = _log(api, sid, "ana")
    assert head.json()["nextCursor"] == "1" and len(whole.json()["entries"]) == 2
    assert len({head.headers["etag"], tail.headers["etag"], whole.headers["etag"]}) == 3
    assert _log(api, sid, "ana", {"If-None-Match": head.headers["etag"]}, cursor=1, limit=1).status_code == 200

    assert _roll(api, sid).status_code == 200  # after the first page: it reads as it did
    assert _log(api, sid, "ana", {"If-None-Match": head.headers["etag"]}, limit=1).status_code == 304
    assert _log(api, sid, "ana", {"If-None-Match": whole.headers["etag"]}).status_code == 200


def test_a_log_pages_tag_is_the_seats_own_view_and_the_close_reveal_changes_it(api: Api) -> None:
    sid = _session(api)
    blind = api.post(f"/v1/sessions/{sid}/dice/roll", {"expression": "1d20", "visibility": "blind"}, token=api.tokens["gm"])
    assert blind.status_code == 200
    assert _roll(api, sid).status_code == 200
    for seat, actor in (("gm", Actor("seat-1", "gm", "gm")), ("ana", Actor("seat-2", "ana", "player"))):
        page = _log(api, sid, seat, limit=1)
        # The tag is made of the page as this seat is shown it and the page asked for: nothing it may not see.
        shown = LogRead(page.json()["entries"], actor, int(page.json()["nextCursor"]), closed=False)
        assert page.headers["etag"] == f'"{log_tag(sid, 0, 1, shown)}"'
    gm, ana = _log(api, sid, "gm", limit=1), _log(api, sid, "ana", limit=1)
    assert gm.json()["entries"][0]["hidden"] is False and ana.json()["entries"][0]["hidden"] is True
    assert gm.headers["etag"] != ana.headers["etag"]
    assert _log(api, sid, "ana", {"If-None-Match": gm.headers["etag"]}, limit=1).status_code == 200  # another seat's tag is no match

    assert api.post(f"/v1/sessions/{sid}/close", token=api.tokens["gm"]).status_code == 200
    revealed = _log(api, sid, "ana", {"If-None-Match": ana.headers["etag"]}, limit=1)
    assert revealed.status_code == 200 and revealed.json()["entries"][0]["hidden"] is False
    assert revealed.json()["entries"][0]["result"] == gm.json()["entries"][0]["result"]
    # The close moves every seat's tag, the GM's too, whose page shows what it did: one fresh read, never a stale 304.
    again = _log(api, sid, "gm", {"If-None-Match": gm.headers["etag"]}, limit=1)
    assert again.status_code == 200 and again.json() == gm.json()
    assert _log(api, sid, "gm", {"If-None-Match": again.headers["etag"]}, limit=1).status_code == 304


def test_a_log_304_is_only_for_a_seat_of_the_session(api: Api) -> None:
    sid = _session(api)
    tag = _log(api, sid, "ana").headers["etag"]
    other = _session(api)
    other_ana = api.tokens["ana"]
    assert api.get(f"/v1/sessions/{sid}/log", headers={"If-None-Match": tag}).status_code == 401
    assert api.get(f"/v1/sessions/{sid}/log", token=other_ana, headers={"If-None-Match": "*"}).status_code == 403
    assert api.get("/v1/sessions/nope/log", token=other_ana, headers={"If-None-Match": "*"}).status_code == 404
    assert api.get(f"/v1/sessions/{other}/log", token=other_ana, headers={"If-None-Match": "*"}).status_code == 304
    bad = api.get(f"/v1/sessions/{other}/log", token=other_ana, params={"limit": "0"}, headers={"If-None-Match": "*"})
    assert bad.status_code == 422  # the page asked for is still checked first
