"""deploy/compose.cluster.yaml: valid Compose; the api replicas on a six-node Redis Cluster the file creates."""

from __future__ import annotations

import re

from deploy_files import DEPLOY, service_settings, yaml_documents
from test_compose import _validator

from service.config import Settings
from service.sessions.cluster_store import parse_cluster_url

CLUSTER = DEPLOY / "compose.cluster.yaml"


def _compose() -> dict:
    [document] = yaml_documents(CLUSTER)
    return document


def test_the_cluster_file_follows_the_compose_specification() -> None:
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in _validator().iter_errors(_compose())]
    assert errors == []


def test_the_api_lists_every_node_of_a_cluster_of_three_masters_with_a_replica_each() -> None:
    services = _compose()["services"]
    nodes = sorted(name for name in services if name.startswith("redis-node-"))
    assert len(nodes) == 6
    env = services["api"]["environment"]
    assert set(env) <= service_settings()
    url = re.sub(r"\$\{REDIS_PASSWORD[^}]*\}", "pw", env["NA_STORE"])
    assert [host for host, _ in parse_cluster_url(url)["nodes"]] == nodes
    settings = Settings.from_env({"NA_STORE": url, "NA_SEED_SECRET": "s" * 32, "NA_STORE_DURABILITY": "replica"})
    assert settings.store_durability == "replica"
    init = " ".join(services["redis-cluster-init"]["entrypoint"])
    assert "--cluster-replicas 1" in init and all(f"{node}:6379" in init for node in nodes)
    for node in nodes:
        command = services[node]["command"]
        assert command[command.index("--cluster-enabled") + 1] == "yes"
        assert command[command.index("--appendfsync") + 1] == "always"
        assert "--masterauth" in command and services[node]["profiles"] == ["cluster"]
