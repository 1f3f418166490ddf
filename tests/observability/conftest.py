from __future__ import annotations

import io
import logging
import warnings
from collections.abc import Iterator

import pytest

warnings.filterwarnings("ignore", message="Using `httpx`")
from starlette.testclient import TestClient  # noqa: E402

from service.api.app import create_app  # noqa: E402
from service.config import Settings  # noqa: E402
from service.observability import JsonFormatter  # noqa: E402
from support.api import SECRET  # noqa: E402

REPLICA = "replica-test"
ORIGIN = "https://vtt.example"


@pytest.fixture(scope="session")
def client() -> Iterator[TestClient]:
    """One app on the memory store for all these tests (building one takes seconds).

    Its counters keep growing from test to test: compare before and after, never absolutes.
    """
    settings = Settings(seed_secret=SECRET, replica_id=REPLICA, cors_origins=(ORIGIN,))
    with TestClient(create_app(settings)) as client:
        yield client


class LogCapture:
    def __init__(self) -> None:
        self.stream = io.StringIO()

    @property
    def text(self) -> str:
        return self.stream.getvalue()

    def lines(self) -> list[str]:
        return self.text.splitlines()


@pytest.fixture
def json_logs() -> Iterator[LogCapture]:
    """Every record of every logger, at DEBUG, formatted as the service's stderr would have it."""
    capture = LogCapture()
    handler = logging.StreamHandler(capture.stream)
    handler.setFormatter(JsonFormatter(replica=REPLICA))
    # The test's own HTTP client logs its requests (URLs, query strings): that is the
    # caller's log, not the service's.
    handler.addFilter(lambda record: not record.name.startswith(("httpx", "httpcore")))
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    yield capture
    root.removeHandler(handler)
    root.setLevel(level)
