"""NA_STORE for a Redis Cluster and NA_STORE_DURABILITY: what the service accepts and refuses."""

from __future__ import annotations

import pytest

from service.config import ConfigError, Settings
from service.sessions.cluster_store import parse_cluster_url

SECRET = "s" * 32


def test_a_cluster_url_lists_its_nodes_and_carries_tls_and_a_password() -> None:
    assert parse_cluster_url("redis+cluster://10.0.0.1:7000,10.0.0.2:7001") == {
        "nodes": [("10.0.0.1", 7000), ("10.0.0.2", 7001)], "username": None, "password": None, "ssl": False,
    }
    assert parse_cluster_url("rediss+cluster://app:p%40ss@redis-0.redis:6379,redis-1.redis:6379") == {
        "nodes": [("redis-0.redis", 6379), ("redis-1.redis", 6379)], "username": "app", "password": "p@ss", "ssl": True,
    }
    assert parse_cluster_url("redis+cluster://:sekrit@[::1]:7000")["nodes"] == [("::1", 7000)]
    with pytest.raises(ValueError, match="host:port"):
        parse_cluster_url("redis+cluster://10.0.0.1")


def test_settings_take_a_cluster_store_and_its_durability() -> None:
    env = {"NA_STORE": "redis+cluster://127.0.0.1:7000", "NA_SEED_SECRET": SECRET}
    assert Settings.from_env(env).store_durability == "none"
    assert Settings.from_env({**env, "NA_STORE_DURABILITY": "Replica"}).store_durability == "replica"
    with pytest.raises(ConfigError, match="none or replica"):
        Settings.from_env({**env, "NA_STORE_DURABILITY": "disk"})
    with pytest.raises(ConfigError, match="needs a Redis Cluster"):
        Settings.from_env({"NA_STORE": "redis://127.0.0.1:6379/0", "NA_SEED_SECRET": SECRET, "NA_STORE_DURABILITY": "replica"})
    with pytest.raises(ConfigError, match="NA_SEED_SECRET is required"):
        Settings.from_env({"NA_STORE": "redis+cluster://127.0.0.1:7000"})
