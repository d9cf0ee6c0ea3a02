#!/usr/bin/env bash
# schemathesis over every operation of openapi/openapi.json against the real server, signed in as a
# SUPER_ADMIN (so permission denials do not hide the handlers). Fails on any server error, schema
# violation or undocumented response. Usage: scripts/schemathesis.sh PATH_TO_BACKOFFICE_BINARY
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
BIN=${1:?usage: scripts/schemathesis.sh BACKOFFICE_BINARY}
ensure_schemathesis
dir=$(mktemp -d)
trap 'kill $SERVER_PID 2>/dev/null || true; rm -rf "$dir"' EXIT
start_server "$BIN" "$dir"
"$BIN" users create --email st@teste.com.br --name Schemathesis --role SUPER_ADMIN --password 'Schema@2026' \
  --can-see-conciliation --can-see-dispatch --can-approval-dispatch --access-hub --password-updated >/dev/null
token=$(curl -sf "$SERVER_URL/api/v1/auth/sign-in" -H 'content-type: application/json' \
  -d '{"email":"st@teste.com.br","password":"Schema@2026"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
# The access token lives 15 minutes, longer than the run; sign-out is excluded so the run keeps its session,
# and sign-in so that schemathesis' bad guesses do not throttle the client address.
mkdir -p target/schemathesis && cp scripts/schemathesis/schemathesis.toml target/schemathesis/  # st reads it from its cwd
ST="$ST_VENV/bin/st" OUTDIR="$PWD/target/schemathesis" MAX_EXAMPLES="${MAX_EXAMPLES:-30}" \
  bash ../shared/bench/schemathesis.sh "$PWD/openapi/openapi.json" "$SERVER_URL" "$token" \
  --exclude-operation-id signOut --exclude-operation-id signIn
