"""A browser tab on the live service, for tests/browser: what a person does there, and sees."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Visit:
    """One tab (a Playwright page); `errors` gathers what its console reports as an error."""

    page: Any
    base: str
    errors: list[str] = field(default_factory=list)

    def open(self, path: str) -> Any:
        """Load `path`; a page whose scripts failed while loading fails here, not at a timeout."""
        self.page.goto(self.base + path)
        assert not self.errors, f"{path} failed while loading: {self.errors}"
        return self.page


def replace_text(page: Any, editor: Any, text: str) -> None:
    """Select all in a CodeMirror editor and paste `text` over it (pasted, so no bracket is auto-closed)."""
    editor.click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(text)


def shown_json(locator: Any) -> Any:
    """The JSON a CodeMirror pane shows (it indents with no-break spaces)."""
    return json.loads(locator.inner_text().replace("\xa0", " ").replace("\u200b", ""))
