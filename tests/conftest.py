from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import settings as hypothesis_settings
from redis_cluster import RedisCluster  # tests/ is on sys.path: no __init__.py
from redis_server import RedisServer, require_binary

from service import written

pytest_plugins = ["support.api"]

# Hypothesis's default 200 ms deadline per example times the machine, not the code: on a slow or
# loaded one, a property test that sets no deadline of its own can fail with DeadlineExceeded.
hypothesis_settings.register_profile("suite", deadline=None)
hypothesis_settings.load_profile("suite")

# Every NCB result written straight from the rules' records is also built the model's way, and the
# two must encode alike (service/written.py): the whole suite checks the writer.
written.CHECK = True


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """REDIS_URL when set, else a redis-server of our own for this test session (or xdist worker).

    Tests share it, so each keeps to a key prefix of its own.
    """
    if url := os.environ.get("REDIS_URL"):
        yield url
        return
    require_binary()
    with RedisServer() as server:
        yield server.url


@pytest.fixture
def start_redis_server() -> Iterator[Callable[..., RedisServer]]:
    """Start dedicated servers that a test may stop and restart: `start_redis_server(appendonly=True)`."""
    require_binary()
    servers: list[RedisServer] = []

    def start(*, appendonly: bool = False, fsync: str = "everysec") -> RedisServer:
        server = RedisServer(appendonly=appendonly, fsync=fsync)
        servers.append(server)
        server.start()
        return server

    yield start
    for server in servers:
        server.close()


@pytest.fixture(scope="session")
def redis_cluster() -> Iterator[RedisCluster]:
    """A Redis Cluster of our own (three masters, three replicas) for this test session.

    Tests share it, so each keeps to a key prefix of its own; a test that kills or moves
    something leaves the cluster serving every slot again.
    """
    require_binary()
    with RedisCluster() as cluster:
        yield cluster


@pytest.hookimpl(trylast=True)  # after xdist's own hook, which tries to do what _group does
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests that kill or move nodes under real service processes (test_cluster_changes.py)
    go last, after every test that shares `cluster_replicas`, whose processes must not carry a
    crash into them. (Every cluster test is in one xdist group: `CLUSTER` in redis_cluster.py.)"""
    items.sort(key=lambda item: item.get_closest_marker("cluster") is not None and item.path.name == "test_cluster_changes.py")
    if getattr(config.option, "loadgroup", False):  # an xdist worker under --dist loadgroup
        for item in items:
            _group(item)


def _group(item: pytest.Item) -> None:
    """Give an `xdist_group` test the `@name` suffix by which the xdist controller schedules its
    group on one worker. pytest-xdist 3.8 writes it to `item._nodeid`, which pytest 9.2 no longer
    reads (the id is `item._id`, a NodeId): without this each cluster test was scheduled on its
    own and a second worker started a second cluster and service pair."""
    names = {str(mark.args[0] if mark.args else mark.kwargs.get("name", "default")) for mark in item.iter_markers("xdist_group")}
    if not names:
        return
    suffix = "@" + "_".join(sorted(names))
    if item.nodeid.endswith(suffix):  # xdist's own hook did it (an older pytest)
        return
    nodeid = item.nodeid + suffix
    if hasattr(item, "_id"):
        item._id = type(item._id).parse(nodeid)
    else:
        item._nodeid = nodeid  # type: ignore[attr-defined]


@pytest.fixture(scope="session")
def redis_cluster_url(redis_cluster: RedisCluster) -> str:
    return redis_cluster.url


@pytest.fixture(scope="session")
def cluster_replicas(redis_cluster_url: str) -> Iterator[list[str]]:
    """Two service processes on the test session's cluster, at the store's defaults, booted side
    by side and shared by the multi-replica cluster tests (a boot takes seconds). Each test plays
    sessions of its own, so what one test does is invisible to the next."""
    # Imported here: at module level they would load support.api before pytest registers it as a
    # plugin, and its assertions would not be rewritten.
    from support.api import SECRET
    from support.processes import ServiceProcess

    env = {"NA_STORE_TIMEOUT_SECONDS": "2.0"}  # the default, said here: the slot-move test counts on it
    processes = [ServiceProcess(redis_cluster_url, secret=SECRET, env=env) for _ in range(2)]
    try:
        with ThreadPoolExecutor(2) as pool:
            list(pool.map(ServiceProcess.start, processes))
        yield [process.url for process in processes]
    finally:
        for process in processes:
            process.stop()
