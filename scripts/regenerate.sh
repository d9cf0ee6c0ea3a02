#!/usr/bin/env bash
# Rewrites what is generated from the code, after an API, a permission or a route rule changed:
# openapi/openapi.json, the orval client (packages/api-client/src/generated), the access tables of
# docs/access.md and the web guard's rules (packages/auth/src/generated/access.ts). Tests fail while any
# of them is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q -p server
bin="${CARGO_TARGET_DIR:-target}/debug/backoffice"
"$bin" openapi --out openapi/openapi.json
"$bin" access-table --update docs/access.md
"$bin" web-access --out packages/auth/src/generated/access.ts
[ -d node_modules ] || npm ci --no-audit --no-fund
npm run --silent api:generate
echo "gerados: openapi/openapi.json, docs/access.md, packages/auth/src/generated/access.ts, packages/api-client/src/generated"
