"""deploy/k8s/: schema-valid for the Kubernetes versions in use, locked down, wired together.

Schemas come from kubernetes-validate (an installed package: no cluster, no network), in
strict mode, so a misspelt field fails instead of being dropped by the API server.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from deploy_files import DEPLOY, service_settings, yaml_documents

from service.config import ConfigError, Settings

K8S = DEPLOY / "k8s"
# The oldest minor release still common in managed clusters, and the newest the package knows.
VERSIONS = ("1.30.0", "latest")


def _manifests() -> list[Path]:
    return sorted(path for path in K8S.glob("*.yaml") if path.name != "kustomization.yaml")


def _documents() -> dict[tuple[str, str], dict]:
    """{(kind, name): document} over every manifest."""
    return {(doc["kind"], doc["metadata"]["name"]): doc for path in _manifests() for doc in yaml_documents(path)}


def _kubernetes_validate():
    try:
        import kubernetes_validate
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("kubernetes-validate is missing: install the test extras", pytrace=False)
        pytest.skip("kubernetes-validate is not installed")
    return kubernetes_validate


def _version(name: str) -> str:
    from kubernetes_validate.utils import latest_version

    return latest_version() if name == "latest" else name


def _pod(kind: str, name: str) -> dict:
    return _documents()[(kind, name)]["spec"]["template"]


@pytest.mark.parametrize("version", VERSIONS)
def test_every_manifest_validates_strictly_against_the_kubernetes_schema(version: str) -> None:
    validate = _kubernetes_validate()
    for path in _manifests():
        for doc in yaml_documents(path):
            validate.validate(doc, _version(version), strict=True)


def test_strict_validation_rejects_a_misspelt_field() -> None:
    validate = _kubernetes_validate()
    deployment = _documents()[("Deployment", "neon-arbiter")]
    deployment["spec"]["template"]["spec"]["containers"][0]["readinessProbe"]["httpGet"]["paht"] = "/readyz"
    with pytest.raises(validate.ValidationError):
        validate.validate(deployment, _version("latest"), strict=True)


def test_kustomization_applies_every_manifest_but_the_secret_template() -> None:
    [kustomization] = yaml_documents(K8S / "kustomization.yaml")
    listed = set(kustomization["resources"])
    assert listed == {path.name for path in _manifests()} - {"secret.example.yaml"}
    # Applying the template would overwrite the real secret with a placeholder.
    assert not any(doc["kind"] == "Secret" for name in listed for doc in yaml_documents(K8S / name))


@pytest.mark.parametrize(("kind", "name"), [("Deployment", "neon-arbiter"), ("StatefulSet", "neon-arbiter-redis")])
def test_every_container_runs_locked_down_with_requests_and_limits(kind: str, name: str) -> None:
    pod = _pod(kind, name)["spec"]
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"
    assert pod["automountServiceAccountToken"] is False
    for container in pod["containers"]:
        context = container["securityContext"]
        assert context["allowPrivilegeEscalation"] is False
        assert context["readOnlyRootFilesystem"] is True
        assert context["capabilities"]["drop"] == ["ALL"]
        assert {"cpu", "memory"} <= set(container["resources"]["requests"])
        assert {"cpu", "memory"} <= set(container["resources"]["limits"])


def test_api_stays_ready_through_a_store_outage_and_is_alive_on_healthz() -> None:
    [container] = _pod("Deployment", "neon-arbiter")["spec"]["containers"]
    # Not /readyz: a Redis outage would take every pod out of the Service at once.
    assert container["readinessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["startupProbe"]["httpGet"]["path"] == "/healthz"
    assert container["ports"] == [{"name": "http", "containerPort": 8000, "protocol": "TCP"}]


def test_api_gets_its_settings_from_the_config_map_and_its_seed_from_the_secret() -> None:
    docs = _documents()
    [container] = _pod("Deployment", "neon-arbiter")["spec"]["containers"]
    assert container["envFrom"] == [{"configMapRef": {"name": "neon-arbiter"}}]
    env = {item["name"]: item for item in container["env"]}
    assert len(env) == len(container["env"]), "a name twice: kubectl apply merges env by name"
    assert env["NA_SEED_SECRET"]["valueFrom"]["secretKeyRef"] == {"name": "neon-arbiter-seed", "key": "NA_SEED_SECRET"}
    # The store URL (password included) from the Secret when it has one, else the ConfigMap's.
    assert env["NA_STORE"]["valueFrom"]["secretKeyRef"] == {"name": "neon-arbiter-seed", "key": "NA_STORE", "optional": True}
    assert env["NA_REPLICA_ID"]["valueFrom"]["fieldRef"]["fieldPath"] == "metadata.name"
    assert env["NA_HOST"]["value"] == "0.0.0.0"
    settings = docs[("ConfigMap", "neon-arbiter")]["data"]
    assert "NA_SEED_SECRET" not in settings
    assert set(settings) | set(env) <= service_settings()
    assert settings["NA_STORE"] == "redis://neon-arbiter-redis:6379/0"


def test_secret_template_holds_a_value_the_service_refuses() -> None:
    template = _documents()[("Secret", "neon-arbiter-seed")]
    with pytest.raises(ConfigError, match="too weak"):
        Settings.from_env({"NA_STORE": "redis://neon-arbiter-redis:6379/0", **template["stringData"]})


def test_redis_requires_the_secrets_password_and_the_secrets_store_url_carries_it() -> None:
    docs = _documents()
    [container] = _pod("StatefulSet", "neon-arbiter-redis")["spec"]["containers"]
    args = container["args"]
    assert args[args.index("--requirepass") + 1] == "$(REDIS_PASSWORD)"  # Kubernetes expands it from env
    env = {item["name"]: item["valueFrom"]["secretKeyRef"] for item in container["env"]}
    from_secret = {"name": "neon-arbiter-seed", "key": "REDIS_PASSWORD"}  # not optional: no password, no Redis
    assert env == {"REDIS_PASSWORD": from_secret, "REDISCLI_AUTH": from_secret}  # REDISCLI_AUTH: the probes log in
    assert all("redis-cli" in probe["exec"]["command"] for probe in (container["readinessProbe"], container["livenessProbe"]))
    secret = docs[("Secret", "neon-arbiter-seed")]["stringData"]
    redis_service = docs[("Service", "neon-arbiter-redis")]["metadata"]["name"]
    assert secret["NA_STORE"] == f"redis://:{secret['REDIS_PASSWORD']}@{redis_service}:6379/0"
    # What the Deployment falls back on has no password: it cannot leak one from a ConfigMap.
    assert "@" not in docs[("ConfigMap", "neon-arbiter")]["data"]["NA_STORE"]


def test_service_pdb_hpa_and_network_policy_point_at_the_right_pods() -> None:
    docs = _documents()
    api_labels = _pod("Deployment", "neon-arbiter")["metadata"]["labels"]
    redis_labels = _pod("StatefulSet", "neon-arbiter-redis")["metadata"]["labels"]

    def selects(selector: dict, labels: dict) -> bool:
        return selector.items() <= labels.items()

    service = docs[("Service", "neon-arbiter")]["spec"]
    assert selects(service["selector"], api_labels) and not selects(service["selector"], redis_labels)
    assert service["ports"][0]["targetPort"] == "http"
    pdb = docs[("PodDisruptionBudget", "neon-arbiter")]["spec"]
    assert selects(pdb["selector"]["matchLabels"], api_labels) and pdb["maxUnavailable"] == 1
    hpa = docs[("HorizontalPodAutoscaler", "neon-arbiter")]
    assert hpa["apiVersion"] == "autoscaling/v2"
    assert hpa["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": "neon-arbiter"}
    assert hpa["spec"]["minReplicas"] == docs[("Deployment", "neon-arbiter")]["spec"]["replicas"] >= 2
    policy = docs[("NetworkPolicy", "neon-arbiter-redis")]["spec"]
    assert selects(policy["podSelector"]["matchLabels"], redis_labels)
    assert selects(policy["ingress"][0]["from"][0]["podSelector"]["matchLabels"], api_labels)
    redis_service = docs[("Service", "neon-arbiter-redis")]
    assert docs[("StatefulSet", "neon-arbiter-redis")]["spec"]["serviceName"] == redis_service["metadata"]["name"]


def test_termination_grace_covers_the_pre_stop_pause_and_the_drain() -> None:
    pod = _pod("Deployment", "neon-arbiter")["spec"]
    [container] = pod["containers"]
    pause = int(container["lifecycle"]["preStop"]["exec"]["command"][-1])
    drain = float(_documents()[("ConfigMap", "neon-arbiter")]["data"]["NA_SHUTDOWN_GRACE_SECONDS"])
    assert pod["terminationGracePeriodSeconds"] > pause + drain


def test_redis_persists_an_aof_on_a_volume_claim() -> None:
    statefulset = _documents()[("StatefulSet", "neon-arbiter-redis")]["spec"]
    [container] = statefulset["template"]["spec"]["containers"]
    args = container["args"]
    assert args[args.index("--appendonly") + 1] == "yes"
    assert args[args.index("--appendfsync") + 1] == "always"
    [claim] = statefulset["volumeClaimTemplates"]
    mount = next(m for m in container["volumeMounts"] if m["name"] == claim["metadata"]["name"])
    assert mount["mountPath"] == args[args.index("--dir") + 1] == "/data"


def test_the_readiness_path_answers_through_a_store_outage_while_requests_get_the_services_503() -> None:
    """What a pod left in the Service answers when Redis is gone (the outage on a live Redis, and the
    recovery, are in tests/resilience/test_shared_state.py)."""
    import socket
    import warnings

    warnings.filterwarnings("ignore", message="Using `httpx`")
    from starlette.testclient import TestClient

    from service.api.app import create_app

    [container] = _pod("Deployment", "neon-arbiter")["spec"]["containers"]
    with socket.socket() as closed:  # bound, never listening: the store refuses every connection
        closed.bind(("127.0.0.1", 0))
        store = f"redis://127.0.0.1:{closed.getsockname()[1]}/0"
        settings = Settings(store=store, seed_secret="k8s-test-secret-" + "k" * 32, store_timeout_seconds=0.5, rate_limit_per_second=0)
        with TestClient(create_app(settings)) as http:
            ready = http.get(container["readinessProbe"]["httpGet"]["path"])
            created = http.post("/v1/sessions", json={"system": "dice", "seats": [{"name": "gm", "role": "gm"}]})
    assert ready.status_code == 200
    assert created.status_code == 503 and created.headers["content-type"] == "application/problem+json"
    assert created.json()["code"] == "store-unavailable" and "retry-after" in created.headers
