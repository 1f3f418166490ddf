"""Starlette's router with an index: a request finds its route in a dict, not a scan of 160 routes.

Starlette tries routes in order, so the last of 160 routes paid 160 regular-expression
matches before its handler ran. The index maps each path, with its one `{parameter}`
segment written `{}`, to the routes of that shape. Behaviour stays Starlette's: a route
found in the index is the one the scan would have found first (the index only holds the
routes before the first one it cannot index), and everything else (405, 404, mounts,
trailing-slash redirects) is left to the ordinary scan.
"""

from __future__ import annotations

import re
from typing import Any

from starlette.routing import BaseRoute, Match, Route, Router, WebSocketRoute
from starlette.types import Receive, Scope, Send

_PARAM = re.compile(r"^\{[A-Za-z_][A-Za-z0-9_]*\}$")  # a whole segment, default `str` convertor
_SLOT = "{}"


def _shape(path: str) -> tuple[str, ...] | None:
    """`/v1/sessions/{sessionId}/log` → ('', 'v1', 'sessions', '{}', 'log'); None if not indexable."""
    if not path.startswith("/"):
        return None
    segments = path.split("/")
    params = [i for i, segment in enumerate(segments) if "{" in segment or "}" in segment]
    if len(params) > 1 or any(not _PARAM.match(segments[i]) for i in params):
        return None
    return tuple(_SLOT if i in params else segment for i, segment in enumerate(segments))


def _route_path(scope: Scope) -> str:
    # As Starlette reads it: the path below the application's root_path.
    path, root = scope["path"], scope.get("root_path", "")
    return path[len(root) :] if root and path.startswith(root) else path


class IndexedRouter(Router):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._index: dict[tuple[str, ...], list[tuple[int, BaseRoute]]] = {}
        for position, route in enumerate(self.routes):
            shape = _shape(route.path) if isinstance(route, Route | WebSocketRoute) else None
            if shape is None:
                break  # from here on, order matters in ways the index cannot see: scan
            self._index.setdefault(shape, []).append((position, route))

    def _candidates(self, path: str) -> list[tuple[int, BaseRoute]]:
        if "\n" in path:  # Starlette's `$` also matches before a final newline: leave such paths to the scan
            return []
        segments = path.split("/")
        found = list(self._index.get(tuple(segments), ()))
        for i in range(1, len(segments)):
            if segments[i]:
                found += self._index.get((*segments[:i], _SLOT, *segments[i + 1 :]), ())
        found.sort(key=lambda item: item[0])
        return found

    async def app(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            scope.setdefault("router", self)
            for _, route in self._candidates(_route_path(scope)):
                match, child_scope = route.matches(scope)
                if match is Match.FULL:
                    scope["route"] = route
                    scope.update(child_scope)
                    await route.handle(scope, receive, send)
                    return
        await super().app(scope, receive, send)
