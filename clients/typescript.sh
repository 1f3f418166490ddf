#!/usr/bin/env bash
# Generate TypeScript from the checked-in OpenAPI document with both common generators and
# type-check their output, and a small program written against it, with a strict `tsc`.
#
#   bash clients/typescript.sh [WORKDIR]     (needs node >= 20 and npm; fetches the generators from npm)
#
# openapi-typescript writes the document's types (types/openapi.d.ts); @hey-api/openapi-ts writes
# types and a fetch SDK (hey-api/). clients/typescript/usage.ts uses both: it builds an `ncb`
# session body (its setup typed), a session dice roll, and narrows a session view on `system`.
# WORKDIR (default: a fresh temporary directory) keeps node_modules and the generated code.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
DOC="$HERE/../openapi/openapi.json"
WORK="${1:-$(mktemp -d)}"
mkdir -p "$WORK" && cd "$WORK"

[ -f package.json ] || npm init -y >/dev/null
npm install --silent --no-audit --no-fund openapi-typescript@7.13 @hey-api/openapi-ts@0.99 typescript@5.9 >/dev/null

# A default makes a member optional in a request: not "always present" (openapi-typescript's default).
npx --no-install openapi-typescript "$DOC" -o types/openapi.d.ts --default-non-nullable=false
npx --no-install openapi-ts -i "$DOC" -o hey-api -c @hey-api/client-fetch --no-log-file
cp "$HERE/typescript/usage.ts" "$HERE/typescript/tsconfig.json" .

npx --no-install tsc --version
npx --no-install tsc -p tsconfig.json
echo "strict tsc: no errors in $WORK (types/openapi.d.ts, hey-api/, usage.ts)"
