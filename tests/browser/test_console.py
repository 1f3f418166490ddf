"""/console in headless Chromium: seats at one table in separate browser contexts, as people sit.

Each context is its own browser profile, so each tab holds only its own seat token. The service
answers over a real socket (uvicorn); every expected number is read back from the API with the
seat's own token, or recomputed from the stream where the seed is known.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Route, expect
from support.browser import Visit
from support.console import (
    create,
    entry,
    example_setup,
    fill,
    join_link,
    pick,
    shown_dice,
    sit,
    snap,
    unexpected,
)

from service.dice.stream import Stream

Tab = Callable[..., Visit]


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("console-screenshots")


def test_a_gm_and_a_player_at_one_neurosystem_table(tab: Tab, service_url: str, shots: Path) -> None:
    gm = tab()
    page = gm.open("/console")
    page.select_option("#new-system", "neurosystem")
    page.get_by_role("button", name="create the table").click()
    expect(page.locator(".join-link")).to_have_count(3)
    links = {link.get_attribute("data-seat"): link.input_value() for link in page.locator(".join-link").all()}
    assert set(links) == {"Kay", "Ana", "Bo"} and all("#session=" in link and "&token=nat_" in link for link in links.values())
    assert all("?" not in link for link in links.values())  # the token rides in the fragment only
    snap(gm, shots, "start-a-table")
    session = re.search(r"session=([^&]+)", links["Ana"]).group(1)
    tokens = {name: re.search(r"token=(.+)$", link).group(1) for name, link in links.items()}
    page.get_by_role("button", name="sit here as Kay").click()
    expect(page.locator("#live-state")).to_have_attribute("data-state", "live")

    player = tab()
    mine = sit(player, links["Ana"])
    assert mine.url == f"{service_url}/console"  # the fragment left the address bar ...
    assert mine.evaluate("() => JSON.parse(sessionStorage.getItem('arbiter.seat')).token") == tokens["Ana"]  # ... for this tab's storage
    expect(mine.locator('[data-character="rei"]')).to_contain_text("Streets")
    expect(mine.locator('[data-character="rei"]')).to_contain_text("Resolve 3 / 3")
    expect(mine.locator(".luck")).to_contain_text("Luck pool 3")

    check = pick(mine, "neurosystem/flat-check")
    fill(check, "character", "rei")
    fill(check, "category", "knowledge")
    check.get_by_role("button", name="act").click()
    expect(check.locator("#answer .die")).to_have_count(1)

    log = httpx.get(f"{service_url}/v1/sessions/{session}/log", headers={"Authorization": f"Bearer {tokens['Kay']}"}).json()
    face = log["entries"][0]["audit"]["draws"][0]
    assert face["sides"] == 10  # Streets is a d10
    expect(entry(page, 0)).to_contain_text("neurosystem/flat-check")  # live, in the GM's page, no reload
    assert shown_dice(entry(page, 0)) == [face["face"]] == shown_dice(check.locator("#answer"))
    expect(page.locator("#state")).to_contain_text("Open checks")

    roll = pick(page, "dice/roll")
    fill(roll, "expression", "4d6kh3")
    fill(roll, "visibility", "gm")
    roll.get_by_role("button", name="act").click()
    expect(entry(page, 1).locator(".die")).to_have_count(4)
    kept = page.locator('#log li[data-seq="1"] .die.kept')
    expect(kept).to_have_count(3)
    expect(entry(mine, 1)).to_contain_text("hidden from your seat")
    assert entry(mine, 1).locator(".die").count() == 0
    hidden = mine.evaluate("() => window.arbiter.entries().find(e => e.seq === 1)")
    assert hidden["hidden"] is True and hidden["result"] is None and hidden["audit"] is None

    # A dropped stream resumes from its Last-Event-ID: nothing missed, nothing twice.
    page.evaluate("() => window.arbiter.stream.drop()")
    check = pick(mine, "neurosystem/flat-check")
    fill(check, "character", "rei")
    fill(check, "category", "style")
    check.get_by_role("button", name="act").click()
    expect(entry(page, 2)).to_contain_text("neurosystem/flat-check")
    expect(page.locator("#live-state")).to_have_attribute("data-state", "live")
    assert page.locator("#log li").count() == 3
    snap(gm, shots, "neurosystem-gm")
    snap(player, shots, "neurosystem-player")
    assert unexpected(gm) == [] and unexpected(player) == []


def test_two_players_at_a_neuroscape_match_each_see_their_own_hand(tab: Tab, service_url: str, shots: Path) -> None:
    session, tokens = create(service_url, example_setup(service_url, "neuroscape"))
    pages = {}
    for name, token in tokens.items():
        visit = tab()
        page = sit(visit, join_link(service_url, session, token))
        page.locator('[data-legal="draw"]').click()  # the legal action opens its form, filled as the state says
        draw = page.locator('form[data-mechanic="neuroscape/draw"]')
        expect(draw.locator('input[data-path="main"]')).to_have_value("5")
        expect(draw.locator('input[data-path="ram"]')).to_have_value("0")
        draw.get_by_role("button", name="act").click()
        expect(page.locator(".hand-card")).to_have_count(5)
        pages[name] = visit

    for name, visit in pages.items():
        you = httpx.get(f"{service_url}/v1/sessions/{session}", headers={"Authorization": f"Bearer {tokens[name]}"}).json()["state"]["you"]
        page = visit.page
        expect(page.locator(".hand-card")).to_have_count(5)
        assert [card.get_attribute("data-card") for card in page.locator(".hand-card").all()] == you["hand"]
        seen = page.evaluate("() => JSON.stringify({session: window.arbiter.session, log: window.arbiter.entries()})")
        other = next(n for n in tokens if n != name)
        theirs = httpx.get(f"{service_url}/v1/sessions/{session}", headers={"Authorization": f"Bearer {tokens[other]}"}).json()["state"]["you"]
        assert theirs["seat"] != you["seat"] and '"hand":' + str(theirs["hand"]).replace("'", '"').replace(" ", "") not in seen
        assert f'"seat":"{theirs["seat"]}","hand"' not in seen  # no hand of the other seat anywhere in the page's data
        expect(page.locator(f'[data-seat="{theirs["seat"]}"]')).to_contain_text("hand 5")
        other_draw = next(e for e in page.evaluate("() => window.arbiter.entries()") if e["seat"] == theirs["seat"])
        assert other_draw["result"]["private"] is None and other_draw["audit"]["draws"] == []
        expect(page.locator("#state")).to_contain_text("Your legal actions")
        snap(visit, shots, f"neuroscape-{name}")
        assert unexpected(visit) == []

    # The close reveals every hand to every seat: the open pages learn it from the stream's end.
    closed = httpx.post(f"{service_url}/v1/sessions/{session}/close", headers={"Authorization": f"Bearer {tokens['Ana']}"})
    assert closed.status_code == 200, closed.text
    for visit in pages.values():
        expect(visit.page.locator("#state")).to_contain_text("Revealed at the close")
        expect(visit.page.locator("#live-state")).to_have_text("closed")


def test_a_closed_session_is_verified_in_the_page_and_a_tampered_record_is_caught(tab: Tab, service_url: str, shots: Path) -> None:
    session, tokens = create(service_url, {"system": "dice", "seats": [{"name": "Kay", "role": "gm"}, {"name": "Ana"}]})
    for expression, who, visibility in [("4d6kh3", "Ana", "public"), ("3d6!", "Kay", "gm"), ("2d20kl1+3", "Ana", "self"), ("5d6r1", "Ana", "blind")]:
        answer = httpx.post(f"{service_url}/v1/sessions/{session}/dice/roll", json={"expression": expression, "visibility": visibility},
                            headers={"Authorization": f"Bearer {tokens[who]}"})
        assert answer.status_code == 200, answer.text
    visit = tab()
    page = sit(visit, join_link(service_url, session, tokens["Kay"]))
    expect(page.locator("#log li")).to_have_count(4)
    expect(page.locator("#verify")).to_be_disabled()  # the seeds are not out yet
    hidden = page.evaluate("() => window.arbiter.entries().map((e) => e.audit === null)")
    assert hidden == [False, False, True, False]  # Ana's roll for herself alone: the GM sees no dice of it before the close
    held: list[Route] = []  # the log reads after the close wait here
    log_reads = re.compile(r"/log\?")

    def hold(route: Route) -> None:
        held.append(route)

    page.route(log_reads, hold)
    page.get_by_role("button", name="close the session (reveal the seeds)").click()
    # The seeds are out but the log the page holds is the one read before the close, with the GM's hidden entries
    # as they were hidden then: the verifier stays off until the revealed log is in.
    expect(page.locator("#verify")).to_have_attribute("title", "reading the revealed log")
    expect(page.locator("#verify")).to_be_disabled()
    deadline = time.monotonic() + 60
    while not held:  # the close's log read reaches the route
        assert time.monotonic() < deadline, "the page read no log after the close"
        page.wait_for_timeout(50)
    expect(page.locator("#log")).to_have_attribute("aria-busy", "true")
    expect(page.locator("#verify")).to_be_disabled()
    for read in held:
        read.continue_()
    page.unroute(log_reads, hold)
    expect(page.locator("#verify")).to_be_enabled()
    expect(page.locator("#log")).to_have_attribute("aria-busy", "false")
    page.get_by_role("button", name="verify every die in this page").click()
    expect(page.locator("#verify-summary")).to_have_text(re.compile(r"^4 matched, 0 mismatched"))
    expect(page.locator('#log li[data-verified="matched"]')).to_have_count(4)
    expect(page.locator("#state")).to_contain_text("State")  # the dice table has no renderer of its own: the generic view
    assert page.locator("section.act").is_hidden()  # a closed session takes no more actions
    snap(visit, shots, "verified")

    # Alter one recorded face in the page's own copy of the log: the page must catch it.
    page.evaluate("() => { const draw = window.arbiter.entries()[2].audit.draws[0]; draw.face = draw.face % draw.sides + 1; }")
    page.get_by_role("button", name="verify every die in this page").click()
    expect(page.locator("#verify-summary")).to_have_text(re.compile(r"^3 matched, 1 mismatched"))
    expect(entry(page, 2)).to_have_attribute("data-verified", "mismatch")
    expect(entry(page, 2).locator(".verdict")).to_contain_text("draw 1: recorded")
    snap(visit, shots, "tampered")
    assert unexpected(visit) == []


def test_a_stateless_roll_is_recomputed_in_the_page(tab: Tab, shots: Path) -> None:
    visit = tab()
    page = visit.open("/console")
    page.fill("#roll-expression", "3d6+2")
    page.fill("#roll-seed", "console-page")
    page.get_by_role("button", name="roll", exact=True).click()
    stream = Stream(seed="console-page", scope="stateless", nonce=0)
    faces = [stream.roll(6) for _ in range(3)]
    expect(page.locator("#roll-answer .verdict")).to_have_text(re.compile("^matched"))
    assert shown_dice(page.locator("#roll-answer")) == faces
    expect(page.locator("#roll-answer")).to_contain_text(f"total {sum(faces) + 2}")
    assert unexpected(visit) == []


def test_a_refusal_shows_the_rule_message_next_to_its_field(tab: Tab, service_url: str, shots: Path) -> None:
    session, tokens = create(service_url, example_setup(service_url, "eclipse"))
    visit = tab()
    page = sit(visit, join_link(service_url, session, tokens["Ana"]))
    recharge = pick(page, "eclipse/recharge")
    fill(recharge, "character", "ana")
    fill(recharge, "kind", "short")
    placed = recharge.get_by_role("button", name=re.compile(r"^remove allocation \d+$"))
    while placed.count():  # the example places its points: take them out
        placed.first.click()
    recharge.get_by_role("button", name="act").click()
    message = recharge.locator('[data-path="allocation"] > .field-error')
    expect(message).to_be_visible()
    expect(message).to_contain_text("list at least one pool in `allocation`")
    expect(recharge.locator(".form-error")).to_contain_text("eclipse/recharge-allocation")
    assert recharge.locator('[data-path="character"] > .field-error').is_hidden()
    snap(visit, shots, "refusal")

    # A refusal naming no member by path: the member whose value its message quotes.
    session, tokens = create(service_url, example_setup(service_url, "neurosystem"))
    page = sit(visit, join_link(service_url, session, tokens["Ana"]))
    check = pick(page, "neurosystem/flat-check")
    fill(check, "character", "zed")
    fill(check, "category", "style")
    check.get_by_role("button", name="act").click()
    message = check.locator('[data-path="character"] > .field-error')
    expect(message).to_have_text("no character 'zed' (characters: rei)")
    expect(check.locator(".form-error")).to_contain_text("neurosystem/unknown-character")
    assert unexpected(visit, 422, 404) == []


def unlabelled(page: Any) -> list[str]:
    """Every form control with neither a <label> nor an aria-label."""
    return page.evaluate("""() => [...document.querySelectorAll('input, select, textarea')]
        .filter(n => n.type !== 'hidden' && !n.labels.length && !n.getAttribute('aria-label')).map(n => n.outerHTML)""")


def test_on_a_phone_every_control_is_labelled_and_a_roll_goes_by_keyboard(tab: Tab, service_url: str, shots: Path) -> None:
    visit = tab(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    elsewhere: list[str] = []  # offline: nothing is fetched from any other host
    visit.page.on("request", lambda request: request.url.startswith((visit.base, "data:")) or elsewhere.append(request.url))
    page = visit.open("/console")
    expect(page.locator("#new-table")).to_be_visible()
    assert unlabelled(page) == []
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    page.locator("#roll-expression").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("2d20kh1")
    page.keyboard.press("Enter")
    expect(page.locator("#roll-answer .verdict")).to_have_text(re.compile("^matched"))
    expect(page.locator("#roll-answer .die")).to_have_count(2)
    expect(page.locator("#roll-answer .die.dropped")).to_have_count(1)
    snap(visit, shots, "phone")

    for system in ("neurosystem", "ncb"):  # a table, too, fits the phone's width
        session, tokens = create(service_url, example_setup(service_url, system))
        page = sit(visit, join_link(service_url, session, tokens["Ana"]))
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), system
        assert unlabelled(page) == [], system
    snap(visit, shots, "phone-table")
    assert unexpected(visit) == [] and elsewhere == []


CHART = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="60" height="40" fill="#333"/><text x="2" y="20">50%</text></svg>'


def _mechanics_saying(service_url: str, odds: bool) -> dict:
    listed = httpx.get(f"{service_url}/v1/mechanics").json()
    for mechanic in listed["mechanics"]:
        if mechanic["key"] == "dice/roll":
            mechanic["odds"] = mechanic["sessionOdds"] = odds
    return listed


def _listing(page: Any, listed: dict) -> list[dict]:
    """Answer `GET /v1/mechanics` with `listed`, and each odds request with a chart; remember those."""
    asked: list[dict] = []
    page.route("**/v1/mechanics", lambda route: route.fulfill(json=listed))

    def odds(route: Any) -> None:
        request = route.request
        asked.append({"url": request.url, "accept": request.headers.get("accept"), "body": request.post_data_json,
                      "auth": request.headers.get("authorization")})
        route.fulfill(status=200, body=CHART, content_type="image/svg+xml")

    page.route("**/odds", odds)
    return asked


def test_no_odds_listed_means_no_chart_and_no_odds_request(tab: Tab, service_url: str) -> None:
    session, tokens = create(service_url, {"system": "dice", "seats": [{"name": "Ana"}]})
    visit = tab()
    asked = _listing(visit.page, _mechanics_saying(service_url, odds=False))
    page = sit(visit, join_link(service_url, session, tokens["Ana"]))
    expect(pick(page, "dice/roll")).to_be_visible()
    assert page.locator("#show-odds").count() == 0 and page.locator("img.odds-chart").count() == 0
    page.get_by_role("button", name="leave the table").click()
    expect(page.locator("#stateless-roll")).to_be_visible()
    assert page.locator("#roll-odds img").count() == 0 and asked == []
    assert unexpected(visit) == []


@pytest.mark.parametrize(
    ("system", "seat", "shown"),
    [
        ("ncb", "Ana", ["Combat order", "round 1 · turn of", "38 / 38", "Maelstrom goon", "0 ✓ 0 ✗"]),
        ("eclipse", "Ana", ["action turn 1", "Ana Sequeira", "insight", "wounds 0 (threshold 7)"]),
        ("desert", "Kay", ["day 1, evening", "Control (who holds what)", "Reactions (the bag)"]),
    ],
)
def test_each_game_is_shown_in_its_own_words(tab: Tab, service_url: str, shots: Path, system: str, seat: str, shown: list[str]) -> None:
    session, tokens = create(service_url, example_setup(service_url, system))
    if system in ("ncb", "eclipse"):  # an order running, so the page has one to show
        start = "start-combat" if system == "ncb" else "initiative"
        answer = httpx.post(f"{service_url}/v1/sessions/{session}/{system}/{start}", json={}, headers={"Authorization": f"Bearer {tokens['Kay']}"})
        assert answer.status_code == 200, answer.text
    visit = tab()
    page = sit(visit, join_link(service_url, session, tokens[seat]))
    for text in shown:
        expect(page.locator("#state")).to_contain_text(text)
    if system == "ncb":  # the order as the state gives it, initiative by initiative
        combat = httpx.get(f"{service_url}/v1/sessions/{session}", headers={"Authorization": f"Bearer {tokens[seat]}"}).json()["state"]["combat"]
        rows = page.locator(".combat tbody tr").all_inner_texts()
        assert [row.split("\t")[-1] for row in rows] == [str(o["initiative"]) for o in combat["order"]]
    snap(visit, shots, f"table-{system}")
    assert unexpected(visit) == []


def _seed_with_a_reroll_and_an_explosion(service_url: str, expression: str) -> tuple[str, list[dict]]:
    """The first of a fixed list of seeds whose roll of `expression` both rerolls and explodes a die."""
    for i in range(200):
        seed = f"console-dice-{i}"
        dice = httpx.post(f"{service_url}/v1/dice/roll", json={"expression": expression, "seed": seed}).json()["result"]["dice"][0]["results"]
        if any(d["rerolled"] for d in dice) and any(d["exploded"] for d in dice) and any(d["discarded"] for d in dice):
            return seed, dice
    raise AssertionError("no seed in the list rerolls, explodes and drops")


def test_a_roll_is_shown_die_by_die_kept_dropped_rerolled_exploded(tab: Tab, service_url: str) -> None:
    expression = "5d6r1!kh3"
    seed, dice = _seed_with_a_reroll_and_an_explosion(service_url, expression)
    visit = tab()
    page = visit.open("/console")
    page.fill("#roll-expression", expression)
    page.fill("#roll-seed", seed)
    page.get_by_role("button", name="roll", exact=True).click()
    expect(page.locator("#roll-answer .verdict")).to_have_text(re.compile("^matched"))
    chips = page.locator("#roll-answer .die")
    assert shown_dice(page.locator("#roll-answer")) == [d["result"] for d in dice]
    for chip, die in zip(chips.all(), dice, strict=True):
        marks = set(chip.get_attribute("class").split())
        assert ("rerolled" in marks) == die["rerolled"] and ("exploded" in marks) == die["exploded"]
        assert ("kept" in marks) == (die["active"] and not die["rerolled"])
        assert ("dropped" in marks) == (die["discarded"] and not die["rerolled"])
    assert unexpected(visit) == []


def test_every_mechanic_of_every_system_opens_a_form(tab: Tab, service_url: str) -> None:
    visit = tab()
    visit.open("/console")
    listed = httpx.get(f"{service_url}/v1/mechanics").json()["mechanics"]
    opened = 0
    for system in ("neurosystem", "ncb", "eclipse", "desert", "neuroscape"):
        session, tokens = create(service_url, example_setup(service_url, system))
        page = sit(visit, join_link(service_url, session, next(iter(tokens.values()))))
        options = page.locator("#mechanic option").evaluate_all("nodes => nodes.map(n => n.value)")
        in_session = {m["key"] for m in listed if any(path.startswith("POST /v1/sessions/") or path.startswith("GET /v1/sessions/") for path in m["rest"])}
        assert set(options) == {key for key in in_session if key.split("/")[0] in (system, "dice")}
        # Each choice builds its form at once (no request): pick them all in one go, in the page.
        built = page.evaluate("""keys => keys.map(key => {
            const picker = document.getElementById('mechanic');
            picker.value = key;
            picker.dispatchEvent(new Event('change'));
            const form = document.querySelector(`form[data-mechanic="${key}"]`);
            return form && form.querySelector('button[type=submit]') ? key : null;
        })""", options)
        assert built == options
        opened += len(built)
    print(f"forms opened: {opened}")
    assert opened > 90
    assert unexpected(visit) == []
