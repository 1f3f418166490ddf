"""`NA_WORKERS=N`: N server processes on one listening socket, for a host with N cores.

One Python process serves on one core. The parent binds the socket, forks N workers (each
builds its own app, event loop and store connections after the fork, and serves the socket
with uvicorn and the service's bounded protocol), then only waits: the kernel hands each new
connection to one of the workers. Forked rather than spawned, so the protocol class made from
the settings needs no pickling and the imported code is shared until written.

Each worker is a replica of its own in all but its address: its own metrics (a scrape through
the shared port reaches one of them; `neon_arbiter_build_info` says which), its own rate-limit
buckets (so a client may get N times the rate), its own recent-commit cache. Sessions must be in
a shared store, so more than one worker needs Redis (config.py refuses the memory store).
Worker `i` is named `<NA_REPLICA_ID>-w<i>` in `X-Served-By` and the logs.

SIGTERM (or SIGINT) to the parent goes on to every worker as SIGTERM: each drains its requests
as a single process does (`NA_SHUTDOWN_GRACE_SECONDS`), and the parent exits 0 once all have. A
worker that dies on its own brings the others down and the parent exits 1, so the platform
restarts the whole replica rather than running it short of a worker unnoticed.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import signal
import sys
from typing import Any

from service.config import Settings


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """How `python -m service` runs uvicorn, worker or single process alike."""
    from service.observability import log_config
    from service.server import bounded_protocol

    return {
        "host": settings.host,
        "port": settings.port,
        "log_level": settings.log_level,
        "log_config": log_config(settings.log_level, replica=settings.replica_id),
        "access_log": False,  # the middleware logs each request, as JSON with its request id
        # uvicorn would trust X-Forwarded-For from 127.0.0.1 and rewrite the client's address before the
        # app sees it; whose header counts is NA_TRUSTED_PROXIES's to say (service/api/clients.py).
        "proxy_headers": False,
        # uvicorn annotates both timeouts as int but uses them as float seconds; ours may be fractional.
        "timeout_graceful_shutdown": settings.shutdown_grace_seconds,
        # httptools (as uvicorn's "auto" picks), with deadlines for slow clients and bounded heads.
        "http": bounded_protocol(
            header_timeout=settings.header_timeout_seconds,
            body_timeout=settings.body_timeout_seconds,
            max_headers=settings.max_headers,
            max_header_bytes=settings.max_header_bytes,
        ),
        "timeout_keep_alive": settings.keepalive_timeout_seconds,
    }


def exit_on_stop_signals() -> None:
    """uvicorn drains in-flight requests on SIGTERM (or Ctrl-C), then raises the signal again to
    die by it; a drained shutdown is a clean one, so that second signal exits 0."""
    for stop in (signal.SIGTERM, signal.SIGINT):
        signal.signal(stop, lambda signum, frame: sys.exit(0))


def serve(settings: Settings) -> int:
    """Serve with `settings.workers` forked workers; the exit status of the whole."""
    import uvicorn

    config = uvicorn.Config("service.api.app:create_app", **uvicorn_options(settings))  # logging, the socket
    sock = config.bind_socket()
    children: dict[int, int] = {}
    stopping = False

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for index in range(settings.workers):
        pid = os.fork()
        if pid == 0:
            os._exit(_worker(dataclasses.replace(settings, replica_id=f"{settings.replica_id}-w{index}"), sock))
        children[pid] = index
    sock.close()  # the workers hold it
    status = 0
    while children:
        pid, code = os.waitpid(-1, 0)
        if children.pop(pid, None) is None:
            continue
        if os.waitstatus_to_exitcode(code) != 0 or not stopping:
            status = 1
            if not stopping:
                print(f"neon-arbiter: worker {pid} exited ({os.waitstatus_to_exitcode(code)}); stopping the others", file=sys.stderr)
                stop(signal.SIGTERM, None)
    return status


def _worker(settings: Settings, sock: Any) -> int:
    """One worker's life, after the fork: its own app, served on the inherited socket."""
    import uvicorn

    from service.api.app import create_app

    exit_on_stop_signals()
    code = 0
    try:
        app = create_app(settings)
        if settings.gc_tuning:
            from service import heap

            heap.settle()
        server = uvicorn.Server(uvicorn.Config(app, **uvicorn_options(settings)))
        server.run(sockets=[sock])
    except SystemExit as exit:
        code = exit.code if isinstance(exit.code, int) else 0
    except BaseException:
        import traceback

        traceback.print_exc()
        code = 1
    logging.shutdown()  # as an exit would, before `os._exit`: the log handler's held lines are written (service/log_handler.py)
    sys.stdout.flush()
    sys.stderr.flush()
    return code
