"""The last word on a failure: an exception nothing else handled still answers problem+json 500.

Starlette's outermost `ServerErrorMiddleware` answers a plain-text 500 and then re-raises, so that
the server may log the exception; uvicorn, seeing an exception after a response began, closes the
connection, and a keep-alive client loses it. This middleware sits inside that one: it answers
`internal-error` (the traceback goes to the log, never into the body) and returns normally, so the
connection stays open for the next request.

A failure after the response began cannot be answered any more: half an answer cannot be taken
back, so it is re-raised and the server drops the connection. A failure after the response was
complete is only logged. Watching the two sends costs about 2 us a request (timed around a bare app).

The service's app does this inside `ObservabilityMiddleware` (`barrier=True`, one middleware
fewer on every request); this class does the same for an app served without it.
"""

from __future__ import annotations

import logging

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.api.problems import as_problem, problem_response

log = logging.getLogger("service.api")


class FaultBarrier:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = finished = False

        async def watched(message: Message) -> None:
            nonlocal started, finished
            if message["type"] == "http.response.start":
                started = True
            elif message["type"] == "http.response.body" and not message.get("more_body", False):
                finished = True
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as exc:
            if finished:
                log.exception("unexpected error after the response was sent", exc_info=exc)
                return
            if started:
                raise
            await problem_response(as_problem(exc))(scope, receive, send)
