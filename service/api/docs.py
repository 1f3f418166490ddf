"""Swagger UI and GraphiQL pages, served with their assets from installed packages (no CDN).

GraphiQL comes from `graphene_django_graphiql_static` (GraphiQL 2.1 on React 17, with graphql-ws),
so the page mounts it with React 17's `ReactDOM.render`; subscriptions go over a WebSocket to the
same `/graphql` (graphql-transport-ws), carrying the headers editor's values as connection params.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

# No favicon request (it would be a 404 in the browser's console).
_NO_ICON = '<link rel="icon" href="data:,">'

_FIRST_QUERY = """# A dice roll: press the run button (or Ctrl-Enter).
# Seats put "Authorization": "Bearer <token>" in the headers editor below.
mutation {
  diceRoll(input: {expression: "3d6+2"}) {
    result { formula total }
    audit { seedCommitment nonce }
  }
}
"""


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
<html lang="en"><head><meta charset="utf-8"><title>Neon Arbiter — REST API</title>{_NO_ICON}
<link rel="stylesheet" href="/static/swagger/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/static/swagger/swagger-ui-bundle.js"></script>
<script>
  // Tags start closed: the whole list of operations is thousands of nodes to lay out before the
  // page answers, and a reader opens the game they came for (or follows a #/tag/operation link).
  window.ui = SwaggerUIBundle({{url: "{spec_url}", dom_id: "#ui", deepLinking: true, docExpansion: "none"}});
</script>
</body></html>"""


def graphiql_page() -> str:
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Neon Arbiter — GraphQL</title>{_NO_ICON}
<style>html, body, #graphiql {{ height: 100%; margin: 0; }}</style>
<link rel="stylesheet" href="/static/graphiql/graphiql.min.css"></head>
<body><div id="graphiql"></div>
<script src="/static/graphiql/react.production.min.js"></script>
<script src="/static/graphiql/react-dom.production.min.js"></script>
<script src="/static/graphiql/graphiql.min.js"></script>
<script src="/static/graphiql/graphql-ws.min.js"></script>
<script>
  const endpoint = new URL("/graphql", location.href).href;
  let headers = {{}};  // the headers editor's, as of the last run: a subscription's connection params
  const fetcher = GraphiQL.createFetcher({{
    url: endpoint,
    wsClient: graphqlWs.createClient({{ url: endpoint.replace(/^http/, "ws"), connectionParams: () => headers }}),
  }});
  const run = (params, options) => {{ headers = (options && options.headers) || {{}}; return fetcher(params, options); }};
  ReactDOM.render(
    React.createElement(GraphiQL, {{ fetcher: run, defaultQuery: {json.dumps(_FIRST_QUERY)}, defaultEditorToolsVisibility: true }}),
    document.getElementById("graphiql"));
</script>
</body></html>"""
