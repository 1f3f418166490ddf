"""/docs (Swagger UI) and /graphql (GraphiQL) as a person meets them in a browser, offline.

Every asset comes from the service itself: a request to any other host fails the test.
"""

from __future__ import annotations

import httpx
from playwright.sync_api import expect

from service.dice.stream import Stream
from support.browser import Visit, replace_text, shown_json

SEED = "docs-page"


def _three_d6_plus_two(seed: str) -> int:
    """3d6+2 rolled statelessly with `seed`, recomputed from the stream (the first roll: nonce 0)."""
    stream = Stream(seed=seed, scope="stateless", nonce=0)
    return sum(stream.roll(6) for _ in range(3)) + 2


def _offline_only(visit: Visit) -> list[str]:
    """Refuse, and remember, every request that leaves the service."""
    elsewhere: list[str] = []

    def route(request_route) -> None:
        if request_route.request.url.startswith(visit.base):
            request_route.continue_()
        else:
            elsewhere.append(request_route.request.url)
            request_route.abort()

    visit.page.route("**/*", route)
    return elsewhere


def test_swagger_try_it_out_on_the_dice_roll_shows_the_total(visit: Visit) -> None:
    elsewhere = _offline_only(visit)
    page = visit.open("/docs")
    page.locator("#operations-tag-dice").click()
    operation = page.locator("#operations-dice-diceRoll")
    operation.locator(".opblock-summary").click()
    operation.get_by_role("button", name="Try it out").click()
    operation.locator("textarea.body-param__text").fill(f'{{"expression": "3d6+2", "seed": "{SEED}"}}')
    operation.get_by_role("button", name="Execute").click()

    answer = operation.locator(".live-responses-table .response").first
    expect(answer.locator(".response-col_status")).to_have_text("200")
    shown = shown_json(answer.locator(".response-col_description pre.microlight").first)
    assert shown["result"]["total"] == _three_d6_plus_two(SEED)
    assert [draw["sides"] for draw in shown["audit"]["draws"]] == [6, 6, 6]
    assert visit.errors == [] and elsewhere == []


ROLL = 'mutation FromTheDocs { diceRoll(input: {expression: "3d6+2", seed: "' + SEED + '"}) { result { formula total } } }'


def test_graphiql_runs_a_pasted_dice_roll_mutation_and_shows_its_total(visit: Visit) -> None:
    elsewhere = _offline_only(visit)
    page = visit.open("/graphql")
    replace_text(page, page.locator(".graphiql-query-editor .CodeMirror"), ROLL)
    page.locator(".graphiql-execute-button").click()

    result = page.locator(".graphiql-response .CodeMirror-code")
    expect(result).to_contain_text('"total"')
    assert shown_json(result) == {"data": {"diceRoll": {"result": {"formula": "3d6 + 2", "total": _three_d6_plus_two(SEED)}}}}
    assert visit.errors == [] and elsewhere == []


def test_graphiql_opens_on_a_dice_roll_that_runs_as_it_stands(visit: Visit) -> None:
    page = visit.open("/graphql")
    expect(page.locator(".graphiql-query-editor")).to_contain_text("diceRoll")
    page.locator(".graphiql-execute-button").click()

    result = page.locator(".graphiql-response .CodeMirror-code")
    expect(result).to_contain_text('"total"')
    rolled = shown_json(result)["data"]["diceRoll"]
    assert rolled["result"]["formula"] == "3d6 + 2" and 5 <= rolled["result"]["total"] <= 20
    assert len(rolled["audit"]["seedCommitment"]) == 64
    assert visit.errors == []


def test_graphiql_follows_a_session_over_a_subscription_with_the_seat_token_from_the_headers_editor(visit: Visit) -> None:
    seats = [{"name": "gm", "role": "gm"}, {"name": "ana"}]
    created = httpx.post(f"{visit.base}/v1/sessions", json={"system": "dice", "seats": seats}).json()
    sid = created["session"]["id"]
    ana = next(seat for seat in created["seats"] if seat["name"] == "ana")

    def roll() -> None:
        answer = httpx.post(f"{visit.base}/v1/sessions/{sid}/dice/roll", json={"expression": "1d20"}, headers={"Authorization": f"Bearer {ana['token']}"})
        assert answer.status_code == 200, answer.text

    roll()  # before the subscription: caught up from `after: -1`
    page = visit.open("/graphql")
    subscription = f'subscription {{ sessionEvents(sessionId: "{sid}", after: -1) {{ seq seat action }} }}'
    replace_text(page, page.locator(".graphiql-query-editor .CodeMirror"), subscription)
    page.get_by_role("button", name="Headers").click()
    headers = page.locator("section.graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror")
    replace_text(page, headers, f'{{"Authorization": "Bearer {ana["token"]}"}}')
    page.locator(".graphiql-execute-button").click()

    result = page.locator(".graphiql-response .CodeMirror-code")
    expect(result).to_contain_text('"seq": 0')
    assert shown_json(result) == {"data": {"sessionEvents": {"seq": 0, "seat": ana["id"], "action": "dice/roll"}}}
    roll()  # while it is open: GraphiQL shows the newest event
    expect(result).to_contain_text('"seq": 1')
    assert shown_json(result) == {"data": {"sessionEvents": {"seq": 1, "seat": ana["id"], "action": "dice/roll"}}}
    assert visit.errors == []
