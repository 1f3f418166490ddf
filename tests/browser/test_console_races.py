"""/console when answers come back late or out of order, as on a slow network.

Each test holds one request at the browser's edge (Playwright's routing), lets a later one through,
then releases the held one: the page must keep showing what answers the later question.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import Route, expect
from support.browser import Visit
from support.console import create, fill, join_link, pick, sit, unexpected

Tab = Callable[..., Visit]


def _wait_for(held: list[Route], count: int, page: Any) -> None:
    """Until `count` requests are held (the page has sent them)."""
    deadline = time.monotonic() + 60
    while len(held) < count:
        assert time.monotonic() < deadline, f"{len(held)} of {count} requests reached the route"
        page.wait_for_timeout(50)


def _settle(page: Any) -> None:
    """Give the page's own tasks a turn after a released answer arrives (a late answer, if shown, shows by then)."""
    page.evaluate("() => new Promise((done) => setTimeout(done, 300))")


def test_a_late_odds_answer_does_not_replace_the_chart_of_the_expression_asked_after_it(tab: Tab) -> None:
    visit = tab()
    page = visit.open("/console")
    slot = page.locator("#roll-odds")
    expect(slot.locator("img.odds-chart")).to_be_visible()  # the panel's own expression, charted on opening
    held: list[Route] = []

    def hold_1d4(route: Route) -> None:
        if '"1d4"' in (route.request.post_data or ""):
            held.append(route)
        else:
            route.continue_()

    page.route("**/v1/dice/roll/odds", hold_1d4)
    page.fill("#roll-expression", "1d4")
    page.locator("#roll-expression").dispatch_event("change")
    _wait_for(held, 1, page)
    page.fill("#roll-expression", "2d6")
    page.locator("#roll-expression").dispatch_event("change")
    bars = slot.locator(".odds-text li")
    expect(bars).to_have_count(11)  # 2 to 12
    expect(bars.first).to_have_text(re.compile(r"^2: 1/36 "))
    with page.expect_response(lambda answer: '"1d4"' in (answer.request.post_data or "")):
        held[0].continue_()
    _settle(page)
    expect(bars).to_have_count(11)  # still 2d6's, not 1d4's four bars
    expect(bars.first).to_have_text(re.compile(r"^2: 1/36 "))
    assert unexpected(visit) == []


def test_a_late_session_read_does_not_take_the_table_back_to_an_older_version(tab: Tab, service_url: str) -> None:
    session, tokens = create(service_url, {"system": "dice", "seats": [{"name": "Kay", "role": "gm"}, {"name": "Ana"}]})
    visit = tab()
    page = sit(visit, join_link(service_url, session, tokens["Kay"]))
    title = page.locator("#table-title")
    expect(title).to_contain_text("version 1")
    held: list[Route] = []
    answers: list[Any] = []
    reads = re.compile(rf"/v1/sessions/{session}$")

    def hold_first(route: Route) -> None:
        if route.request.method == "GET" and not held:
            answers.append(route.fetch())  # answered now (version 2), handed to the page later
            held.append(route)
        else:
            route.continue_()

    page.route(reads, hold_first)

    def roll() -> None:
        answer = httpx.post(f"{service_url}/v1/sessions/{session}/dice/roll", json={"expression": "1d6"},
                            headers={"Authorization": f"Bearer {tokens['Ana']}"})
        assert answer.status_code == 200, answer.text

    roll()  # its entry reaches the page, which reads the session: that read is held (version 2)
    _wait_for(held, 1, page)
    roll()  # the next entry's read goes through: version 3
    expect(title).to_contain_text("version 3")
    expect(page.locator("#log li")).to_have_count(2)
    assert answers[0].json()["version"] == 2
    with page.expect_response(reads):
        held[0].fulfill(response=answers[0])
    _settle(page)
    expect(title).to_contain_text("version 3")
    assert unexpected(visit) == []


def test_the_act_button_takes_one_press_while_its_action_is_under_way(tab: Tab, service_url: str) -> None:
    session, tokens = create(service_url, {"system": "dice", "seats": [{"name": "Kay", "role": "gm"}, {"name": "Ana"}]})
    visit = tab()
    page = sit(visit, join_link(service_url, session, tokens["Ana"]))
    form = pick(page, "dice/roll")
    fill(form, "expression", "1d6")
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route(re.compile(r"/dice/roll$"), hold)
    act = form.get_by_role("button", name="act")
    act.click()
    _wait_for(held, 1, page)
    expect(act).to_be_disabled()  # a second press now would be a second roll
    held[0].continue_()
    page.unroute(re.compile(r"/dice/roll$"), hold)
    expect(act).to_be_enabled()
    expect(page.locator("#log li")).to_have_count(1)
    act.click()  # enabled again: the next press is the next roll
    expect(page.locator("#log li")).to_have_count(2)
    assert unexpected(visit) == []
