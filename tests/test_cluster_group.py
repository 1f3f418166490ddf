"""Every cluster test is in one xdist group, so a run under `-n` starts one cluster (conftest.py)."""

from __future__ import annotations

import pytest

from redis_cluster import CLUSTER

pytestmark = list(CLUSTER)


def test_a_cluster_test_carries_its_group_in_its_node_id_on_an_xdist_worker(request: pytest.FixtureRequest) -> None:
    # The xdist controller sees node ids only: it schedules `…@cluster` tests on one worker.
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not on an xdist worker under --dist loadgroup")
    assert request.node.nodeid.endswith("@cluster")


@pytest.mark.parametrize("kind", ["a", pytest.param("b", marks=pytest.mark.slow)])
def test_a_parametrized_cluster_test_does_too(request: pytest.FixtureRequest, kind: str) -> None:
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not on an xdist worker under --dist loadgroup")
    assert request.node.nodeid.endswith(f"[{kind}]@cluster")
