"""`python -m service` (or `neon-arbiter`): serve the API with uvicorn (`NA_WORKERS` processes)."""

from __future__ import annotations

import sys


def main() -> None:
    import uvicorn

    from service.api.app import create_app
    from service.config import ConfigError, Settings
    from service.workers import exit_on_stop_signals, serve, uvicorn_options

    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"neon-arbiter: configuration error: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    if settings.workers > 1:
        raise SystemExit(serve(settings))
    app = create_app(settings)
    if settings.gc_tuning:
        from service import heap

        heap.settle()
    exit_on_stop_signals()
    uvicorn.run(app, **uvicorn_options(settings))


if __name__ == "__main__":
    main()
