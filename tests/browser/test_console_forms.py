"""The console's forms against the real service: its odds charts, and its refusals, field by field.

Nothing is faked here: the odds come from the odds endpoints, the refusals from the rules. The
expected chances are counted by brute force over every face of the dice, as the rules read
(an STK total above the DN succeeds, equal succeeds at a cost, below fails).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import httpx
import pytest
from playwright.sync_api import expect
from support.browser import Visit
from support.console import (
    create,
    example_setup,
    fill,
    join_link,
    pick,
    sit,
    snap,
    unexpected,
)

from service.api import odds_svg

Tab = Callable[..., Visit]

# The bars' fill (service/api/odds_svg.py), as the page paints the chart.
BAR_RGB = [0x3B, 0x6F, 0xB6]
_PAINTED = """async ([r, g, b]) => {
  const img = document.querySelector('img.odds-chart');
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
  const context = canvas.getContext('2d');
  context.drawImage(img, 0, 0);
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  let count = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] === r && data[i + 1] === g && data[i + 2] === b) count++;
  return count;
}"""


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("console-form-screenshots")


def percent(p: Fraction) -> str:
    """A chance as the chart prints it (its own formatting; the chance is counted here)."""
    return odds_svg._percent(float(p))


def kept_highest(count: int, sides: int, keep: int, plus: int = 0) -> dict[int, Fraction]:
    """Every roll of `count`d`sides`, its highest `keep` dice summed (plus `plus`), counted."""
    faces = list(product(range(1, sides + 1), repeat=count))
    totals = Counter(sum(sorted(roll)[-keep:]) + plus for roll in faces)
    return {total: Fraction(n, len(faces)) for total, n in totals.items()}


def chart_shows(visit: Visit, slot: Any, labels: list[str]) -> None:
    """The chart in `slot` is painted in the page, and opened as an image it shows each of `labels`."""
    image = slot.locator("img.odds-chart")
    expect(image).to_be_visible()
    assert image.evaluate("img => img.complete && img.naturalWidth") == 720
    assert visit.page.evaluate(_PAINTED, BAR_RGB) > 500  # bars, in their colour, drawn from the image itself
    source = image.get_attribute("src")
    assert source.startswith("data:image/svg+xml")
    alone = visit.page.context.new_page()  # the very image the page shows, opened on its own
    try:
        alone.goto(source)
        for label in labels:
            text = alone.locator("text", has_text=re.compile(f"^{re.escape(label)}$")).first
            expect(text).to_be_visible()
            assert (text.bounding_box() or {}).get("width", 0) > 0, label
    finally:
        alone.close()
    assert all(label in unquote(source) for label in labels)


def stk_chances(sides: list[int], bonus: int, dn: int) -> dict[str, Fraction]:
    faces = list(product(*(range(1, n + 1) for n in sides)))
    totals = Counter(sum(roll) + bonus for roll in faces)
    out = {"failure": Fraction(0), "success-at-cost": Fraction(0), "success": Fraction(0)}
    for total, count in totals.items():
        out["success" if total > dn else "success-at-cost" if total == dn else "failure"] += Fraction(count, len(faces))
    return out


def test_an_stk_check_charts_the_real_odds_of_the_seat_and_a_refusal_finds_its_field(tab: Tab, service_url: str, shots: Path) -> None:
    session, tokens = create(service_url, example_setup(service_url, "neurosystem"))
    visit = tab()
    asked: list[dict] = []
    visit.page.on("request", lambda r: r.url.endswith("/odds") and asked.append(
        {"url": r.url, "accept": r.headers.get("accept"), "auth": r.headers.get("authorization"), "body": r.post_data_json}))
    page = sit(visit, join_link(service_url, session, tokens["Ana"]))
    form = pick(page, "neurosystem/stk-check")
    # The form opens on its example, whose NC is not at this table: the odds say so, at the NC's field.
    form.get_by_role("button", name="show the odds").click()
    expect(form.locator('[data-path="against.nc"] > .field-error')).to_have_text("no NC 'enforcer' (NCs: none yet)")
    expect(form.locator("#odds .odds-error")).to_contain_text("neurosystem/unknown-nc")

    form.get_by_label("give against").uncheck()
    fill(form, "dn", "14")
    fill(form, "luck", "0")
    form.get_by_role("button", name="show the odds").click()
    assert form.locator('[data-path="against.nc"] > .field-error').is_hidden()
    # Rei rolls Cool d8, Guns d6, Streets d10, plus the example's smartgun +2.
    chances = stk_chances([8, 6, 10], 2, 14)
    labels = ["outcome", "failure", "success", percent(chances["success"]), percent(chances["failure"]), "total"]
    chart_shows(visit, form.locator("#odds"), labels)
    text = form.locator("#odds .odds-text")
    text.locator("summary").click()
    for outcome, chance in chances.items():
        expect(text).to_contain_text(f"{outcome}: {chance.numerator}/{chance.denominator}")
    last = asked[-1]
    assert last["url"] == f"{service_url}/v1/sessions/{session}/neurosystem/stk-check/odds" and last["accept"] == "image/svg+xml"
    assert last["auth"] == f"Bearer {tokens['Ana']}"
    assert last["body"] == {"character": "rei", "dn": 14, "bonuses": [{"name": "smartgun", "value": 2}], "luck": 0}
    snap(visit, shots, "odds-stk-check")
    read = httpx.get(f"{service_url}/v1/sessions/{session}", headers={"Authorization": f"Bearer {tokens['Ana']}"}).json()
    assert read["version"] == 1 and read["state"]["openChecks"] == []  # asking the odds played nothing

    # The dice roll in the same session: a pool too big to count exactly is refused at its expression.
    roll = pick(page, "dice/roll")
    fill(roll, "expression", "999d6!")
    roll.get_by_role("button", name="show the odds").click()
    message = roll.locator('[data-path="expression"] > .field-error')
    expect(message).to_have_text("maxDice would be 1099; the most the odds are computed for is 1000")
    expect(roll.locator("#odds .odds-error")).to_contain_text("odds/too-costly")
    fill(roll, "expression", "2d20kh1")
    roll.get_by_role("button", name="show the odds").click()
    best = kept_highest(2, 20, 1)
    chart_shows(visit, roll.locator("#odds"), ["total", "1", "20", percent(best[20]), percent(best[1])])
    assert message.is_hidden()
    assert asked[-1]["url"] == f"{service_url}/v1/sessions/{session}/dice/roll/odds" and asked[-1]["body"]["expression"] == "2d20kh1"
    assert unexpected(visit, 404, 422) == []


def test_the_stateless_roll_charts_its_odds_and_a_refusal_shows_at_the_expression(tab: Tab) -> None:
    visit = tab()
    page = visit.open("/console")
    slot = page.locator("#roll-odds")
    totals = kept_highest(4, 6, 3, plus=2)  # the panel's own expression, 4d6kh3 + 2
    likeliest = max(totals, key=lambda total: totals[total])
    assert (likeliest, min(totals), max(totals)) == (15, 5, 20)
    chart_shows(visit, slot, ["total", "5", "15", "20", percent(totals[15]), percent(totals[5])])
    page.fill("#roll-expression", "999d6!")
    page.locator("#roll-expression").dispatch_event("change")
    message = page.locator('#stateless-roll [data-path="expression"] > .field-error')
    expect(message).to_have_text("maxDice would be 1099; the most the odds are computed for is 1000")
    expect(slot.locator(".odds-error")).to_contain_text("odds/too-costly")
    assert slot.locator("img").count() == 0
    assert unexpected(visit, 422) == []


def test_a_refused_table_setup_shows_the_rule_message_next_to_its_field(tab: Tab) -> None:
    visit = tab()
    page = visit.open("/console")
    form = page.locator("#new-table")
    page.select_option("#new-system", "neurosystem")
    rating = 'setup.characters.0.stats.0.rating'
    fill(form, rating, "d7")
    form.get_by_role("button", name="create the table").click()
    said = "rei's Cool 'd7' is not a NeuroSystem die rating: use d4, d6, d8, d10 or d12"
    expect(form.locator(f'[data-path="{rating}"] > .field-error')).to_have_text(said)
    expect(page.locator("#new-error")).to_have_text("neurosystem/unknown-die-size")
    assert page.locator(".join-link").count() == 0

    # Edited as JSON, the fields are out of sight: the message is shown with the form's own error.
    page.get_by_label("edit the body as JSON").check()
    form.get_by_role("button", name="create the table").click()
    expect(page.locator("#new-error")).to_have_text(f"neurosystem/unknown-die-size: {said}")
    assert unexpected(visit, 422) == []
