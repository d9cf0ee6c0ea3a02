#!/usr/bin/env bash
# Export benchmark (Platform II): the whole clients list (ROWS clients, default 100,000) exported to CSV and
# to XLSX through the running server, on SQLite and on PostgreSQL. For each: seconds from the request to the
# last byte (best of ROUNDS), the file's size, its rows counted back, and the server's peak RSS (VmHWM) — the
# server is started fresh for each format, so the peak is the export's.
#
#   bash scripts/bench/export.sh [OUTDIR]      env: ROWS=100000 ROUNDS=3 BIN=target/release/backoffice
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$ROOT/scripts/lib.sh"

OUTDIR=${1:-/tmp/backoffice-bench-export}
ROWS=${ROWS:-100000}
ROUNDS=${ROUNDS:-3}
BIN=$(realpath "${BIN:-$ROOT/target/release/backoffice}")
[ -x "$BIN" ] || { echo "sem $BIN: cargo build --release -p server" >&2; exit 1; }
mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
ensure_postgres

PID=
DBS=()
cleanup() {
  [ -n "$PID" ] && kill "$PID" 2>/dev/null || true
  wait 2>/dev/null || true
  for db in "${DBS[@]}"; do drop_pg_database "$db"; done
}
trap cleanup EXIT

ADMIN=admin@demo.backoffice.com.br
PASSWORD='Demo@2026'

serve() { # URL → sets PID, BASE
  local port
  port=$(free_port)
  BACKOFFICE_DATABASE_URL=$1 BACKOFFICE_PORT=$port BACKOFFICE_FILES_DIR="$OUTDIR/files" RUST_LOG=warn \
    "$BIN" serve >"$OUTDIR/server.log" 2>&1 &
  PID=$!
  BASE="http://127.0.0.1:$port"
  for _ in $(seq 1 100); do curl -sf "$BASE/readyz" >/dev/null && return 0; sleep 0.1; done
  echo "o servidor não ficou pronto" >&2; exit 1
}
stop() { kill "$PID"; wait "$PID" 2>/dev/null || true; PID=; }
rss_peak_mb() { awk '/VmHWM/ {printf "%.1f", $2 / 1024}' "/proc/$PID/status"; }

# One engine: ENGINE URL
measure() {
  local engine=$1 url=$2 token format times t rows size idle peak
  BACKOFFICE_DATABASE_URL=$url "$BIN" migrate >/dev/null
  BACKOFFICE_DATABASE_URL=$url "$BIN" demo-data --bulk-clients "$ROWS" >/dev/null
  for format in csv xlsx; do
    serve "$url"
    token=$(curl -sf -H 'Content-Type: application/json' -d "{\"email\":\"$ADMIN\",\"password\":\"$PASSWORD\"}" \
      "$BASE/api/v1/auth/sign-in" | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
    idle=$(rss_peak_mb)
    times=()
    for _ in $(seq 1 "$ROUNDS"); do
      t=$(curl -sf -o "$OUTDIR/clients.$format" -w '%{time_total}' -H "Authorization: Bearer $token" \
        "$BASE/api/v1/crm/clients/export?format=$format")
      times+=("$t")
    done
    peak=$(rss_peak_mb)
    stop
    size=$(du -k "$OUTDIR/clients.$format" | cut -f1)
    rows=$(python3 - "$OUTDIR/clients.$format" "$format" <<'PY'
import re, sys, zipfile
path, fmt = sys.argv[1], sys.argv[2]
if fmt == "csv":
    with open(path, encoding="utf-8-sig", newline="") as f:
        import csv
        print(sum(1 for _ in csv.reader(f, delimiter=";")) - 1)
else:
    with zipfile.ZipFile(path) as z:
        sheet = z.read("xl/worksheets/sheet1.xml").decode()
    print(len(re.findall(r"<row ", sheet)) - 1)
PY
)
    best=$(python3 -c 'import sys; print(f"{min(float(x) for x in sys.argv[1:]):.2f}")' "${times[@]}")
    echo "| $engine | $format | $best | $rows | $((size / 1024)) MB | $idle | $peak |" | tee -a "$OUTDIR/results.md"
  done
}

{
  echo "| engine | format | seconds (best of $ROUNDS) | rows read back | size | RSS before (MB) | peak RSS (MB) |"
  echo "|---|---|---:|---:|---:|---:|---:|"
} | tee "$OUTDIR/results.md"
rm -f "$OUTDIR/bench.db"*
measure SQLite "sqlite://$OUTDIR/bench.db"
PG=$(new_pg_database benchexport); DBS+=("$PG")
measure PostgreSQL "$PG"
