"""The web console at `/console`: a page that plays any session through the public API only.

Plain ES modules shipped in the package (`service/api/static/console/`), with no build step: the
files the browser runs are the files in the repository, so there is no bundler to install, no
built output to keep in step with its sources, and the page works offline like /docs and /graphql.
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

ASSETS = Path(__file__).parent / "static" / "console"

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Neon Arbiter — console</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/console/console.css"></head>
<body><header><h1><a href="/console">Neon Arbiter</a> <span>console</span></h1></header>
<main id="app" aria-live="polite"><p>Loading…</p></main>
<script type="module" src="/static/console/app.js"></script>
</body></html>"""


async def console_page(request: Request) -> Response:
    # No referrer: a join link's fragment never leaves the page, and neither does the address.
    return HTMLResponse(_PAGE, headers={"Referrer-Policy": "no-referrer", "Cache-Control": "no-cache"})


def console_mount() -> Mount:
    return Mount("/static/console", StaticFiles(directory=ASSETS), name="console")
