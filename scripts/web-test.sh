#!/usr/bin/env bash
# Everything for the web tests on a fresh machine: dependencies, Chromium, the orval staleness check, tsc,
# eslint, vitest, the production builds and the browser tests against the real server.
# The browser tests need the server binary: BACKOFFICE_BIN (default target/debug/backoffice). Without it they
# are skipped with a message unless WEB_E2E_REQUIRED=1.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "npm ci"
  npm ci --no-audit --no-fund
fi

if [ ! -x /usr/bin/chromium ]; then
  step "apt-get install chromium"
  apt-get update
  apt-get install -y chromium
fi

step "orval staleness check";  npm run -s api:check
step "tsc --noEmit";           npm run -s typecheck
step "eslint";                 npm run -s lint
step "vitest";                 npm run -s test
step "build";                  npm run -s build

BACKOFFICE_BIN="${BACKOFFICE_BIN:-target/debug/backoffice}"
if [ -x "$BACKOFFICE_BIN" ] && [ ! -x e2e/firebase/node_modules/.bin/firebase ]; then
  step "npm ci (Firebase Auth emulator for the Firebase-mode browser test)"
  npm ci --prefix e2e/firebase --no-audit --no-fund
fi
if [ -x "$BACKOFFICE_BIN" ]; then
  step "browser tests (server: $BACKOFFICE_BIN)"
  BACKOFFICE_BIN="$BACKOFFICE_BIN" node e2e/run.mjs
elif [ "${WEB_E2E_REQUIRED:-0}" = "1" ]; then
  echo "BACKOFFICE_BIN=$BACKOFFICE_BIN não encontrado; os testes no navegador são obrigatórios." >&2
  exit 1
else
  echo "Testes no navegador ignorados: servidor $BACKOFFICE_BIN ausente (defina BACKOFFICE_BIN)."
fi
