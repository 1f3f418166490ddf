"""What a test reads of a redis-server of its own through a probe client."""

from __future__ import annotations

import redis.asyncio as redis


async def connections_opened(probe: redis.Redis) -> int:
    """Connections the server has accepted so far (the probe's one included)."""
    return int((await probe.info("stats"))["total_connections_received"])
