"""Large documentation responses are gzip-compressed when the client accepts it; the API's own
responses never are, however large and whatever the client sends."""

from __future__ import annotations

import gzip
import re
import warnings

import pytest

warnings.filterwarnings("ignore", message="Using `httpx`")
from starlette.testclient import TestClient  # noqa: E402

from service.api import compression  # noqa: E402
from service.api.app import create_app  # noqa: E402
from service.api.compression import accepts_gzip  # noqa: E402
from service.contracts import SCHEMA  # noqa: E402
from support.api import make_settings  # noqa: E402
from support.live import serving  # noqa: E402

GZIP = {"Accept-Encoding": "gzip"}
IDENTITY = {"Accept-Encoding": "identity"}  # httpx asks for gzip unless told otherwise


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(make_settings("memory"))) as http:
        yield http


def _raw(client: TestClient, path: str, headers: dict):
    """The response and its body as sent on the wire (httpx would decompress `.content`)."""
    with client.stream("GET", path, headers=headers) as response:
        return response, b"".join(response.iter_raw())


def _asset_paths(client: TestClient) -> list[str]:
    """The stylesheets and scripts that the two docs pages load."""
    pages = client.get("/docs").text + client.get("/graphql", headers={"Accept": "text/html"}).text
    return re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"', pages)


def test_the_docs_documents_and_assets_are_gzipped_for_a_client_that_accepts_it(client: TestClient) -> None:
    paths = ["/openapi.json", "/schema.graphql", *_asset_paths(client)]
    assert any("swagger-ui-bundle" in p for p in paths) and any("graphiql" in p for p in paths)
    for path in paths:
        plain, plain_body = _raw(client, path, IDENTITY)
        packed, packed_body = _raw(client, path, GZIP)
        assert plain.status_code == packed.status_code == 200, path
        assert "content-encoding" not in plain.headers, path
        assert packed.headers["content-encoding"] == "gzip", path
        assert gzip.decompress(packed_body) == plain_body, path
        assert int(packed.headers["content-length"]) == len(packed_body) < len(plain_body), path
        for response in (plain, packed):  # a cache keeps the two apart
            assert "accept-encoding" in response.headers["vary"].lower(), path


def test_the_documents_shrink_to_a_fraction(client: TestClient) -> None:
    for path, at_most in (("/openapi.json", 0.2), ("/schema.graphql", 0.3)):
        plain = len(_raw(client, path, IDENTITY)[1])
        packed = len(_raw(client, path, GZIP)[1])
        assert packed <= at_most * plain, (path, packed, plain)


@pytest.mark.parametrize("accept", ["gzip;q=0", "br", "identity", "", "deflate, gzip;q=0.0"])
def test_a_client_that_does_not_accept_gzip_gets_the_plain_bytes(client: TestClient, accept: str) -> None:
    response, body = _raw(client, "/openapi.json", {"Accept-Encoding": accept})
    assert "content-encoding" not in response.headers
    assert body == _raw(client, "/openapi.json", IDENTITY)[1]


def test_the_sdl_is_the_checked_in_schema(client: TestClient) -> None:
    response = client.get("/schema.graphql", headers=GZIP)
    assert response.headers["content-type"].startswith("text/plain")
    assert response.text == SCHEMA.read_text()


def test_a_compressed_asset_is_still_revalidated_with_its_weak_etag(client: TestClient) -> None:
    [bundle] = [p for p in _asset_paths(client) if "swagger-ui-bundle" in p]
    packed = client.get(bundle, headers=GZIP)
    plain = client.get(bundle, headers=IDENTITY)
    assert packed.headers["etag"] == "W/" + plain.headers["etag"]
    again = client.get(bundle, headers={**GZIP, "If-None-Match": packed.headers["etag"]})
    assert again.status_code == 304 and again.content == b""


def test_each_body_is_compressed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = gzip.compress

    def counting(data: bytes, **kwargs) -> bytes:
        calls.append(len(data))
        return real(data, **kwargs)

    monkeypatch.setattr(compression.gzip, "compress", counting)
    with TestClient(create_app(make_settings("memory"))) as http:
        first = [_raw(http, "/openapi.json", GZIP)[1] for _ in range(3)]
    assert len(calls) == 1 and first[0] == first[1] == first[2]


def test_api_answers_are_never_compressed(client: TestClient) -> None:
    created = client.post("/v1/sessions", json={"system": "dice", "seats": [{"name": "gm", "role": "gm"}]}, headers=GZIP)
    sid, token = created.json()["session"]["id"], created.json()["seats"][0]["token"]
    auth = {**GZIP, "Authorization": f"Bearer {token}"}
    big = "+".join(["1d6"] * 60)
    answers = [
        created,
        client.post("/v1/dice/roll", json={"expression": big}, headers=GZIP),
        client.post(f"/v1/sessions/{sid}/dice/roll", json={"expression": big}, headers=auth),
        client.get(f"/v1/sessions/{sid}", headers=auth),
        client.get(f"/v1/sessions/{sid}/log", headers=auth),
        client.get("/v1/mechanics", headers=GZIP),
        client.post("/graphql", json={"query": "{ mechanics { systems } }"}, headers=GZIP),
        client.get("/healthz", headers=GZIP),
    ]
    for response in answers:
        assert response.status_code < 300, response.text
        assert "content-encoding" not in response.headers, response.request.url
    assert len(answers[5].content) > compression.MINIMUM_BYTES  # large enough that gzip would have applied


def test_the_docs_page_loads_far_fewer_bytes_on_the_wire() -> None:
    """Counted off a real socket: the page, its assets and the document it loads, with and without gzip."""
    import httpx

    app = create_app(make_settings("memory"))
    with serving(app) as port, httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
        page = http.get("/docs", headers=IDENTITY)
        paths = ["/docs", *re.findall(r'(?:href|src)="(/static/[^"]+)"', page.text), "/openapi.json"]
        totals = {}
        for name, headers in (("plain", IDENTITY), ("gzip", GZIP)):
            total = 0
            for path in paths:
                with http.stream("GET", path, headers=headers) as response:
                    assert response.status_code == 200
                    total += sum(len(chunk) for chunk in response.iter_raw())
            totals[name] = total
    assert totals["gzip"] < 0.35 * totals["plain"], totals
