"""`python -m service` (or `neon-arbiter`): serve the API with uvicorn."""

from __future__ import annotations

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
    app = create_app(settings)
    uvicorn.run(app, host=settings.host, port=settings.port, log_level=settings.log_level, access_log=False)


if __name__ == "__main__":
    main()
