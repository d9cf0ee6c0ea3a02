#!/usr/bin/env bash
# Builds the web apps (shared packages are compiled into each app; shell + four remotes to */dist).
# Runs `npm ci` first when node_modules is missing or older than package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npm run build
