"""Headless Chromium from Debian's package, driven by Playwright's Python package, on a live service.

Playwright's wheel brings its driver but no browser; `launch(executable_path=...)` runs the system
Chromium, so nothing is downloaded. A missing browser or package skips these tests, but fails them
on CI (`CI` set), as the Redis tests do: CI must run them (`.ci/run` installs `chromium`).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from service.api.app import create_app
from support.api import make_settings
from support.browser import Visit
from support.live import serving

CHROMIUM = os.environ.get("NA_CHROMIUM", "/usr/bin/chromium")
# Generous for a loaded machine; on an idle one every page answers in a few seconds.
TIMEOUT_MS = 120_000
# `expect(...)` keeps its own clock (5 s unless told), apart from the page's default timeout: a retrying
# assertion on a loaded machine gets this long. A passing one returns as soon as it holds.
EXPECT_TIMEOUT_MS = 30_000


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must run the browser tests", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not shutil.which(CHROMIUM):
        _missing(f"{CHROMIUM} not found (Debian: apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install -e '.[test]')")
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def service_url() -> Iterator[str]:
    """The app on the memory store, served by uvicorn on a free port (rate limits off)."""
    with serving(create_app(make_settings("memory"))) as port:
        yield f"http://127.0.0.1:{port}"


def _watched(context: Any, service_url: str) -> Visit:
    """A new tab in `context` whose console errors and uncaught exceptions are gathered."""
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    seen = Visit(page, service_url)
    page.on("console", lambda message: message.type == "error" and seen.errors.append(f"console: {message.text}"))
    page.on("pageerror", lambda error: seen.errors.append(f"uncaught: {error}"))
    return seen


@pytest.fixture
def visit(browser: Any, service_url: str) -> Iterator[Visit]:
    context = browser.new_context()
    yield _watched(context, service_url)
    context.close()


@pytest.fixture
def tab(browser: Any, service_url: str) -> Iterator[Callable[..., Visit]]:
    """Open tabs each in a browser context of its own (its own storage: one seat per person), as `tab(**context_options)`."""
    contexts: list[Any] = []

    def open_tab(**options: Any) -> Visit:
        contexts.append(browser.new_context(**options))
        return _watched(contexts[-1], service_url)

    yield open_tab
    for context in contexts:
        context.close()
