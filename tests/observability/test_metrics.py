"""/metrics: Prometheus text, per-app registries, bounded labels, and the series operators alert on."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from service.api.app import create_app
from service.config import Settings
from service.observability import InstrumentedStore, Metrics
from service.sessions.memory import MemoryStore
from service.sessions.store import Commit
from support.api import SECRET


class Scrape:
    def __init__(self, client: TestClient) -> None:
        response = client.get("/metrics")
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/plain; version=0.0.4")
        self.text = response.text
        self.samples = [s for family in text_string_to_metric_families(self.text) for s in family.samples]

    def value(self, name: str, **labels: str) -> float:
        """The sum of `name` over the samples whose labels include `labels`."""
        return sum(s.value for s in self.samples if s.name == name and labels.items() <= s.labels.items())


def _growth(client: TestClient, action: Callable[[], object]) -> Callable[..., float]:
    """Run `action`; returns `delta(name, **labels)`, how much a series grew meanwhile."""
    before = Scrape(client)
    action()
    after = Scrape(client)
    return lambda name, **labels: after.value(name, **labels) - before.value(name, **labels)


def _session(client: TestClient) -> tuple[str, dict[str, str]]:
    created = client.post("/v1/sessions", json={"system": "dice", "seats": [{"name": "gm", "role": "gm"}]}).json()
    return created["session"]["id"], {"Authorization": f"Bearer {created['seats'][0]['token']}"}


def test_requests_are_counted_by_route_template_never_by_path(client) -> None:
    sid, auth = _session(client)

    def play() -> None:
        for _ in range(3):
            assert client.post(f"/v1/sessions/{sid}/dice/roll", json={"expression": "1d6"}, headers=auth).status_code == 200
        client.get("/no/such/path/1")
        client.get("/no/such/path/2")

    delta = _growth(client, play)
    route = "/v1/sessions/{sessionId}/dice/roll"
    assert delta("neon_arbiter_http_requests_total", method="POST", route=route, status="200") == 3
    assert delta("neon_arbiter_http_request_duration_seconds_count", method="POST", route=route) == 3
    assert delta("neon_arbiter_http_requests_total", route="unmatched", status="404") == 2
    assert sid not in Scrape(client).text


def test_dice_are_counted_per_system_once_each_action_is_committed(client) -> None:
    sid, auth = _session(client)

    def roll() -> None:
        client.post(f"/v1/sessions/{sid}/dice/roll", json={"expression": "3d6"}, headers=auth)
        client.post("/v1/dice/roll", json={"expression": "4d6kh3"})  # stateless: 4 drawn, 3 kept
        client.post("/v1/dice/roll", json={"expression": "1d6 +"})  # refused: nothing drawn

    assert _growth(client, roll)("neon_arbiter_dice_rolled_total", system="dice") == 7


def test_an_idempotent_replay_rolls_and_counts_no_new_dice(client) -> None:
    sid, auth = _session(client)
    key = {**auth, "Idempotency-Key": "roll-once"}
    answers = []

    def roll_twice() -> None:
        for _ in range(2):
            answers.append(client.post(f"/v1/sessions/{sid}/dice/roll", json={"expression": "2d10"}, headers=key).json())

    assert _growth(client, roll_twice)("neon_arbiter_dice_rolled_total", system="dice") == 2
    assert answers[0] == answers[1]


def test_a_session_write_is_one_load_and_one_commit(client) -> None:
    sid, auth = _session(client)
    client.app.state.sessions.recent.drop(sid)  # as a replica that keeps no commit of this session
    delta = _growth(client, lambda: client.post(f"/v1/sessions/{sid}/dice/roll", json={"expression": "1d20"}, headers=auth))
    assert delta("neon_arbiter_store_round_trips_total", operation="load", outcome="ok") == 1
    assert delta("neon_arbiter_store_round_trips_total", operation="commit", outcome="ok") == 1
    assert delta("neon_arbiter_store_round_trips_total") == 2
    assert delta("neon_arbiter_store_round_trip_duration_seconds_count", operation="commit") == 1


def test_the_creating_replicas_next_writes_are_one_commit_each(client) -> None:
    sid, auth = _session(client)  # this replica keeps the session as it created it, then each commit it makes

    def roll_twice() -> None:
        for _ in range(2):
            assert client.post(f"/v1/sessions/{sid}/dice/roll", json={"expression": "1d20"}, headers=auth).status_code == 200

    delta = _growth(client, roll_twice)
    assert delta("neon_arbiter_store_round_trips_total", operation="commit", outcome="ok") == 2
    assert delta("neon_arbiter_store_round_trips_total") == 2  # no load at all


class _LosesFirstRace(MemoryStore):
    """A store on which another replica wins the first compare-and-set."""

    def __init__(self) -> None:
        super().__init__()
        self.lost = False

    async def commit(self, commit: Commit) -> bool:
        if not self.lost:
            self.lost = True
            return False
        return await super().commit(commit)


def test_a_lost_compare_and_set_is_counted_as_a_conflict_and_a_retry() -> None:
    with TestClient(create_app(Settings(seed_secret=SECRET), store=_LosesFirstRace())) as client:
        sid, auth = _session(client)
        assert client.post(f"/v1/sessions/{sid}/dice/roll", json={"expression": "1d6"}, headers=auth).status_code == 200
        scrape = Scrape(client)
    assert scrape.value("neon_arbiter_session_cas_retries_total") == 1
    assert scrape.value("neon_arbiter_store_round_trips_total", operation="commit", outcome="conflict") == 1
    assert scrape.value("neon_arbiter_store_round_trips_total", operation="commit", outcome="ok") == 1


def test_each_metrics_has_a_registry_of_its_own() -> None:
    one, two = Metrics(replica_id="a"), Metrics(replica_id="b")  # no "duplicated timeseries" error
    one.observe_request("GET", "/healthz", 200, 0.001)
    one.dice("desert", 5)
    assert one.registry.get_sample_value("neon_arbiter_dice_rolled_total", {"system": "desert"}) == 5
    assert two.registry.get_sample_value("neon_arbiter_dice_rolled_total", {"system": "desert"}) is None
    assert two.registry.get_sample_value("neon_arbiter_http_requests_total", {"method": "GET", "route": "/healthz", "status": "200"}) is None


def test_an_unknown_method_does_not_mint_a_new_series() -> None:
    metrics = Metrics(replica_id="a")
    metrics.observe_request("BREW", "unmatched", 405, 0.001)
    assert metrics.registry.get_sample_value("neon_arbiter_http_requests_total", {"method": "OTHER", "route": "unmatched", "status": "405"}) == 1


def test_open_subscriptions_are_a_gauge_that_returns_to_zero() -> None:
    metrics = Metrics(replica_id="r")
    store = InstrumentedStore(MemoryStore(), metrics)

    def gauge() -> float:
        return metrics.registry.get_sample_value("neon_arbiter_active_subscriptions") or 0.0

    async def scenario() -> list[float]:
        seen = []
        async with store.subscribe("s1"):
            seen.append(gauge())
            events = store.events("s1")
            pending = asyncio.ensure_future(anext(events))
            await asyncio.sleep(0.01)
            seen.append(gauge())
            pending.cancel()
            await asyncio.gather(pending, return_exceptions=True)
            await events.aclose()
            seen.append(gauge())
        seen.append(gauge())
        return seen

    assert asyncio.run(scenario()) == [1, 2, 1, 0]


def test_openmetrics_is_served_to_a_scraper_that_asks_for_it(client) -> None:
    response = client.get("/metrics", headers={"Accept": "application/openmetrics-text; version=1.0.0"})
    assert response.headers["content-type"].startswith("application/openmetrics-text")
    assert response.text.endswith("# EOF\n")


def test_build_info_names_the_replica(client) -> None:
    assert Scrape(client).value("neon_arbiter_build_info", replica="replica-test") == 1


def test_plain_counts_expose_what_prometheus_client_counters_and_histograms_would() -> None:
    """The request path keeps plain numbers; a scrape shows the same series, help, labels and buckets
    that prometheus_client's own `Counter` and `Histogram` show for the same observations."""
    from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest

    from service.observability import _STORE_BUCKETS

    ours = Metrics(replica_id="r")
    reference = CollectorRegistry()
    families = {f.name: f for f in ours.registry.collect()}
    dice = Counter("neon_arbiter_dice_rolled", families["neon_arbiter_dice_rolled"].documentation, ["system"], registry=reference)
    trips = Counter(
        "neon_arbiter_store_round_trips", families["neon_arbiter_store_round_trips"].documentation,
        ["operation", "outcome"], registry=reference,
    )
    latency = Histogram(
        "neon_arbiter_store_round_trip_duration_seconds",
        families["neon_arbiter_store_round_trip_duration_seconds"].documentation,
        ["operation"], buckets=_STORE_BUCKETS, registry=reference,
    )
    observed = [("load", "ok", 0.0004), ("commit", "ok", 0.0005), ("commit", "conflict", 0.003), ("commit", "ok", 7.0),
                ("log", "unavailable", 2.5), ("load", "ok", 0.00051)]
    for operation, outcome, seconds in observed:
        ours.observe_store(operation, outcome, seconds)
        trips.labels(operation, outcome).inc()
        latency.labels(operation).observe(seconds)
    for system, draws in [("ncb", 3), ("desert", 0), ("ncb", 2), ("eclipse", 1)]:
        ours.dice(system, draws)
        if draws:
            dice.labels(system).inc(draws)

    def samples(text: bytes) -> set[tuple[str, tuple[tuple[str, str], ...], float]]:
        found = text_string_to_metric_families(text.decode())
        return {(s.name, tuple(sorted(s.labels.items())), round(s.value, 9)) for f in found for s in f.samples}

    mine = samples(generate_latest(ours.registry))
    theirs = samples(generate_latest(reference))
    assert theirs and theirs <= mine
    # Bucket by bucket: 0.0005 counts as at most 0.0005, 7 s only in +Inf, the sum exact.
    assert ("neon_arbiter_store_round_trip_duration_seconds_bucket", (("le", "0.0005"), ("operation", "commit")), 1.0) in mine
    assert ("neon_arbiter_store_round_trip_duration_seconds_bucket", (("le", "2.5"), ("operation", "commit")), 2.0) in mine
    assert ("neon_arbiter_store_round_trip_duration_seconds_bucket", (("le", "+Inf"), ("operation", "commit")), 3.0) in mine
    assert ("neon_arbiter_dice_rolled_total", (("system", "ncb"),), 5.0) in mine
    assert not any(name == "neon_arbiter_dice_rolled_total" and labels == (("system", "desert"),) for name, labels, _ in mine)
