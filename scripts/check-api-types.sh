#!/usr/bin/env bash
# Fails when web/openapi.json or the types generated from it lag behind the server.
# Fix with: target/debug/lifegraph openapi > web/openapi.json && (cd web && npm run gen:api)
set -euo pipefail
bin=${1:-target/debug/lifegraph}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$bin" openapi > "$tmp/openapi.json"
if ! diff -u web/openapi.json "$tmp/openapi.json"; then
  echo "web/openapi.json is out of date. Run: $bin openapi > web/openapi.json && (cd web && npm run gen:api)" >&2
  exit 1
fi
(cd web && npx --no-install openapi-typescript "$tmp/openapi.json" -o "$tmp/schema.d.ts" >/dev/null)
if ! diff -u web/src/lib/api/schema.d.ts "$tmp/schema.d.ts"; then
  echo "web/src/lib/api/schema.d.ts is out of date. Run: (cd web && npm run gen:api)" >&2
  exit 1
fi
echo "API types are up to date."
