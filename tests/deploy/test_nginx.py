"""deploy/nginx.conf: slow and oversized clients are cut at the proxy within the service's own bounds.

Read statically, as shipped (Debian's nginx is older than the file's `resolve`); a rendering of
it for loopback runs under a real nginx in test_nginx_running.py. The service's side of each
bound is tested against a real process in tests/api/test_slow_clients.py.
"""

from __future__ import annotations

import ipaddress
import json

from deploy_files import DEPLOY, nginx_bytes, nginx_directives, nginx_seconds, yaml_documents

from service.config import Settings

NGINX = DEPLOY / "nginx.conf"


def _settings(block: tuple[str, ...]) -> dict[str, list[str]]:
    return {name: arguments for name, *arguments in nginx_directives(NGINX)[block]}


def test_nginx_cuts_slow_clients_no_later_than_the_service_would() -> None:
    http, defaults = _settings(("http",)), Settings()
    assert nginx_seconds(http["client_header_timeout"][0]) <= defaults.header_timeout_seconds
    assert nginx_seconds(http["client_body_timeout"][0]) <= defaults.body_timeout_seconds
    assert nginx_seconds(http["keepalive_timeout"][0]) <= defaults.keepalive_timeout_seconds
    assert nginx_seconds(http["send_timeout"][0]) <= 60


def test_nginx_drops_an_idle_replica_connection_before_the_replica_does() -> None:
    upstream = _settings(("http", "upstream arbiter"))
    assert "keepalive" in upstream
    assert nginx_seconds(upstream["keepalive_timeout"][0]) < Settings().keepalive_timeout_seconds


def test_nginx_bounds_a_head_within_the_services_limit_and_answers_431_as_it_does() -> None:
    http, server = _settings(("http",)), _settings(("http", "server"))
    count, size = http["large_client_header_buffers"]
    assert int(count) * nginx_bytes(size) <= Settings().max_header_bytes
    assert nginx_bytes(http["client_header_buffer_size"][0]) <= nginx_bytes(size)
    # nginx's own code for a head over its buffers is 494; it answers the service's problem instead.
    target = server["error_page"]
    assert target[:2] == ["494", "=431"]
    location = _settings(("http", "server", f"location {target[2]}"))
    assert location["default_type"] == ["application/problem+json"]
    status, body = location["return"]
    problem = json.loads(body[1:-1].replace("\\'", "'"))
    assert status == "431" and problem["status"] == 431 and problem["code"] == "headers-too-large"


def test_the_replicas_read_the_client_address_that_nginx_forwards() -> None:
    location = nginx_directives(NGINX)[("http", "server", "location /")]
    assert ["proxy_set_header", "X-Forwarded-For", "$proxy_add_x_forwarded_for"] in location
    [document] = yaml_documents(DEPLOY / "compose.yaml")
    env = {k: str(v) for k, v in document["services"]["api"]["environment"].items() if not str(v).startswith("${")}
    trusted = Settings.from_env({**env, "NA_SEED_SECRET": "x" * 32}).trusted_proxies
    # Docker gives compose networks addresses from these pools (172.17-31.x.x, then 192.168.x.x).
    networks = [ipaddress.ip_network(n) for n in trusted]
    for nginx_address in ("172.18.0.4", "172.31.255.2", "192.168.16.3"):
        assert any(ipaddress.ip_address(nginx_address) in n for n in networks), nginx_address
    assert not any(ipaddress.ip_address("203.0.113.9") in n for n in networks)
