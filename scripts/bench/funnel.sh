#!/usr/bin/env bash
# Funnel benchmark (issue 11): the board with 50,000 open opportunities and the drag that moves a card.
#   - backoffice (release) on each engine (a fresh SQLite file; a fresh PostgreSQL database `bench_funnel`), the demo
#     data plus OPPORTUNITIES open opportunities of the demo salespeople (`demo-data --bulk-opportunities`);
#   - the board as the administrator sees it (every opportunity: the heaviest view): oha at a fixed RATE req/s for
#     SECONDS seconds, then at full speed with CONNECTIONS connections; p50/p99 of `GET /opportunities/board`
#     (the column counts and values and the first 20 cards of every column, one request);
#   - the drag: MOVES sequential `POST /opportunities/{id}/move` of random cards to another working stage, each
#     timed by the client (one connection kept alive), p50/p99.
#
#   bash scripts/bench/funnel.sh [OUTDIR]   env: OPPORTUNITIES=50000 RATE=50 SECONDS_PER_ROUND=10 CONNECTIONS=8
#                                            MOVES=500 ONLY=sqlite|pg BIN=target/release/backoffice
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$ROOT/scripts/lib.sh"

OUTDIR=${1:-/tmp/backoffice-bench-funnel}
OPPORTUNITIES=${OPPORTUNITIES:-50000}
RATE=${RATE:-50}
SECONDS_PER_ROUND=${SECONDS_PER_ROUND:-10}
CONNECTIONS=${CONNECTIONS:-8}
MOVES=${MOVES:-500}
BIN=$(realpath "${BIN:-$ROOT/target/release/backoffice}")
OHA=${OHA:-$(command -v oha || echo "$HOME/.cargo/bin/oha")}
[ -x "$BIN" ] || { echo "sem $BIN: cargo build --release -p server" >&2; exit 1; }
[ -x "$OHA" ] || { echo "sem oha: cargo install oha --locked" >&2; exit 1; }
rm -rf "$OUTDIR"
mkdir -p "$OUTDIR"

SERVER_PID=
cleanup() { [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; wait 2>/dev/null || true; }
trap cleanup EXIT
export BACKOFFICE_JWT_SECRET=bench-funnel-secret RUST_LOG=warn

token() {
  curl -sf "$SERVER_URL/api/v1/auth/sign-in" -H 'content-type: application/json' \
    -d '{"email":"admin@demo.backoffice.com.br","password":"Demo@2026"}' |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])'
}

# One oha run: prints "requests/s p50_ms p99_ms non_200".
oha_run() { # OUT ARGS…
  local out=$1
  shift
  "$OHA" --no-tui --output-format json "$@" >"$out"
  python3 - "$out" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
codes = r.get("statusCodeDistribution", {})
lat = r.get("latencyPercentiles", {})
print(f'{r["summary"]["requestsPerSec"]:.0f} {lat.get("p50", 0) * 1000:.1f} {lat.get("p99", 0) * 1000:.1f} '
      f'{sum(int(v) for k, v in codes.items() if k != "200")}')
PY
}

# Sequential moves of random open cards to another working stage, timed one by one: prints "p50_ms p99_ms".
moves() {
  python3 - "$SERVER_URL" "$1" "$MOVES" <<'PY'
import http.client, json, random, sys, time, urllib.parse
base, token, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
url = urllib.parse.urlparse(base)
conn = http.client.HTTPConnection(url.hostname, url.port)
headers = {"Authorization": "Bearer " + token, "Content-Type": "application/json"}
def call(method, path, body=None):
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    r = conn.getresponse()
    data = r.read()
    return r.status, json.loads(data) if data else None
_, settings = call("GET", "/api/v1/crm/funnel")
working = [s["id"] for s in settings["stages"] if s["kind"] == "aberta"]
_, page = call("GET", "/api/v1/crm/opportunities?status=aberta&page_size=200")
cards = page["items"]
random.seed(11)
times = []
for i in range(n):
    card = cards[i % len(cards)]
    target = random.choice([s for s in working if s != card["stage_id"]])
    started = time.perf_counter()
    status, moved = call("POST", f"/api/v1/crm/opportunities/{card['id']}/move", {"stage_id": target})
    times.append((time.perf_counter() - started) * 1000)
    assert status == 200, (status, moved)
    cards[i % len(cards)] = moved
times.sort()
print(f"{times[len(times) // 2]:.1f} {times[int(len(times) * 0.99) - 1]:.1f}")
PY
}

bench_engine() { # NAME DATABASE_URL
  local name=$1 url=$2 dir="$OUTDIR/$1"
  mkdir -p "$dir"
  BACKOFFICE_DATABASE_URL=$url BACKOFFICE_FILES_DIR="$dir/files" "$BIN" migrate >/dev/null
  BACKOFFICE_DATABASE_URL=$url BACKOFFICE_FILES_DIR="$dir/files" "$BIN" demo-data \
    --bulk-opportunities "$OPPORTUNITIES" >"$dir/demo.log"
  grep -E "oportunidades" "$dir/demo.log" | sed "s/^/$name: /"
  start_server "$BIN" "$dir" "$url"
  local tok board
  tok=$(token)
  board="$SERVER_URL/api/v1/crm/opportunities/board"
  curl -sf -H "Authorization: Bearer $tok" "$board" | python3 -c '
import json, sys
b = json.load(sys.stdin)
print("board:", b["open_count"], "open,", sum(len(c["cards"]) for c in b["columns"]), "cards in", len(b["columns"]), "columns")'
  read -r rps p50 p99 bad < <(oha_run "$dir/board-rate.json" -z "${SECONDS_PER_ROUND}s" -q "$RATE" -c 4 \
    -H "Authorization: Bearer $tok" "$board")
  echo "$name board_at_${RATE}_per_s $rps $p50 $p99 $bad" | tee -a "$OUTDIR/results.txt"
  read -r rps p50 p99 bad < <(oha_run "$dir/board-full.json" -z "${SECONDS_PER_ROUND}s" -c "$CONNECTIONS" \
    -H "Authorization: Bearer $tok" "$board")
  echo "$name board_full_speed $rps $p50 $p99 $bad" | tee -a "$OUTDIR/results.txt"
  read -r p50 p99 < <(moves "$tok")
  echo "$name move_sequential - $p50 $p99 0" | tee -a "$OUTDIR/results.txt"
  kill "$SERVER_PID"
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=
}

echo "engine what requests/s p50_ms p99_ms non_200" | tee "$OUTDIR/results.txt"
if [ "${ONLY:-}" != "pg" ]; then
  bench_engine sqlite "sqlite://$OUTDIR/sqlite/backoffice.db"
fi
if [ "${ONLY:-}" != "sqlite" ]; then
  psql -q -d postgres://postgres@127.0.0.1:5432/postgres -c "DROP DATABASE IF EXISTS bench_funnel WITH (FORCE)" \
    -c "CREATE DATABASE bench_funnel" >/dev/null
  bench_engine pg "postgres://postgres@127.0.0.1:5432/bench_funnel"
fi
