"""Settings, all from environment variables (listed in the README)."""

from __future__ import annotations

import ipaddress
import os
import re
import socket
from dataclasses import dataclass, field

from service.dice.entropy import fresh_seed

CLUSTER_SCHEMES = ("redis+cluster://", "rediss+cluster://")


class ConfigError(Exception):
    """The service refuses to start with this configuration."""


def _int(env: dict[str, str], name: str, default: int, *, low: int = 1) -> int:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be an integer, got {raw!r}") from None
    if value < low:
        raise ConfigError(f"{name} must be at least {low}, got {value}")
    return value


def _float(env: dict[str, str], name: str, default: float, *, zero: bool = False) -> float:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number, got {raw!r}") from None
    if value < 0 or (value == 0 and not zero):
        raise ConfigError(f"{name} must be positive, got {value}")
    return value


_SWITCH = {"on": True, "true": True, "1": True, "off": False, "false": False, "0": False}


def _switch(env: dict[str, str], name: str, default: bool) -> bool:
    """`on` / `off` (or `true` / `false`, `1` / `0`, in any case); unset or empty is the default."""
    raw = env.get(name, "").strip()
    if raw == "":
        return default
    if raw.lower() not in _SWITCH:
        raise ConfigError(f"{name} must be on or off, got {raw!r}")
    return _SWITCH[raw.lower()]


def _networks(env: dict[str, str], name: str) -> tuple[str, ...]:
    """Comma-separated IP addresses or CIDR networks, normalised (`10.0.0.7` → `10.0.0.7/32`)."""
    out = []
    for item in env.get(name, "").split(","):
        if item.strip():
            try:
                out.append(str(ipaddress.ip_network(item.strip(), strict=False)))
            except ValueError:
                raise ConfigError(f"{name} must list IP addresses or CIDR networks, got {item.strip()!r}") from None
    return tuple(out)


def _default_replica_id() -> str:
    # The pod or container name where there is one; the pid tells processes of one host apart.
    return f"{socket.gethostname()}-{os.getpid()}"


def _replica_id(env: dict[str, str]) -> str:
    value = env.get("NA_REPLICA_ID", "").strip()
    if not value:
        return _default_replica_id()
    if not re.fullmatch(r"[A-Za-z0-9._:-]{1,128}", value):
        raise ConfigError("NA_REPLICA_ID must be 1-128 letters, digits or . _ : - (it is sent as a header)")
    return value


def _workers(env: dict[str, str], store: str) -> int:
    workers = _int(env, "NA_WORKERS", 1)
    if workers > 1 and store == "memory":
        # Each worker would hold sessions of its own, and a seat would find its table only
        # when the kernel happened to hand its connection to the right process.
        raise ConfigError("NA_WORKERS above 1 needs a shared store: set NA_STORE to a Redis URL")
    return workers


@dataclass(frozen=True)
class Settings:
    store: str = "memory"
    host: str = "127.0.0.1"
    port: int = 8000
    seed_secret: str = field(default_factory=fresh_seed, repr=False)
    session_ttl_seconds: int = 7 * 24 * 3600
    idempotency_ttl_seconds: int = 24 * 3600
    store_timeout_seconds: float = 2.0
    redis_idle_connections: int = 16  # command connections a replica keeps open once its load falls
    # "replica": a write is acknowledged once a replica holds it (WAIT; Redis Cluster stores).
    store_durability: str = "none"
    max_body_bytes: int = 256 * 1024
    max_dice: int = 1000
    max_sides: int = 10000
    max_expression_length: int = 1000
    rate_limit_per_second: float = 50.0  # per client and replica; 0 turns limiting off
    rate_limit_burst: int = 100
    # Proxies whose X-Forwarded-For names the client (for rate limits and idempotency scopes).
    trusted_proxies: tuple[str, ...] = ()
    # Slow and oversized clients, enforced by service/server.py under uvicorn.
    header_timeout_seconds: float = 10.0
    body_timeout_seconds: float = 10.0
    keepalive_timeout_seconds: float = 5.0
    max_headers: int = 100
    max_header_bytes: int = 32 * 1024
    cors_origins: tuple[str, ...] = ()
    log_level: str = "info"
    replica_id: str = field(default_factory=_default_replica_id)
    shutdown_grace_seconds: float = 25.0
    workers: int = 1  # server processes sharing the listening socket (service/workers.py)
    # The speed work, each on by default; off takes the plain path (the README's table says which).
    graphql_plans: bool = True
    graphql_direct_arguments: bool = True
    mechanic_routes: bool = True
    redis_own_connections: bool = True
    redis_pipelining: bool = True  # service/sessions/pipelining.py (own connections; on a Cluster, per node)
    chained_writes: bool = True  # service/sessions/service.py `Sessions._hand_on` (a store that sends commits as issued)
    plain_endpoints: bool = True
    gc_tuning: bool = True  # service/heap.py

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        env = dict(os.environ if env is None else env)
        store = env.get("NA_STORE", "memory").strip() or "memory"
        if store != "memory" and not store.startswith(("redis://", "rediss://", "unix://", *CLUSTER_SCHEMES)):
            raise ConfigError(
                "NA_STORE must be 'memory', a redis:// / rediss:// / unix:// URL or a redis+cluster:// / rediss+cluster:// one"
            )
        durability = env.get("NA_STORE_DURABILITY", "").strip().lower() or "none"
        if durability not in ("none", "replica"):
            raise ConfigError(f"NA_STORE_DURABILITY must be none or replica, got {durability!r}")
        if durability == "replica" and not store.startswith(CLUSTER_SCHEMES):
            raise ConfigError("NA_STORE_DURABILITY=replica needs a Redis Cluster store (redis+cluster://)")
        secret = env.get("NA_SEED_SECRET", "")
        if store != "memory":
            # Replicas must agree on session seeds, so a shared store needs a shared, strong secret.
            if not secret:
                raise ConfigError("NA_SEED_SECRET is required with a Redis store (at least 32 characters)")
            if len(secret) < 32:
                raise ConfigError("NA_SEED_SECRET is too weak: use at least 32 characters")
        origins = tuple(o.strip() for o in env.get("NA_CORS_ORIGINS", "").split(",") if o.strip())
        return cls(
            store=store,
            host=env.get("NA_HOST", "127.0.0.1"),
            port=_int(env, "NA_PORT", 8000),
            seed_secret=secret or fresh_seed(),
            session_ttl_seconds=_int(env, "NA_SESSION_TTL_SECONDS", cls.session_ttl_seconds),
            idempotency_ttl_seconds=_int(env, "NA_IDEMPOTENCY_TTL_SECONDS", cls.idempotency_ttl_seconds),
            store_timeout_seconds=_float(env, "NA_STORE_TIMEOUT_SECONDS", cls.store_timeout_seconds),
            redis_idle_connections=_int(env, "NA_REDIS_IDLE_CONNECTIONS", cls.redis_idle_connections, low=0),
            store_durability=durability,
            max_body_bytes=_int(env, "NA_MAX_BODY_BYTES", cls.max_body_bytes),
            max_dice=_int(env, "NA_MAX_DICE", cls.max_dice),
            max_sides=_int(env, "NA_MAX_SIDES", cls.max_sides),
            max_expression_length=_int(env, "NA_MAX_EXPRESSION_LENGTH", cls.max_expression_length),
            rate_limit_per_second=_float(env, "NA_RATE_LIMIT_PER_SECOND", 50.0, zero=True),
            rate_limit_burst=_int(env, "NA_RATE_LIMIT_BURST", 100),
            trusted_proxies=_networks(env, "NA_TRUSTED_PROXIES"),
            header_timeout_seconds=_float(env, "NA_HEADER_TIMEOUT_SECONDS", cls.header_timeout_seconds),
            body_timeout_seconds=_float(env, "NA_BODY_TIMEOUT_SECONDS", cls.body_timeout_seconds),
            keepalive_timeout_seconds=_float(env, "NA_KEEPALIVE_TIMEOUT_SECONDS", cls.keepalive_timeout_seconds),
            max_headers=_int(env, "NA_MAX_HEADERS", cls.max_headers),
            max_header_bytes=_int(env, "NA_MAX_HEADER_BYTES", cls.max_header_bytes, low=1024),
            cors_origins=origins,
            log_level=env.get("NA_LOG_LEVEL", "info"),
            replica_id=_replica_id(env),
            shutdown_grace_seconds=_float(env, "NA_SHUTDOWN_GRACE_SECONDS", cls.shutdown_grace_seconds),
            workers=_workers(env, store),
            graphql_plans=_switch(env, "NA_GRAPHQL_PLANS", cls.graphql_plans),
            graphql_direct_arguments=_switch(env, "NA_GRAPHQL_DIRECT_ARGUMENTS", cls.graphql_direct_arguments),
            mechanic_routes=_switch(env, "NA_MECHANIC_ROUTES", cls.mechanic_routes),
            redis_own_connections=_switch(env, "NA_REDIS_OWN_CONNECTIONS", cls.redis_own_connections),
            redis_pipelining=_switch(env, "NA_REDIS_PIPELINING", cls.redis_pipelining),
            chained_writes=_switch(env, "NA_CHAINED_WRITES", cls.chained_writes),
            plain_endpoints=_switch(env, "NA_PLAIN_ENDPOINTS", cls.plain_endpoints),
            gc_tuning=_switch(env, "NA_GC_TUNING", cls.gc_tuning),
        )
