"""/console and its modules are served by the service itself, from the package's own files."""

from __future__ import annotations

import re
import tomllib
import warnings
from fnmatch import fnmatch
from pathlib import Path

import pytest

warnings.filterwarnings("ignore", message="Using `httpx`")
from starlette.testclient import TestClient  # noqa: E402

from service.api.app import create_app  # noqa: E402
from service.api.console import ASSETS  # noqa: E402
from support.api import make_settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(make_settings("memory"))) as http:
        yield http


def _imports(source: str) -> list[str]:
    return re.findall(r'^import [^;]*? from "\./([\w.-]+)";', source, flags=re.M)


def test_the_page_loads_its_entry_module_and_sends_no_referrer(client: TestClient) -> None:
    page = client.get("/console")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert page.headers["referrer-policy"] == "no-referrer"
    assert '<script type="module" src="/static/console/app.js">' in page.text
    assert '<meta name="viewport"' in page.text


def test_every_module_an_import_names_is_served_as_javascript(client: TestClient) -> None:
    seen, todo = set(), ["app.js"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        answer = client.get(f"/static/console/{name}")
        assert answer.status_code == 200, name
        assert answer.headers["content-type"].startswith("text/javascript"), name
        todo += _imports(answer.text)
    assert seen == {p.name for p in ASSETS.glob("*.js")}  # no module left unused
    assert client.get("/static/console/console.css").headers["content-type"].startswith("text/css")


def test_the_package_data_ships_every_console_file() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["service"]
    for path in ASSETS.rglob("*"):
        relative = path.relative_to(ROOT / "service").as_posix()
        assert path.is_dir() or any(fnmatch(relative, p) and "/" not in relative[len(p) - 1:] for p in patterns), relative
