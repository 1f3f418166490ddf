"""deploy/compose.yaml: valid Compose, replicas behind nginx, Redis with AOF on a volume, no secret in it.

The schema is the Compose Specification's own JSON schema as check-jsonschema vendors it
(`vendor.compose-spec`): an installed package, so the test needs no network and no Docker.
"""

from __future__ import annotations

import os
import re

import pytest
from deploy_files import DEPLOY, service_settings, yaml_documents

from service.config import ConfigError, Settings

COMPOSE = DEPLOY / "compose.yaml"


def _compose() -> dict:
    [document] = yaml_documents(COMPOSE)
    return document


def _validator():
    try:
        from check_jsonschema.builtin_schemas import get_builtin_schema
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("check-jsonschema is missing: install the test extras", pytrace=False)
        pytest.skip("check-jsonschema is not installed")
    from jsonschema import Draft202012Validator

    schema = get_builtin_schema("vendor.compose-spec")
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def test_compose_file_follows_the_compose_specification() -> None:
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in _validator().iter_errors(_compose())]
    assert errors == []


def test_the_specification_check_rejects_a_broken_file() -> None:
    broken = _compose()
    broken["services"]["api"]["deploy"]["replicas"] = [3]
    broken["services"]["redis"]["restart_policy"] = "always"  # not a service key
    assert len(list(_validator().iter_errors(broken))) >= 2


def test_several_api_replicas_sit_behind_the_balancer() -> None:
    services = _compose()["services"]
    assert services["api"]["deploy"]["replicas"] >= 2
    assert "ports" not in services["api"], "replicas are reached through the balancer only"
    assert services["balancer"]["ports"], "the balancer is the one published port"
    assert services["balancer"]["depends_on"]["api"]["condition"] == "service_healthy"
    mounted = [volume.split(":")[0] for volume in services["balancer"]["volumes"]]
    assert "./nginx.conf" in mounted and (DEPLOY / "nginx.conf").is_file()
    nginx = (DEPLOY / "nginx.conf").read_text()
    assert re.search(r"server\s+api:8000\b", nginx), "nginx balances over the api service's replicas"


def test_nginx_keeps_metrics_private_and_passes_the_request_id_on() -> None:
    nginx = (DEPLOY / "nginx.conf").read_text()
    assert re.search(r"location = /metrics \{\s*return 404;", nginx)
    assert "proxy_set_header X-Request-ID $request_id_out;" in nginx
    assert nginx.count("{") == nginx.count("}")


def test_redis_keeps_every_acknowledged_write_in_an_aof_on_a_named_volume() -> None:
    compose = _compose()
    redis = compose["services"]["redis"]
    command = redis["command"]
    assert command[command.index("--appendonly") + 1] == "yes"
    assert command[command.index("--appendfsync") + 1] == "always"
    [volume] = redis["volumes"]
    name, target = volume.split(":")
    assert target == "/data" and name in compose["volumes"]
    assert redis["healthcheck"]["test"][-1] == "ping"
    assert compose["services"]["api"]["depends_on"]["redis"]["condition"] == "service_healthy"


def test_api_shares_the_redis_store_and_must_be_given_a_seed_secret() -> None:
    env = _compose()["services"]["api"]["environment"]
    assert re.fullmatch(r"redis://:\$\{REDIS_PASSWORD:\?[^}]+\}@redis:6379/0", env["NA_STORE"])
    # No value and no default in the file: compose stops with this message when it is unset.
    assert re.fullmatch(r"\$\{NA_SEED_SECRET:\?[^}]+\}", env["NA_SEED_SECRET"])


def test_redis_requires_the_password_the_store_url_carries() -> None:
    services = _compose()["services"]
    command = services["redis"]["command"]
    password = command[command.index("--requirepass") + 1]
    # One variable, no default: compose refuses to start without it, and both sides get the same.
    assert re.fullmatch(r"\$\{REDIS_PASSWORD:\?[^}]+\}", password)
    assert f":{password}@" in services["api"]["environment"]["NA_STORE"]
    assert services["redis"]["environment"]["REDISCLI_AUTH"] == password  # the healthcheck's redis-cli logs in
    example = (DEPLOY / ".env.example").read_text()
    assert re.search(r"^REDIS_PASSWORD=\S+$", example, flags=re.MULTILINE)


def test_the_example_env_file_placeholder_is_refused_by_the_service() -> None:
    example = dict(
        line.split("=", 1) for line in (DEPLOY / ".env.example").read_text().splitlines() if line and not line.startswith("#")
    )
    with pytest.raises(ConfigError, match="too weak"):
        Settings.from_env({"NA_STORE": "redis://redis:6379/0", "NA_SEED_SECRET": example["NA_SEED_SECRET"]})


def test_every_setting_in_compose_is_one_the_service_reads() -> None:
    env = _compose()["services"]["api"]["environment"]
    assert set(env) <= service_settings()


def test_containers_stop_after_the_service_has_drained() -> None:
    api = _compose()["services"]["api"]
    grace = float(api["environment"]["NA_SHUTDOWN_GRACE_SECONDS"])
    assert api["stop_signal"] == "SIGTERM"
    assert float(api["stop_grace_period"].removesuffix("s")) > grace
    assert api["read_only"] is True and api["cap_drop"] == ["ALL"]
