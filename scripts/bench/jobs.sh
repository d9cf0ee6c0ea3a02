#!/usr/bin/env bash
# Jobs benchmark (Platform II): no-op jobs per second, drained by workers that are already running.
#   - backoffice on PostgreSQL: two instances on one database (16 workers each), a batch of queue probes
#     (`POST /api/v1/system/job-probes`, work_ms 0) enqueued through one of them;
#   - graphile-worker (npm) on the same PostgreSQL server, in the same run: two worker processes with the same
#     concurrency, the same number of no-op jobs enqueued in one statement;
#   - backoffice on SQLite: one instance (16 workers).
# Each figure is JOBS / (seconds from the enqueue request to an empty queue), the best of ROUNDS rounds.
# Our jobs are probes with `record: false`: true no-ops, completed in the worker's batched completions
# (scripts/scale-out.sh runs the recording kind, which proves exactly once).
#
#   bash scripts/bench/jobs.sh [OUTDIR]       env: JOBS=10000 ROUNDS=3 BIN=target/release/backoffice
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$ROOT/scripts/lib.sh"

OUTDIR=${1:-/tmp/backoffice-bench-jobs}
JOBS=${JOBS:-10000}
ROUNDS=${ROUNDS:-3}
BIN=$(realpath "${BIN:-$ROOT/target/release/backoffice}")
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/backoffice
PEER_DIR="$CACHE/graphile-worker"
GRAPHILE_VERSION=0.17.3
mkdir -p "$OUTDIR"
[ -x "$BIN" ] || { echo "sem $BIN: cargo build --release -p server" >&2; exit 1; }
ensure_postgres

if [ ! -d "$PEER_DIR/node_modules/graphile-worker" ]; then
  mkdir -p "$PEER_DIR"
  (cd "$PEER_DIR" && npm init -y >/dev/null && npm install --no-audit --no-fund "graphile-worker@$GRAPHILE_VERSION" >/dev/null)
fi
cp "$ROOT/scripts/bench/graphile-peer.mjs" "$PEER_DIR/peer.mjs"

PIDS=()
DBS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  for db in "${DBS[@]}"; do drop_pg_database "$db"; done
}
trap cleanup EXIT

best() { python3 -c 'import sys; v=[float(x) for x in sys.argv[1:]]; print(f"{min(v):.3f}")' "$@"; }
rate() { python3 -c "print(f'{$JOBS / $1:,.0f}'.replace(',', '.'))"; }
json() { python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }

# Starts an instance over URL, logging to DIR; sets BASE. (Not run in a subshell: its PID must reach
# PIDS, which the exit trap stops.)
start_instance() { # URL DIR
  local url=$1 dir=$2 port
  port=$(free_port)
  mkdir -p "$dir"
  BACKOFFICE_DATABASE_URL=$url BACKOFFICE_PORT=$port BACKOFFICE_FILES_DIR="$dir/files" \
    BACKOFFICE_JWT_SECRET=bench-jobs-secret RUST_LOG=warn "$BIN" serve >"$dir/server.log" 2>&1 &
  PIDS+=($!)
  BASE="http://127.0.0.1:$port"
  for _ in $(seq 1 100); do curl -sf "$BASE/readyz" >/dev/null && return 0; sleep 0.1; done
  echo "a instância não ficou pronta: $dir/server.log" >&2; exit 1
}

# Seconds for one batch through BASE (token TOKEN): from the enqueue request to every job completed.
drain_ours() {
  local base=$1 token=$2
  python3 - "$base" "$token" "$JOBS" <<'PY'
import json, sys, time, urllib.request
base, token, jobs = sys.argv[1], sys.argv[2], int(sys.argv[3])
def call(method, path, body=None):
    req = urllib.request.Request(base + path, method=method,
        data=json.dumps(body).encode() if body else None,
        headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req))
started = time.perf_counter()
batch = call("POST", "/api/v1/system/job-probes", {"jobs": jobs, "work_ms": 0, "record": False})["batch"]
while True:
    r = call("GET", f"/api/v1/system/job-probes/{batch}")
    if r["done"] >= r["jobs"]:
        break
    time.sleep(0.02)
assert r["done"] == jobs and r["runs"] == 0, r
print(f"{time.perf_counter() - started:.3f}")
PY
}

setup_ours() { # DB_URL → prints a token
  local url=$1
  BACKOFFICE_DATABASE_URL=$url "$BIN" migrate >/dev/null
  BACKOFFICE_DATABASE_URL=$url "$BIN" users create --email bench@jobs.local --name Bench --role ADMIN \
    --password 'Senha@123' --password-updated >/dev/null
}
token_of() {
  curl -sf -H 'Content-Type: application/json' -d '{"email":"bench@jobs.local","password":"Senha@123"}' \
    "$1/api/v1/auth/sign-in" | json access_token
}

echo "== backoffice, PostgreSQL, two instances"
PG_OURS=$(new_pg_database benchjobs); DBS+=("$PG_OURS")
setup_ours "$PG_OURS"
start_instance "$PG_OURS" "$OUTDIR/pg-a"; A=$BASE
start_instance "$PG_OURS" "$OUTDIR/pg-b"
TOKEN=$(token_of "$A")
ours_pg=()
for _ in $(seq 1 "$ROUNDS"); do ours_pg+=("$(drain_ours "$A" "$TOKEN")"); echo "   ${ours_pg[-1]} s"; done
for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; PIDS=()

echo "== graphile-worker $GRAPHILE_VERSION, PostgreSQL, two worker processes"
PG_PEER=$(new_pg_database benchgraphile); DBS+=("$PG_PEER")
(cd "$PEER_DIR" && node peer.mjs migrate "$PG_PEER")
for _ in 1 2; do (cd "$PEER_DIR" && exec node peer.mjs worker "$PG_PEER" 16) >>"$OUTDIR/graphile.log" 2>&1 & PIDS+=($!); done
sleep 2 # both processes connected and listening
peer=()
for _ in $(seq 1 "$ROUNDS"); do peer+=("$(cd "$PEER_DIR" && node peer.mjs drain "$PG_PEER" "$JOBS")"); echo "   ${peer[-1]} s"; done
for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; PIDS=()

echo "== backoffice, SQLite, one instance"
SQLITE_DIR="$OUTDIR/sqlite"; rm -rf "$SQLITE_DIR"; mkdir -p "$SQLITE_DIR"
SQLITE_URL="sqlite://$SQLITE_DIR/backoffice.db"
setup_ours "$SQLITE_URL"
start_instance "$SQLITE_URL" "$SQLITE_DIR"; S=$BASE
TOKEN=$(token_of "$S")
ours_sqlite=()
for _ in $(seq 1 "$ROUNDS"); do ours_sqlite+=("$(drain_ours "$S" "$TOKEN")"); echo "   ${ours_sqlite[-1]} s"; done

b_pg=$(best "${ours_pg[@]}"); b_peer=$(best "${peer[@]}"); b_sqlite=$(best "${ours_sqlite[@]}")
{
  echo "| $JOBS no-op jobs, best of $ROUNDS | seconds | jobs/s |"
  echo "|---|---:|---:|"
  echo "| backoffice, PostgreSQL, 2 instances × 16 | $b_pg | $(rate "$b_pg") |"
  echo "| graphile-worker $GRAPHILE_VERSION, PostgreSQL, 2 processes × 16 | $b_peer | $(rate "$b_peer") |"
  echo "| backoffice, SQLite, 1 instance × 16 | $b_sqlite | $(rate "$b_sqlite") |"
} | tee "$OUTDIR/results.md"
