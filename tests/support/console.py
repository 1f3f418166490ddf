"""The console in a browser: what a test does at a table, and reads off the page, in one place."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import expect

from support.browser import Visit


def snap(visit: Visit, shots: Path, name: str) -> None:
    path = shots / f"{name}.png"
    visit.page.screenshot(path=str(path), full_page=True)
    print(f"screenshot: {path}")


def unexpected(visit: Visit, *statuses: int) -> list[str]:
    """The console's errors, less the browser's own note of each refusal the test asked for."""
    allowed = tuple(f"the server responded with a status of {status}" for status in statuses)
    return [error for error in visit.errors if not any(note in error for note in allowed)]


def example_setup(base: str, system: str) -> dict:
    body = httpx.get(f"{base}/openapi.json").json()["paths"]["/v1/sessions"]["post"]["requestBody"]
    return next(e["value"] for e in body["content"]["application/json"]["examples"].values() if e["value"]["system"] == system)


def create(base: str, body: dict) -> tuple[str, dict[str, str]]:
    created = httpx.post(f"{base}/v1/sessions", json=body).json()
    return created["session"]["id"], {seat["name"]: seat["token"] for seat in created["seats"]}


def join_link(base: str, session: str, token: str) -> str:
    return f"{base}/console#session={session}&token={token}"


def sit(visit: Visit, link: str) -> Any:
    page = visit.page
    page.goto(link)
    session = re.search(r"session=([^&]+)", link).group(1)
    expect(page.locator("#table-title")).to_contain_text(session)
    expect(page.locator("#live-state")).to_have_attribute("data-state", "live")
    expect(page.locator("#log")).to_have_attribute("aria-busy", "false")  # the log read on going live is in
    return page


def pick(page: Any, mechanic: str) -> Any:
    page.select_option("#mechanic", mechanic)
    return page.locator(f'form[data-mechanic="{mechanic}"]')


def fill(form: Any, path: str, value: str) -> None:
    control = form.locator(f'input[data-path="{path}"], select[data-path="{path}"], textarea[data-path="{path}"]')
    if control.evaluate("node => node.tagName") == "SELECT":
        control.select_option(label=value)
    else:
        control.fill(value)


def entry(page: Any, seq: int) -> Any:
    return page.locator(f'#log li[data-seq="{seq}"]')


def shown_dice(locator: Any) -> list[int]:
    return [int(die.get_attribute("data-face")) for die in locator.locator(".die").all()]
