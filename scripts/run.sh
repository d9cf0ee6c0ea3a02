#!/usr/bin/env bash
# The run command: builds the web apps and the server, loads the demo data into the embedded SQLite
# database (./data/backoffice.db) and serves everything at http://localhost:3001 (BACKOFFICE_PORT).
# Safe to run again: builds are incremental and the demo data is only added where missing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

step "web apps (npm ci on first run, then webpack builds)"
scripts/web-build.sh
step "server (cargo build --release)"
cargo build --release --locked -p server
BIN=target/release/backoffice
step "database and demo data"
"$BIN" migrate
"$BIN" demo-data
step "serving on http://localhost:${BACKOFFICE_PORT:-3001} (Ctrl+C to stop)"
exec "$BIN" serve
