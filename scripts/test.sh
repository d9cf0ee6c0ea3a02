#!/usr/bin/env bash
# The test command: every test of the project, on a fresh machine as on a developer's.
#   Rust: rustfmt, clippy -D warnings, unit/API/store tests on SQLite AND PostgreSQL (cargo-nextest);
#   fuzz targets of the readers of outside input (crates/*/fuzz) for a bounded time; schemathesis over every API operation against the running
#   server; the web checks (orval staleness, tsc, eslint, vitest, builds) and the browser tests in Chromium;
#   the scale-out demonstration (two instances on PostgreSQL behind nginx, scripts/scale-out.sh).
# Installs what it needs (PostgreSQL start, Debian packages, cargo-nextest, cargo-fuzz, schemathesis, npm packages).
# Env: FUZZ_SECONDS (per target, default 15), SKIP_WEB=1 / SKIP_FUZZ=1 / SKIP_SCHEMATHESIS=1 for quick local runs
# and ALLOW_NO_POSTGRES=1 (all ignored when CI is set). Prints each step's duration at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
# On exit: the step times, and the test databases this run left in PostgreSQL.
trap 'drop_idle_test_databases; print_step_times' EXIT
if in_ci; then
  unset SKIP_WEB SKIP_FUZZ SKIP_SCHEMATHESIS ALLOW_NO_POSTGRES
  # A clean clone builds once: the incremental cache would only double the disk it needs.
  export CARGO_INCREMENTAL=0
fi

ensure_postgres
drop_idle_test_databases
ensure_debian_packages poppler-utils zbar-tools

step "rustfmt";  cargo fmt --all --check
step "clippy";   cargo clippy --workspace --all-targets --locked -- -D warnings
# Unless a developer allowed it, no test may skip its PostgreSQL half.
if [ "${ALLOW_NO_POSTGRES:-0}" != 1 ]; then export BACKOFFICE_REQUIRE_PG=1; fi
ensure_cargo_nextest
# The test databases' files and the migrated templates they are copied from (platform::testing) start afresh.
rm -rf "${TMPDIR:-/tmp}/backoffice-tests"
step "cargo nextest (SQLite + PostgreSQL)"
# nextest runs every binary's tests in one queue (.config/nextest.toml); it runs no doctests, and the
# workspace has none that run (its examples are `ignore`).
cargo nextest run --workspace --locked
# The black-box steps use the `backoffice` binary that the test build just built for the CLI tests
# (CARGO_BIN_EXE_backoffice): a separate `cargo build` would compile every dependency again, because a
# test build unifies the dev-dependencies' features into them (minutes and a gigabyte of disk in CI).
BIN="$PWD/target/debug/backoffice"
[ -x "$BIN" ] || { echo "a compilação dos testes não deixou $BIN" >&2; exit 1; }

# The stock store tests above check the projection per test; here the binary's own check runs over the demo data
# (a year of postings would show drift the per-test databases are too small to show).
step "stock: balances match the ledger (backoffice stock check)"
stock_dir=$(mktemp -d)
(
  export BACKOFFICE_DATABASE_URL="sqlite://$stock_dir/backoffice.db" BACKOFFICE_FILES_DIR="$stock_dir/files"
  "$BIN" migrate >/dev/null
  "$BIN" demo-data >/dev/null
  "$BIN" stock check
)
rm -rf "$stock_dir"

if [ "${SKIP_SCHEMATHESIS:-0}" != 1 ]; then
  step "schemathesis over every operation"
  scripts/schemathesis.sh "$BIN"
fi
if [ "${SKIP_FUZZ:-0}" != 1 ]; then
  ensure_cargo_fuzz
  step "fuzz the readers of outside input (${FUZZ_SECONDS:-15}s per target)"
  scripts/fuzz.sh "${FUZZ_SECONDS:-15}"
fi
if [ "${SKIP_WEB:-0}" != 1 ]; then
  step "web: unit tests, builds and browser tests"
  BACKOFFICE_BIN="$BIN" WEB_E2E_REQUIRED=1 scripts/web-test.sh
  # Needs the web build above (static files through nginx).
  step "scale-out: two instances on PostgreSQL behind nginx"
  scripts/scale-out.sh "$BIN"
fi
step "all tests passed"
