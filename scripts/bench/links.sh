#!/usr/bin/env bash
# Marketing links benchmark (issue 11): `GET /l/{code}` redirects per second on SQLite, clicks recorded, side by
# side in the same run with nginx answering `return 302` (the physical ceiling of a 302 on this machine).
#   - backoffice (release) on a fresh SQLite database with the demo data; the link is a demo link, so every
#     request resolves a real code (cached in memory), records a click (pushed to the batch writer) and
#     answers 302 to the destination with its UTMs;
#   - nginx (/usr/sbin/nginx) with a config of its own in a temporary directory, on another port, answering
#     the same 302 with `return 302` and no logging;
#   - oha (`cargo install oha --locked`) drives both: CONNECTIONS connections for SECONDS seconds each, the
#     redirect not followed. Rounds alternate nginx and backoffice, ROUNDS times; the figure is the best round.
# After the backoffice rounds the script checks that the clicks table grew by the number of 302s oha counted
# (the writer flushes every 200 ms).
#
#   bash scripts/bench/links.sh [OUTDIR]   env: SECONDS_PER_ROUND=10 CONNECTIONS=64 ROUNDS=3 BIN=target/release/backoffice
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$ROOT/scripts/lib.sh"

OUTDIR=${1:-/tmp/backoffice-bench-links}
SECONDS_PER_ROUND=${SECONDS_PER_ROUND:-10}
CONNECTIONS=${CONNECTIONS:-64}
ROUNDS=${ROUNDS:-3}
BIN=$(realpath "${BIN:-$ROOT/target/release/backoffice}")
NGINX=${NGINX:-/usr/sbin/nginx}
OHA=${OHA:-$(command -v oha || echo "$HOME/.cargo/bin/oha")}
[ -x "$BIN" ] || { echo "sem $BIN: cargo build --release -p server" >&2; exit 1; }
[ -x "$OHA" ] || { echo "sem oha: cargo install oha --locked" >&2; exit 1; }
[ -x "$NGINX" ] || { echo "sem nginx em $NGINX" >&2; exit 1; }
rm -rf "$OUTDIR"
mkdir -p "$OUTDIR/nginx" "$OUTDIR/server"

PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT

# The server, with the demo data (users, and the demo links with their campaigns).
export BACKOFFICE_JWT_SECRET=bench-links-secret RUST_LOG=warn
DB="sqlite://$OUTDIR/server/backoffice.db"
BACKOFFICE_DATABASE_URL=$DB BACKOFFICE_FILES_DIR="$OUTDIR/server/files" "$BIN" migrate >/dev/null
BACKOFFICE_DATABASE_URL=$DB BACKOFFICE_FILES_DIR="$OUTDIR/server/files" "$BIN" demo-data >"$OUTDIR/server/demo.log"
start_server "$BIN" "$OUTDIR/server" "$DB"
PIDS+=("$SERVER_PID")

# A live demo link: its id, code and where it sends visitors.
read -r LINK_ID CODE LOCATION < <(python3 - "$SERVER_URL" <<'PY'
import json, sys, urllib.request
base = sys.argv[1]
def call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    req = urllib.request.Request(base + path, method=method, headers=headers,
                                 data=json.dumps(body).encode() if body else None)
    return json.load(urllib.request.urlopen(req))
token = call("POST", "/api/v1/auth/sign-in",
             {"email": "sales-manager@demo.backoffice.com.br", "password": "Demo@2026"})["access_token"]
links = call("GET", "/api/v1/crm/links?page_size=50", token=token)["items"]
link = next(l for l in links if not l["expired"] and l["destination_url"].startswith("https://wa.me/"))
print(link["id"], link["code"], link["final_url"])
PY
)

clicks() { # how many clicks the link has (the API's count)
  python3 - "$SERVER_URL" "$LINK_ID" <<'PY'
import json, sys, urllib.request
base, link = sys.argv[1], sys.argv[2]
def call(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = "Bearer " + token
    req = urllib.request.Request(base + path, method=method, headers=headers,
                                 data=json.dumps(body).encode() if body else None)
    return json.load(urllib.request.urlopen(req))
token = call("POST", "/api/v1/auth/sign-in",
             {"email": "sales-manager@demo.backoffice.com.br", "password": "Demo@2026"})["access_token"]
print(call("GET", f"/api/v1/crm/links/{link}", token=token)["clicks"])
PY
}

# nginx: the same 302, from a config of its own (no logs, no files served).
NGINX_PORT=$(free_port)
cat >"$OUTDIR/nginx/nginx.conf" <<EOF
worker_processes auto;
daemon off;
pid $OUTDIR/nginx/nginx.pid;
error_log $OUTDIR/nginx/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $OUTDIR/nginx/body;
  proxy_temp_path $OUTDIR/nginx/proxy;
  fastcgi_temp_path $OUTDIR/nginx/fastcgi;
  uwsgi_temp_path $OUTDIR/nginx/uwsgi;
  scgi_temp_path $OUTDIR/nginx/scgi;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    location /l/ { return 302 '$LOCATION'; }
  }
}
EOF
"$NGINX" -p "$OUTDIR/nginx" -c "$OUTDIR/nginx/nginx.conf" &
PIDS+=($!)
for _ in $(seq 1 50); do curl -s -o /dev/null "http://127.0.0.1:$NGINX_PORT/l/x" && break; sleep 0.1; done

# Both answer the same redirect.
ours=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "$SERVER_URL/l/$CODE")
theirs=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "http://127.0.0.1:$NGINX_PORT/l/$CODE")
[ "$ours" = "302 $LOCATION" ] || { echo "backoffice answered: $ours" >&2; exit 1; }
[ "$theirs" = "302 $LOCATION" ] || { echo "nginx answered: $theirs" >&2; exit 1; }

# One oha round: prints "requests/s 302s p50_ms p99_ms".
round() { # URL OUT
  "$OHA" -z "${SECONDS_PER_ROUND}s" -c "$CONNECTIONS" --no-tui --redirect 0 --output-format json "$1" >"$2"
  python3 - "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
s = r["summary"]
codes = r.get("statusCodeDistribution", {})
lat = r.get("latencyPercentiles", {})
print(f'{s["requestsPerSec"]:.0f} {codes.get("302", 0)} {lat.get("p50", 0) * 1000:.2f} {lat.get("p99", 0) * 1000:.2f} {sum(int(v) for k, v in codes.items() if k != "302")}')
PY
}

before=$(clicks)
sent=0
echo "round target requests/s 302s p50_ms p99_ms other_statuses" | tee "$OUTDIR/results.txt"
for r in $(seq 1 "$ROUNDS"); do
  read -r rps n p50 p99 other < <(round "http://127.0.0.1:$NGINX_PORT/l/$CODE" "$OUTDIR/nginx-$r.json")
  echo "$r nginx $rps $n $p50 $p99 $other" | tee -a "$OUTDIR/results.txt"
  read -r rps n p50 p99 other < <(round "$SERVER_URL/l/$CODE" "$OUTDIR/backoffice-$r.json")
  echo "$r backoffice $rps $n $p50 $p99 $other" | tee -a "$OUTDIR/results.txt"
  sent=$((sent + n))
done
sleep 1 # the writer flushes every 200 ms
after=$(clicks)
echo "clicks recorded: $((after - before)) of $sent redirects" | tee -a "$OUTDIR/results.txt"
python3 - "$OUTDIR/results.txt" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1]) if l[0].isdigit()]
best = {}
for r in rows:
    best[r[1]] = max(best.get(r[1], 0), int(r[2]))
n = lambda v: f"{v:,}".replace(",", ".")
print(f'best: nginx {n(best["nginx"])} req/s; backoffice {n(best["backoffice"])} req/s '
      f'({best["backoffice"] / best["nginx"]:.0%} of nginx)')
PY
# Requests still in flight when a round's time is up are recorded by the server but not counted by oha: at
# most one per connection per round.
recorded=$((after - before))
[ "$recorded" -ge "$sent" ] && [ "$recorded" -le $((sent + CONNECTIONS * ROUNDS)) ] \
  || { echo "clicks recorded ($recorded) differ from the redirects answered ($sent)" >&2; exit 1; }
