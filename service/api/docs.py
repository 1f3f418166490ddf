"""Swagger UI and GraphiQL pages, served with their assets from installed packages (no CDN)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from starlette.routing import Mount
from starlette.staticfiles import StaticFiles


def _package_dir(package: str, *parts: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    base = Path(next(iter(spec.submodule_search_locations)))
    if parts == ("swagger",):
        found = sorted(base.glob("vendor/swagger-ui-*"))
        return found[-1] if found else None
    return base.joinpath(*parts)


def asset_mounts() -> list[Mount]:
    mounts = []
    swagger = _package_dir("swagger_ui_bundle", "swagger")
    if swagger is not None:
        mounts.append(Mount("/static/swagger", StaticFiles(directory=swagger), name="swagger"))
    graphiql = _package_dir("graphene_django_graphiql_static", "static", "graphene_django_graphiql_static")
    if graphiql is not None:
        mounts.append(Mount("/static/graphiql", StaticFiles(directory=graphiql), name="graphiql"))
    return mounts


def swagger_page(spec_url: str) -> str:
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Neon Arbiter — REST API</title>
<link rel="stylesheet" href="/static/swagger/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/static/swagger/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({{url: "{spec_url}", dom_id: "#ui", deepLinking: true}});</script>
</body></html>"""


def graphiql_page() -> str:
    return """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Neon Arbiter — GraphQL</title>
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>
<link rel="stylesheet" href="/static/graphiql/graphiql.min.css"></head>
<body><div id="graphiql"></div>
<script src="/static/graphiql/react.production.min.js"></script>
<script src="/static/graphiql/react-dom.production.min.js"></script>
<script src="/static/graphiql/graphiql.min.js"></script>
<script>
  const fetcher = GraphiQL.createFetcher({ url: "/graphql" });
  ReactDOM.createRoot(document.getElementById("graphiql")).render(
    React.createElement(GraphiQL, { fetcher, defaultEditorToolsVisibility: true }));
</script>
</body></html>"""
