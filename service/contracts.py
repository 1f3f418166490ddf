"""Write (or check) the checked-in contracts: `python -m service.contracts [--check]`.

`openapi/openapi.json` and `schema/schema.graphql` are generated from the code; clients
generate their own code from them, so a drift between them and the service is a bug.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OPENAPI = ROOT / "openapi" / "openapi.json"
SCHEMA = ROOT / "schema" / "schema.graphql"


def render() -> dict[Path, str]:
    from service.api.app import create_app
    from service.api.openapi import build_openapi
    from service.config import Settings

    app = create_app(Settings(store="memory"))
    openapi = json.dumps(build_openapi(app.state.operations), indent=2, ensure_ascii=False) + "\n"
    return {OPENAPI: openapi, SCHEMA: app.state.schema.as_str() + "\n"}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path, text in render().items():
        if path.exists() and path.read_text() == text:
            continue
        if check:
            stale.append(path.relative_to(ROOT))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        print("stale: " + ", ".join(map(str, stale)) + " — run `python -m service.contracts`", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
