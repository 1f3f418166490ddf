"""Two routes for every mechanic: `/v1/{system}/{mechanic}` and
`/v1/sessions/{sessionId}/{system}/{mechanic}`, each finding the mechanic's own route in a dict
(and two more the same way for the odds, the same paths ending in `/odds`).

Starlette tries routes in order, so the last of 160 routes paid 160 regular-expression
matches before its handler ran. Here the mechanics' routes (all but seven operations) sit
behind two ordinary Starlette routes whose `{system}/{mechanic}` part is a path convertor
matching exactly the pairs that exist in that form. A path matches one of them exactly
when it matches one mechanic's route, so 404, 405 and trailing-slash redirects stay
Starlette's. The endpoint picks the mechanic's route from a dict and hands the request to
it: that route checks the method and stays the metrics label (`/v1/ncb/d20-test`, never
the parameterised path).

Switch: NA_MECHANIC_ROUTES (on by default; off, one Starlette route per operation, tried in
order). Gain, measured with bench/switches.py, 2026-12-01, 1-minute load 1.16 at the start and
1.03 at the end: `POST /v1/dice/roll` (the 39th route tried without them) serves 1.25x the
requests per second (201 against 254 µs of CPU per request), a session roll 1.11x (500 against
561 µs); `/graphql`, ahead of the operations either way, 0.98x (noise). Against the route index
this replaced (a `Router` subclass looking path shapes up in a dict, commit 30640a3), served
from that commit in the same run: 1.14x on the REST roll, 0.98x on GraphQL, 0.95x on the
session roll, all but the first within the run's noise (two busier runs: 0.97-1.17x); the
simpler design stays.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from starlette.convertors import CONVERTOR_TYPES, Convertor, register_url_convertor
from starlette.routing import BaseRoute, Route
from starlette.types import Receive, Scope, Send

_STATELESS = re.compile(r"^/v1/(?!sessions/)([a-z0-9-]+/[a-z0-9-]+)(/odds)?$")
_IN_SESSION = re.compile(r"^/v1/sessions/\{sessionId\}/([a-z0-9-]+/[a-z0-9-]+)(/odds)?$")


Forms = dict[tuple[str, str], dict[str, Route]]


def mechanic_forms(routes: Sequence[BaseRoute]) -> tuple[Forms, list[BaseRoute], int]:
    """The routes of the mechanic forms (a POST, or a read's GET; and their `/odds`), by form
    (path prefix, suffix) and `system/mechanic`; every other route, in order; and how many of those
    came before the first mechanic's route."""
    forms: Forms = {
        ("/v1", ""): {}, ("/v1/sessions/{sessionId}", ""): {}, ("/v1", "/odds"): {}, ("/v1/sessions/{sessionId}", "/odds"): {},
    }
    rest: list[BaseRoute] = []
    before = -1
    for route in routes:
        found = None
        if isinstance(route, Route) and route.methods in ({"POST"}, {"GET", "HEAD"}):
            found = _STATELESS.match(route.path) or _IN_SESSION.match(route.path)
            if found is not None:
                prefix = "/v1" if found.re is _STATELESS else "/v1/sessions/{sessionId}"
                forms[(prefix, found.group(2) or "")][found.group(1)] = route
                before = len(rest) if before < 0 else before
        if found is None:
            rest.append(route)
    return forms, rest, max(before, 0)


def mechanic_routes(routes: Sequence[BaseRoute], *, first: bool = True) -> list[BaseRoute]:
    """`routes` with every route of the mechanic forms replaced by one route per form: first, or
    (`first=False`, when the mechanics' lane takes their requests before the router) where the
    first mechanic's route stood, so the platform routes before it are tried first."""
    forms, rest, before = mechanic_forms(routes)
    front: list[BaseRoute] = [
        Route(f"{prefix}/{{mechanic:{_convertor(mechanics)}}}{suffix}", _Dispatch(mechanics))
        for (prefix, suffix), mechanics in forms.items()
        if mechanics
    ]
    at = 0 if first else before
    return rest[:at] + front + rest[at:]


class _Dispatch:
    """The endpoint of one form: the request goes on to the mechanic's own route."""

    def __init__(self, routes: dict[str, Route]) -> None:
        self._routes = routes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        params = dict(scope["path_params"])
        route = self._routes[params.pop("mechanic")]  # the convertor matched only these keys
        scope["path_params"] = params  # as the mechanic's route gives them: `sessionId`, if any
        scope["route"] = route  # its template is the metrics and log label
        await route.handle(scope, receive, send)  # which answers 405 for another method


def _convertor(mechanics: dict[str, Route]) -> str:
    """The name of a registered convertor matching exactly these `system/mechanic` keys."""
    systems: dict[str, list[str]] = {}
    for key in mechanics:
        system, mechanic = key.split("/")
        systems.setdefault(system, []).append(re.escape(mechanic))
    regex = "|".join(f"{re.escape(system)}/(?:{'|'.join(names)})" for system, names in sorted(systems.items()))
    for name, convertor in CONVERTOR_TYPES.items():
        if name.startswith("mechanic_") and convertor.regex == regex:
            return name  # another app of these mechanics registered it already
    name = f"mechanic_{len(CONVERTOR_TYPES)}"
    register_url_convertor(name, type(name, (_Key,), {"regex": regex})())
    return name


class _Key(Convertor[str]):
    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value
