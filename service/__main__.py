"""`python -m service` (or `neon-arbiter`): serve the API with uvicorn."""

from __future__ import annotations

import signal
import sys


def main() -> None:
    import uvicorn

    from service.api.app import create_app
    from service.config import ConfigError, Settings

    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"neon-arbiter: configuration error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    from service.observability import log_config
    from service.server import bounded_protocol

    app = create_app(settings)
    # uvicorn drains in-flight requests on SIGTERM (or Ctrl-C), then raises the signal again
    # to die by it; a drained shutdown is a clean one, so that second signal exits 0.
    for stop in (signal.SIGTERM, signal.SIGINT):
        signal.signal(stop, lambda signum, frame: sys.exit(0))
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level,
        log_config=log_config(settings.log_level, replica=settings.replica_id),
        access_log=False,  # the middleware logs each request, as JSON with its request id
        # uvicorn annotates both timeouts as int but uses them as float seconds; ours may be fractional.
        timeout_graceful_shutdown=settings.shutdown_grace_seconds,  # type: ignore[arg-type]
        # httptools (as uvicorn's "auto" picks), with deadlines for slow clients and bounded heads.
        http=bounded_protocol(
            header_timeout=settings.header_timeout_seconds,
            body_timeout=settings.body_timeout_seconds,
            max_headers=settings.max_headers,
            max_header_bytes=settings.max_header_bytes,
        ),
        timeout_keep_alive=settings.keepalive_timeout_seconds,  # type: ignore[arg-type]
    )


if __name__ == "__main__":
    main()
