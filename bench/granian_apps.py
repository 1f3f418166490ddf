"""The apps `bench/http.py --granian` serves with granian (`granian --interface asgi`), for a
comparison with uvicorn in the same run: the floor, and the service as `python -m service` builds
it (settings from the environment, the JSON log set up as uvicorn's `log_config` does).

granian is not a dependency of the service: `pip install granian` to run these.
"""

from __future__ import annotations

import logging.config

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route


async def _plain(request: Request) -> Response:
    return PlainTextResponse("Hello, world!")


floor = Starlette(routes=[Route("/", _plain)])


def service() -> Starlette:
    """`granian --factory bench.granian_apps:service`."""
    from service.api.app import create_app
    from service.config import Settings
    from service.observability import log_config

    settings = Settings.from_env()
    logging.config.dictConfig(log_config(settings.log_level, replica=settings.replica_id))
    return create_app(settings)
