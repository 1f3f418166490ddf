"""The odds chart as a person sees it: the SVG an odds endpoint answers, opened in Chromium."""

from __future__ import annotations

import httpx

from support.browser import Visit

# The bars' fill (service/api/odds_svg.py), as the page paints it.
BAR_RGB = (0x3B, 0x6F, 0xB6)

_PAINTED = """async ([r, g, b]) => {
  const xml = new XMLSerializer().serializeToString(document.documentElement);
  const img = new Image();
  img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(xml);
  await img.decode();
  const canvas = document.createElementNS('http://www.w3.org/1999/xhtml', 'canvas');
  canvas.width = img.width; canvas.height = img.height;
  const context = canvas.getContext('2d');
  context.drawImage(img, 0, 0);
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  let count = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] === r && data[i + 1] === g && data[i + 2] === b) count++;
  return count;
}"""


def test_the_chart_of_3d6_shows_its_bars_labels_and_percentages(visit: Visit) -> None:
    chart = httpx.post(f"{visit.base}/v1/dice/roll/odds", json={"expression": "3d6"}, headers={"Accept": "image/svg+xml"}, timeout=60)
    assert chart.status_code == 200 and chart.headers["content-type"].startswith("image/svg+xml")
    page = visit.page
    # Served at a URL of the service, as a browser would load the answer itself.
    page.route(f"{visit.base}/chart.svg", lambda route: route.fulfill(status=200, content_type="image/svg+xml", body=chart.text))
    visit.open("/chart.svg")
    page.screenshot()  # rendered before anything is read off it
    texts = page.locator("text").all_text_contents()
    assert "3" in texts and "10" in texts and "18" in texts  # outcome labels
    assert "12.5%" in texts and "0.46%" in texts  # 27/216 and 1/216
    assert "total" in texts
    for shown in ("12.5%", "0.46%", "18"):
        label = page.locator("text", has_text=shown).first
        assert label.is_visible() and (label.bounding_box() or {}).get("width", 0) > 0
    bars = page.locator("rect.bar")
    assert bars.count() == 16
    boxes = [bars.nth(i).bounding_box() for i in range(16)]
    assert all(box is not None and box["width"] > 1 and box["height"] > 0.5 for box in boxes)
    heights = [box["height"] for box in boxes if box is not None]
    assert heights[7] == max(heights) and heights[0] < heights[3] < heights[7]  # 10 and 11 tallest, 3 lowest
    # Each bar is what a person sees at its centre: nothing covers it.
    for i, box in enumerate(boxes):
        assert box is not None
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.getAttribute('data-outcome')", [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert hit == str(3 + i)
    assert page.evaluate(_PAINTED, list(BAR_RGB)) > 1000  # the bars are painted, in their colour
    assert not visit.errors
