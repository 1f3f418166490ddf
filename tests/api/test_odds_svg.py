"""The odds chart: `Accept: image/svg+xml` on an odds endpoint, and GraphQL's `svg` field."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
from support.api import Api

from service.api.odds_svg import BAR_AREA, odds_svg
from service.dice.odds import Distribution, Odds

SVG = "{http://www.w3.org/2000/svg}"


def _bars(svg: str) -> list[list[ET.Element]]:
    """The bars of each panel, in order."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return [[rect for rect in group.iter(f"{SVG}rect") if rect.get("class") == "bar"] for group in root.iter(f"{SVG}g")]


def _texts(svg: str) -> list[str]:
    return [text.text or "" for text in ET.fromstring(svg).iter(f"{SVG}text")]


def test_rest_answers_a_bar_per_outcome_with_heights_proportional_to_the_chances(memory_api: Api) -> None:
    answer = memory_api.post("/v1/dice/roll/odds", {"expression": "3d6"}, headers={"Accept": "image/svg+xml"})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    (bars,) = _bars(answer.text)
    assert [int(bar.get("data-outcome", "")) for bar in bars] == list(range(3, 19))
    chances = [Fraction(bar.get("data-exact", "")) for bar in bars]
    assert sum(chances) == 1 and chances[0] == Fraction(1, 216)
    tallest = max(chances)
    for bar, p in zip(bars, chances, strict=True):
        assert float(bar.get("height", "")) == pytest.approx(BAR_AREA * float(p / tallest), abs=1e-3)
    texts = _texts(answer.text)
    assert "3" in texts and "18" in texts and "12.5%" in texts and "0.46%" in texts  # 27/216 and 1/216


def test_json_stays_the_default(memory_api: Api) -> None:
    answer = memory_api.post("/v1/dice/roll/odds", {"expression": "3d6"}, headers={"Accept": "application/json"})
    assert answer.headers["content-type"] == "application/json" and "svg" not in answer.json()


def test_graphql_svg_field_is_the_same_chart(memory_api: Api) -> None:
    rest = memory_api.post("/v1/dice/roll/odds", {"expression": "2d6"}, headers={"Accept": "image/svg+xml"}).text
    query = "query O($input: DiceRollOddsInput!) { diceRollOdds(input: $input) { svg } }"
    for _ in range(2):  # by the full executor, then by the query's plan
        assert memory_api.gql_data(query, {"input": {"expression": "2d6"}})["diceRollOdds"]["svg"] == rest


def test_session_odds_answer_the_chart_too(memory_api: Api) -> None:
    sid = memory_api.create_session("dice")["session"]["id"]
    answer = memory_api.post(
        f"/v1/sessions/{sid}/dice/roll/odds", {"expression": "1d4"}, token=memory_api.tokens["ana"], headers={"Accept": "image/svg+xml"}
    )
    assert answer.status_code == 200 and len(_bars(answer.text)[0]) == 4


def test_every_distribution_has_its_panel_and_a_target_its_line() -> None:
    odds = Odds.of(
        Distribution.of("check", {"failure": Fraction(1, 4), "success at a cost": Fraction(1, 4), "success": Fraction(1, 2)}),
        Distribution.counted("total", {2: 1, 3: 2, 4: 1}, target=3),
    )
    svg = odds_svg(odds.wire())
    check, total = _bars(svg)
    assert [bar.get("data-outcome") for bar in check] == ["failure", "success at a cost", "success"]
    assert [float(bar.get("height", "")) for bar in check] == [BAR_AREA / 2, BAR_AREA / 2, BAR_AREA]
    assert [float(bar.get("height", "")) for bar in total] == [BAR_AREA / 2, BAR_AREA, BAR_AREA / 2]
    lines = [line for line in ET.fromstring(svg).iter(f"{SVG}line") if line.get("class") == "target"]
    assert len(lines) == 1 and lines[0].get("data-target") == "3"
    assert float(lines[0].get("x1", "")) == pytest.approx(float(total[1].get("x", "")), abs=6)  # at the bar of 3
    assert "target 3" in _texts(svg) and "success at a cost" in _texts(svg)


def test_labels_are_escaped() -> None:
    svg = odds_svg(Odds.of(Distribution.counted("<a & b>", {"x<y": 1, '"q"': 1})).wire())
    assert [bar.get("data-outcome") for bar in _bars(svg)[0]] == ["x<y", '"q"']


def test_a_long_tail_keeps_every_bar_and_fewer_labels() -> None:
    svg = odds_svg(Odds.of(Distribution.counted("total", dict.fromkeys(range(1, 301), 1))).wire())
    assert len(_bars(svg)[0]) == 300
    labels = [t for t in _texts(svg) if t.isdigit()]
    assert 10 <= len(labels) <= 30
