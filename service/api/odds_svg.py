"""An odds answer as a small SVG bar chart: readable without JavaScript, no dependency.

One panel per distribution: its name, one bar per outcome (its height proportional to its
probability, the tallest bar filling the panel), the outcome's label under it, its percentage
over it, and a dashed line at the target when the distribution has one. Long distributions
(an exploding die's tail) keep every bar but label only every few, so the labels stay legible.
"""

from __future__ import annotations

import math
from typing import Any
from html import escape

BAR_AREA = 160  # the height of the tallest bar
_WIDTH = 720
_LEFT, _TOP, _LABELS = 16, 34, 40  # margins: left, above the bars (title, percentages), below (labels)
_PANEL = _TOP + BAR_AREA + _LABELS
_MOST_LABELS = 30  # per panel; past this, every n-th outcome is labelled
_STYLE = (
    "text{font-family:sans-serif;font-size:11px;fill:#222}"
    ".title{font-size:13px;font-weight:bold}.bar{fill:#3b6fb6}.target{stroke:#c0392b;stroke-width:1.5;stroke-dasharray:4 3}"
    ".target-label{fill:#c0392b}"
)


def odds_svg(body: dict[str, Any]) -> str:
    """The chart of an odds answer (`Odds.wire()` or the operation's body)."""
    distributions = body["distributions"]
    height = _PANEL * len(distributions) + 8
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_WIDTH}" height="{height}" viewBox="0 0 {_WIDTH} {height}" role="img">',
        f"<title>{escape(', '.join(d['name'] for d in distributions))}: exact odds</title>",
        f"<style>{_STYLE}</style>",
    ]
    for index, distribution in enumerate(distributions):
        parts.append(_panel(distribution, index * _PANEL))
    parts.append("</svg>")
    return "".join(parts)


def _attr(value: str) -> str:
    """An attribute value, quoted and escaped."""
    return f'"{escape(value)}"'


def _percent(p: float) -> str:
    if p == 0:
        return "0%"
    if p >= 0.1:
        return f"{p * 100:.1f}%"
    digits = max(1, 1 - math.floor(math.log10(p * 100)))  # two significant figures for small chances
    return f"{p * 100:.{min(digits, 6)}f}%"


def _panel(distribution: dict[str, Any], top: int) -> str:
    outcomes = distribution["outcomes"]
    count = len(outcomes)
    slot = (_WIDTH - 2 * _LEFT) / count
    gap = min(slot * 0.2, 6)
    tallest = max(o["probability"] for o in outcomes) or 1.0
    every = math.ceil(count / _MOST_LABELS)
    base = top + _TOP + BAR_AREA
    parts = [f'<g class="distribution" data-name={_attr(str(distribution["name"]))}>']
    parts.append(f'<text class="title" x="{_LEFT}" y="{top + 16}">{escape(str(distribution["name"]))}</text>')
    for i, outcome in enumerate(outcomes):
        p = outcome["probability"]
        x = _LEFT + i * slot + gap / 2
        width = max(slot - gap, 0.5)
        bar = BAR_AREA * p / tallest
        label = str(outcome["outcome"])
        parts.append(
            f'<rect class="bar" x="{x:.2f}" y="{base - bar:.4f}" width="{width:.2f}" height="{bar:.4f}" '
            f'data-outcome={_attr(label)} data-probability="{p!r}" data-exact={_attr(outcome["exact"])}>'
            f"<title>{escape(label)}: {escape(outcome['exact'])} ({_percent(p)})</title></rect>"
        )
        if i % every == 0:
            middle = x + width / 2
            parts.append(f'<text class="label" x="{middle:.2f}" y="{base + 14}" text-anchor="middle">{escape(label)}</text>')
            if count <= _MOST_LABELS:
                parts.append(f'<text class="percent" x="{middle:.2f}" y="{base - bar - 3:.2f}" text-anchor="middle">{_percent(p)}</text>')
    target = distribution.get("target")
    if target is not None and distribution["numeric"]:
        parts.append(_target_line(outcomes, target, slot, top, base))
    parts.append("</g>")
    return "".join(parts)


def _target_line(outcomes: list[dict[str, Any]], target: int, slot: float, top: int, base: float) -> str:
    """A dashed line at the left edge of the first outcome that meets the target (≥ target)."""
    values = [o["outcome"] for o in outcomes]
    at = next((i for i, v in enumerate(values) if v >= target), len(values))
    x = _LEFT + at * slot
    return (
        f'<line class="target" x1="{x:.2f}" y1="{top + _TOP - 8}" x2="{x:.2f}" y2="{base}" data-target="{target}"/>'
        f'<text class="target-label" x="{x + 3:.2f}" y="{top + _TOP - 10}">target {target}</text>'
    )
