"""The mechanics' own lane: a request for a mechanic's route goes straight to that route's endpoint.

Most requests are a mechanic's: `/v1/{system}/{mechanic}` or
`/v1/sessions/{sessionId}/{system}/{mechanic}`, and the same ending in `/odds`. Through
Starlette they pass its exception middleware (a wrapped `send` and a frame), its router (the
`/graphql` route tried, then a form's regular expression), the form's dispatch and the route's
method check; none of it does anything for them, since their endpoints answer their own failures
(`PlainEndpoint`, service/api/rest.py). As the innermost middleware, the lane looks the path up
in two dicts: a path and method that name one mechanic's route exactly run its endpoint with the
scope Starlette would have given it (`route`, `endpoint`, `path_params`); anything else (another
method, a trailing slash, an unknown mechanic, every other route) goes on to Starlette as before,
so 404s, 405s and redirects stay Starlette's. `/graphql` (its HTTP route; the WebSocket one is
Starlette's) takes the lane the same way, by its exact path.

On when NA_MECHANIC_ROUTES and NA_PLAIN_ENDPOINTS both are (the default); a Starlette function
endpoint needs the exception middleware it would skip. Gain, in process (2026-12-03): a REST roll of
`4d6kh3+2` through the app runs 355,700 instructions instead of 394,500 (callgrind, 1,000 requests),
and `bench/profile_roll.py` puts it at 48 µs of CPU instead of 58 (routing 4.8 -> 2.0 µs, the
layers before the endpoint 13.7 -> 9.6 µs); a session roll on Redis 581,700 instead of 626,200; a
`diceRoll` mutation over `/graphql` 382,500 instead of 415,400.
"""

from __future__ import annotations

from starlette._utils import get_route_path
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from service.api.routing import Forms

_SESSIONS = "/v1/sessions/"


class MechanicLane:
    def __init__(self, app: ASGIApp, *, forms: Forms, exact: tuple[Route, ...] = ()) -> None:
        self.app = app
        self._exact = {route.path: route for route in exact}  # routes without parameters: `/graphql`
        self._stateless: dict[str, Route] = {}  # "system/mechanic" and "system/mechanic/odds"
        self._in_session: dict[str, Route] = {}  # the same, after "/v1/sessions/{sessionId}/"
        for (prefix, suffix), routes in forms.items():
            table = self._stateless if prefix == "/v1" else self._in_session
            for key, route in routes.items():
                table[key + suffix] = route

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            path = get_route_path(scope)
            route = None
            if path.startswith(_SESSIONS):
                session_id, _, key = path[len(_SESSIONS):].partition("/")
                if session_id:  # as Starlette's `{sessionId}`: one segment, not empty
                    route = self._in_session.get(key)
                    params = {"sessionId": session_id}
            elif path.startswith("/v1/"):
                route = self._stateless.get(path[4:])
                params = {}
            else:
                route = self._exact.get(path)
                params = {}
            if route is not None and scope["method"] in route.methods:  # type: ignore[operator]  # a form's route has methods
                scope["route"] = route
                scope["endpoint"] = route.endpoint
                scope["path_params"] = params
                await route.app(scope, receive, send)
                return
        await self.app(scope, receive, send)
