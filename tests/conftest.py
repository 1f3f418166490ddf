from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest
from redis_cluster import RedisCluster  # tests/ is on sys.path: no __init__.py
from redis_server import RedisServer, require_binary

pytest_plugins = ["support.api"]


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


@pytest.fixture(scope="session")
def redis_cluster_url(redis_cluster: RedisCluster) -> str:
    return redis_cluster.url
