#!/usr/bin/env bash
# Everything for the web tests on a fresh machine: dependencies, Chromium, the orval staleness check, tsc,
# eslint, vitest, the production builds and the browser tests (@playwright/test driving Debian's Chromium)
# against the real server, twice: on SQLite and on PostgreSQL (e2e/playwright.config.ts, one project each,
# run side by side).
# The browser tests need the server binary: BACKOFFICE_BIN (default target/debug/backoffice). Without it they
# are skipped with a message unless WEB_E2E_REQUIRED=1. They need PostgreSQL on 127.0.0.1:5432 (started when
# down, as scripts/test.sh does); one that cannot be reached fails the run, unless a developer says
# ALLOW_NO_POSTGRES=1 (never in CI): then only the SQLite project runs, and the run says so.
# Extra arguments go to `playwright test` (e.g. `scripts/web-test.sh --grep hub`).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

# Playwright never downloads a browser here: the tests use /usr/bin/chromium.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

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
step "vitest (TZ=UTC)";        npm run -s test
step "build";                  npm run -s build

BACKOFFICE_BIN="${BACKOFFICE_BIN:-target/debug/backoffice}"
if [ ! -x "$BACKOFFICE_BIN" ]; then
  if [ "${WEB_E2E_REQUIRED:-0}" = "1" ]; then
    echo "BACKOFFICE_BIN=$BACKOFFICE_BIN não encontrado; os testes no navegador são obrigatórios." >&2
    exit 1
  fi
  echo "Testes no navegador ignorados: servidor $BACKOFFICE_BIN ausente (defina BACKOFFICE_BIN)."
  exit 0
fi

if [ ! -x e2e/firebase/node_modules/.bin/firebase ]; then
  step "npm ci (Firebase Auth emulator for the Firebase-mode browser test)"
  npm ci --prefix e2e/firebase --no-audit --no-fund
fi

if in_ci; then unset ALLOW_NO_POSTGRES; fi
ensure_postgres
projects=(--project=sqlite --project=postgres)
if ! postgres_up; then
  # Only reached with ALLOW_NO_POSTGRES=1 outside CI (ensure_postgres fails the run otherwise).
  printf '\n!!! PostgreSQL fora do ar: os testes no navegador rodam SÓ sobre SQLite (ALLOW_NO_POSTGRES=1).\n\n' >&2
  projects=(--project=sqlite)
fi

step "browser tests: ${projects[*]} (server: $BACKOFFICE_BIN)"
# The projects run side by side, each a Playwright process with its one worker and its own server: a browser
# test spends much of its time waiting (pages, the server, animations), so two of them fill the two cores
# where one left one idle. Each keeps its own results folder; the run fails when either fails.
pids=()
for project in "${projects[@]}"; do
  name=${project#--project=}
  E2E_OUTPUT_DIR="$PWD/.playwright/test-results-$name" BACKOFFICE_BIN="$BACKOFFICE_BIN" \
    npx playwright test -c e2e/playwright.config.ts "$project" "$@" &
  pids+=("$!")
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
[ "$status" = 0 ] || { echo "testes no navegador falharam (resultados em .playwright/test-results-*)" >&2; exit 1; }
