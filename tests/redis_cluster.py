"""A throwaway Redis Cluster for tests: three masters and three replicas on loopback ports.

    with RedisCluster() as cluster:     # created with redis-cli --cluster create, state ok
        cluster.url                     # redis+cluster://127.0.0.1:<port>,...
        cluster.master_of(key)          # the node serving a key's slot
        cluster.kill(node)              # a crash; node.start() brings it back as a replica

Each node is a `RedisServer` (tests/redis_server.py) started with cluster mode on. A short
node timeout (2 s) keeps failover tests quick; not shorter, so a node that a loaded machine
leaves unscheduled for a second is not failed over in the middle of a test that kills nothing.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time

import pytest
from redis_server import RedisServer

# The marks of a cluster test: one xdist group (run with --dist loadgroup, pyproject.toml), so a
# run starts one cluster, not one per worker, and no two cluster tests overlap on it.
CLUSTER = (pytest.mark.cluster, pytest.mark.xdist_group("cluster"))
CLI = shutil.which("redis-cli") or "/usr/bin/redis-cli"
# The failover tests wait on conditions (a promotion within 20 s, a recovery within 20 s, the
# cluster ok within 30 s); each failover takes about a second more than at 1000 ms.
NODE_TIMEOUT_MS = 2000


def _free_pair() -> int:
    """A port whose cluster bus port (port + 10000) is free as well."""
    for _ in range(100):
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = int(sock.getsockname()[1])
        if port > 55000:
            continue
        try:
            with socket.socket() as bus:
                bus.bind(("127.0.0.1", port + 10000))
        except OSError:
            continue
        return port
    raise RuntimeError("no free port pair for a cluster node")


class ClusterNodeServer(RedisServer):
    """A redis-server in cluster mode; its nodes.conf lives in its own dir, so a restart rejoins.

    Its first start picks a port whose bus port is free too, and picks again when another process took
    either before the node bound them (as a plain server's first start does); a restart keeps them."""

    def __init__(self) -> None:
        super().__init__(appendonly=True)

    def _pick_port(self) -> int:
        return _free_pair()

    def _command(self, port: int) -> list[str]:
        return super()._command(port) + [
            "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
            "--cluster-node-timeout", str(NODE_TIMEOUT_MS), "--cluster-replica-validity-factor", "0",
            "--cluster-require-full-coverage", "no",
        ]

    def cli(self, *args: str) -> str:
        done = subprocess.run([CLI, "-p", str(self.port), *args], capture_output=True, text=True, timeout=30)
        return done.stdout


class RedisCluster:
    def __init__(self, masters: int = 3) -> None:
        self.nodes = [ClusterNodeServer() for _ in range(masters * 2)]

    @property
    def url(self) -> str:
        return "redis+cluster://" + ",".join(f"127.0.0.1:{node.port}" for node in self.nodes)

    def start(self) -> None:
        for node in self.nodes:
            node.start()
        addresses = [f"127.0.0.1:{node.port}" for node in self.nodes]
        subprocess.run(
            [CLI, "--cluster", "create", *addresses, "--cluster-replicas", "1", "--cluster-yes"],
            check=True, capture_output=True, timeout=60,
        )
        self.wait_ok()

    def wait_ok(self, timeout_s: float = 30.0) -> None:
        """Until every running node says the cluster is ok and agrees on its masters, and every
        replica has its link to its master up (so a WAIT can be answered)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            running = [node for node in self.nodes if node._process is not None]
            if all("cluster_state:ok" in node.cli("cluster", "info") for node in running):
                slots = {node.cli("cluster", "shards").count("master") for node in running}
                replication = [node.cli("info", "replication") for node in running]
                linked = all("master_link_status:up" in info for info in replication if "role:slave" in info)
                if len(slots) == 1 and linked:
                    return
            time.sleep(0.1)
        raise RuntimeError("the cluster did not reach state ok")

    def masters(self) -> list[ClusterNodeServer]:
        return [node for node in self.nodes if node._process is not None and "role:master" in node.cli("info", "replication")]

    def by_port(self, port: int) -> ClusterNodeServer:
        return next(node for node in self.nodes if node.port == port)

    def master_of(self, key: str) -> ClusterNodeServer:
        """The master serving `key`'s slot now, as a running node sees the cluster."""
        return self.master_of_slot(self.slot_of(key))

    def move_slot(self, slot: int, target: ClusterNodeServer) -> None:
        """Migrate one slot to `target`, keys and all, as `redis-cli --cluster reshard` does:
        IMPORTING / MIGRATING, MIGRATE in batches, then SETSLOT NODE on every master."""
        source = self.master_of_slot(slot)
        source_id, target_id = source.cli("cluster", "myid").strip(), target.cli("cluster", "myid").strip()
        target.cli("cluster", "setslot", str(slot), "importing", source_id)
        source.cli("cluster", "setslot", str(slot), "migrating", target_id)
        while keys := source.cli("cluster", "getkeysinslot", str(slot), "10").split():
            source.cli("migrate", "127.0.0.1", str(target.port), "", "0", "5000", "KEYS", *keys)
        for node in [target, source, *self.masters()]:
            node.cli("cluster", "setslot", str(slot), "node", target_id)

    def slot_of(self, key: str) -> int:
        probe = next(node for node in self.nodes if node._process is not None)
        return int(probe.cli("cluster", "keyslot", key).strip())

    def master_of_slot(self, slot: int) -> ClusterNodeServer:
        probe = next(node for node in self.nodes if node._process is not None)
        for row in probe.cli("cluster", "nodes").splitlines():
            fields = row.split()
            if "master" in fields[2] and "fail" not in fields[2] and _owns(fields[8:], slot):
                return self.by_port(int(fields[1].split(":")[1].split("@")[0]))
        raise RuntimeError(f"no master serves slot {slot}")

    def close(self) -> None:
        for node in self.nodes:
            node.close()

    def __enter__(self) -> RedisCluster:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _owns(ranges: list[str], slot: int) -> bool:
    for item in ranges:
        if item.startswith("["):  # a slot being migrated or imported
            continue
        low, _, high = item.partition("-")
        if int(low) <= slot <= int(high or low):
            return True
    return False

