"""The service with the four pieces `bench/served_pieces.py` takes out taken out, served over HTTP as
`python -m service` serves it: what is left of a request when the service does none of its own work.

Run (from the repository root): .venv/bin/python bench/stripped.py — or through
`bench/http_ab.py --stripped`, which serves it beside the service and the floor, alternated.

Taken out as `bench/served_pieces.py` takes them out: the rate limiter off, the access line at
`warning`, the audit record answered from a kept copy, and the rule of each of its cases (the REST
roll, the STK check, the NCB attack) answered from a table for the case's request, the stream still
drawing the same dice. What is left is the request's way through the service: our protocol, the
middleware and routing, the body read and validated, the stream made and drawn, the answer
encoded and sent. The settings are read from the environment as `python -m service` reads them;
for a benchmark only.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]  # keep `http` the standard one
sys.path.append(str(HERE))  # after the standard library: `served_pieces` alone is found here

import served_pieces  # noqa: E402  (puts the repository first on the path)


def main() -> None:
    import uvicorn

    from service import heap
    from service.api import operations
    from service.api.app import create_app
    from service.config import Settings
    from service.systems import REGISTRY
    from service.workers import exit_on_stop_signals, uvicorn_options

    settings = dataclasses.replace(Settings.from_env(), rate_limit_per_second=0, workers=1)
    served_pieces.rules_from_tables(REGISTRY, served_pieces._module("http"))
    operations.record_dict = served_pieces.audit_kept(operations.record_dict)
    app = create_app(settings)
    options = uvicorn_options(settings)
    options["log_config"]["loggers"]["service.access"] = {"level": "WARNING"}
    if settings.gc_tuning:
        heap.settle()
    exit_on_stop_signals()
    uvicorn.run(app, **options)


if __name__ == "__main__":
    main()
