#!/usr/bin/env bash
# Finance benchmarks (issue 10): the /recebimentos list with its totals and the receivables reports over
# ROWS installments (default 1,000,000), against the running server (release build):
#   - GET /api/v1/finance/receivables/installments — a filtered page (this month, open states; a client; a
#     search), with oha at a fixed rate (latency-corrected) and at full speed: p50/p99;
#   - GET /api/v1/finance/reports/{receipts,aging,cash-flow} on PostgreSQL: wall time of each, best and median
#     of REPEAT calls (curl);
#   - the same list on SQLite.
# The data: the demo data (chart, clients, accounts) plus ROWS/4 títulos of 4 installments each, due from
# 01/06/2025 to 01/06/2027, written by SQL (generate_series on PostgreSQL, a recursive CTE on SQLite): before
# today mostly PAGO (with their receipts), some overdue and cancelled; after it open, BOLETO_EMITIDO, REGISTRADO.
#
#   bash scripts/bench/finance.sh [OUTDIR]      (default /tmp/backoffice-bench-finance)
#   env: ROWS=1000000 DURATION=15s RATE=100 CONC=20 WARMUP=3s REPEAT=7 ONLY=pg|sqlite BIN=target/release/backoffice
#
# Idempotent: the PostgreSQL database `bench_finance` and the SQLite file are loaded once and reused.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=../lib.sh
source "$ROOT/scripts/lib.sh"

OUTDIR=${1:-/tmp/backoffice-bench-finance}
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/backoffice
ROWS=${ROWS:-1000000}
DURATION=${DURATION:-15s}
RATE=${RATE:-100}
CONC=${CONC:-20}
WARMUP=${WARMUP:-3s}
REPEAT=${REPEAT:-7}
ONLY=${ONLY:-all}
TITLES=$((ROWS / 4))
PG_DB=bench_finance_${ROWS}
PG_URL="postgres://postgres@127.0.0.1:5432/${PG_DB}"
SQLITE_FILE="$CACHE/bench/finance-${ROWS}.db"
SQLITE_URL="sqlite://${SQLITE_FILE}"
OHA="$CACHE/oha/bin/oha"
DEMO_PASSWORD='Demo@2026'
DEMO_ADMIN='admin@demo.backoffice.com.br'
BIN=$(realpath "${BIN:-$ROOT/target/release/backoffice}")
RESULTS="$OUTDIR/results.tsv"

mkdir -p "$OUTDIR" "$CACHE/bench"
OUTDIR=$(cd "$OUTDIR" && pwd)
RESULTS="$OUTDIR/results.tsv"
[ -x "$BIN" ] || { echo "sem $BIN: cargo build --release -p server" >&2; exit 1; }
[ -x "$OHA" ] || { step "cargo install oha (once)"; cargo install oha --locked --root "$CACHE/oha"; }
cd /tmp

PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  done
}
trap cleanup EXIT

psql_pg() { runuser -u postgres -- psql -v ON_ERROR_STOP=1 -X -q -At "$@"; }

# ------------------------------------------------------------------ data
# The títulos and installments, as SQL for one engine: $1 = pg | sqlite.
load_sql() {
  local engine=$1 now
  if [ "$engine" = pg ]; then
    day() { echo "(DATE '2025-06-01' + ($1)::int)"; }
    # substr() with a negative start is SQLite's; PostgreSQL pads with lpad.
    pad9() { echo "lpad(($1)::text, 9, '0')"; }
    now="now()"
  else
    day() { echo "date('2025-06-01', printf('%+d days', $1))"; }
    pad9() { echo "substr('000000000' || $1, -9)"; }
    now="strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')"
  fi
  local series
  if [ "$engine" = pg ]; then
    series="generate_series(1, $TITLES) AS s(g)"
  else
    series="g_series AS s"
  fi
  local cte=""
  [ "$engine" = sqlite ] && cte="WITH RECURSIVE g_series(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM g_series WHERE g < $TITLES) "
  local today_days=$(( ( $(date -u +%s) - $(date -u -d 2025-06-01 +%s) ) / 86400 ))
  cat <<SQL
${cte}INSERT INTO finance_receivables (id, number, client_id, client_name, client_document, client_sort, search_text,
    description, chart_account_id, origin, origin_id, issue_date, total_cents, payment_method, bank_account_id,
    version, created_at, created_by, updated_at, updated_by)
SELECT 'bench-r-' || s.g, 'CR-2025-' || $(pad9 s.g), c.id, c.name, c.document, lower(c.name),
    lower('cr-2025-' || $(pad9 s.g) || ' ' || c.name || ' ' || c.document),
    'Tratamento (carga)', (SELECT id FROM finance_chart_accounts WHERE kind = 'ANALITICA' AND nature = 'RECEITA' ORDER BY code LIMIT 1),
    'MANUAL', NULL, $(day "(s.g % 730) - 30"), 120000, 'BOLETO',
    (SELECT id FROM finance_bank_accounts ORDER BY id LIMIT 1), 1, $now, 'bench', $now, 'bench'
FROM ${series}
JOIN (SELECT id, name, document, ROW_NUMBER() OVER (ORDER BY id) AS n FROM crm_clients) c
  ON c.n = 1 + (s.g % (SELECT COUNT(*) FROM crm_clients));
SQL
  local seq_series="(SELECT 1 AS k UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4) q"
  # due = issue + 30·k days; before today: 85 % PAGO, 10 % ABERTO (overdue), 5 % CANCELADO; after: 70 % ABERTO,
  # 20 % BOLETO_EMITIDO, 10 % REGISTRADO (decided by the título number, so the data is the same on every run).
  local due="((s.g % 730) - 30 + 30 * q.k)"
  cat <<SQL
${cte}INSERT INTO finance_receivable_installments (id, receivable_id, seq, count, due_date, original_due_date,
    value_cents, received_cents, status, payment_method, bank_account_id, version, created_at, created_by,
    updated_at, updated_by)
SELECT 'bench-i-' || s.g || '-' || q.k, 'bench-r-' || s.g, q.k, 4, $(day "$due"), $(day "$due"), 30000,
    CASE WHEN $due < $today_days AND s.g % 20 < 17 THEN 30000 ELSE 0 END,
    CASE WHEN $due < $today_days THEN (CASE WHEN s.g % 20 < 17 THEN 'PAGO' WHEN s.g % 20 < 19 THEN 'ABERTO' ELSE 'CANCELADO' END)
         ELSE (CASE WHEN s.g % 10 < 7 THEN 'ABERTO' WHEN s.g % 10 < 9 THEN 'BOLETO_EMITIDO' ELSE 'REGISTRADO' END) END,
    'BOLETO', (SELECT id FROM finance_bank_accounts ORDER BY id LIMIT 1), 1, $now, 'bench', $now, 'bench'
FROM ${series}, ${seq_series};
INSERT INTO finance_receipts (id, installment_id, date, amount_cents, interest_cents, fine_cents, discount_cents,
    principal_cents, bank_account_id, method, source, created_at, created_by)
SELECT 'bench-p-' || substr(i.id, 9), i.id, i.due_date, 30000, 0, 0, 0, 30000, i.bank_account_id, 'BOLETO', 'MANUAL',
    i.created_at, 'bench'
FROM finance_receivable_installments i WHERE i.status = 'PAGO' AND i.created_by = 'bench';
SQL
}

prepare_postgres() {
  ensure_postgres
  psql_pg -c "select 1 from pg_database where datname = '$PG_DB'" | grep -q 1 || psql_pg -c "create database $PG_DB"
  BACKOFFICE_DATABASE_URL="$PG_URL" "$BIN" migrate >/dev/null
  local have
  have=$(psql_pg -d "$PG_DB" -c "select count(*) from finance_receivable_installments where created_by = 'bench'")
  if [ "$have" -ge "$ROWS" ]; then echo "PostgreSQL: $have installments already loaded"; return; fi
  step "PostgreSQL: demo data, then $ROWS installments"
  BACKOFFICE_DATABASE_URL="$PG_URL" "$BIN" demo-data --bulk-clients 20000 | tail -n 1
  time (load_sql pg | psql_pg -d "$PG_DB")
  psql_pg -d "$PG_DB" -c "vacuum analyze"
}

prepare_sqlite() {
  BACKOFFICE_DATABASE_URL="$SQLITE_URL" "$BIN" migrate >/dev/null
  local have
  have=$(python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("select count(*) from finance_receivable_installments where created_by = ?", ("bench",)).fetchone()[0])' "$SQLITE_FILE")
  if [ "$have" -ge "$ROWS" ]; then echo "SQLite: $have installments already loaded"; return; fi
  step "SQLite: demo data, then $ROWS installments"
  BACKOFFICE_DATABASE_URL="$SQLITE_URL" "$BIN" demo-data --bulk-clients 20000 | tail -n 1
  load_sql sqlite > "$OUTDIR/load-sqlite.sql"
  time python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.executescript(open(sys.argv[2]).read()); c.execute("analyze"); c.commit(); c.execute("pragma wal_checkpoint(truncate)")' "$SQLITE_FILE" "$OUTDIR/load-sqlite.sql"
}

# ------------------------------------------------------------------ server and load
wait_http() { # url pid
  for _ in $(seq 1 300); do
    curl -fs -o /dev/null "$1" && return 0
    kill -0 "$2" 2>/dev/null || { echo "process $2 died" >&2; return 1; }
    sleep 0.1
  done
  echo "timeout waiting for $1" >&2
  return 1
}

start_backoffice() { # url port log -> SERVER_PID
  BACKOFFICE_DATABASE_URL="$1" BACKOFFICE_PORT="$2" BACKOFFICE_BIND=127.0.0.1 "$BIN" serve >"$3" 2>&1 &
  SERVER_PID=$!
  PIDS+=("$SERVER_PID")
  wait_http "http://127.0.0.1:$2/readyz" "$SERVER_PID"
}

stop_pid() { kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }

sign_in() { # port -> token
  curl -fsS -X POST "http://127.0.0.1:$1/api/v1/auth/sign-in" -H 'content-type: application/json' \
    -d "{\"email\":\"$DEMO_ADMIN\",\"password\":\"$DEMO_PASSWORD\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])'
}

summarize() { # json label
  python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); s = d["summary"]; p = d["latencyPercentiles"]
codes = d.get("statusCodeDistribution", {})
non2xx = sum(v for k, v in codes.items() if not k.startswith("2"))
print("\t".join([sys.argv[2], "%.1f req/s" % s["requestsPerSec"], "p50 %.2f ms" % (p["p50"] * 1e3),
                 "p99 %.2f ms" % (p["p99"] * 1e3), "max %.2f ms" % (s["slowest"] * 1e3), "non-2xx %d" % non2xx]))
PY
}

load_run() { # label url token
  local label=$1 url=$2 tag
  tag=$(printf '%s' "$label" | tr -c 'A-Za-z0-9' '_')
  curl -fsS -o "$OUTDIR/$tag.json" -H "Authorization: Bearer $3" "$url"
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("%s: %d rows of %d" % (sys.argv[2], len(d["items"]), d["total"]))' "$OUTDIR/$tag.json" "$label" | tee -a "$RESULTS"
  "$OHA" -z "$WARMUP" -c "$CONC" --no-tui --output-format quiet -H "Authorization: Bearer $3" "$url" >/dev/null 2>&1 || true
  "$OHA" -z "$DURATION" -q "$RATE" -c "$CONC" --latency-correction --no-tui --output-format json -H "Authorization: Bearer $3" "$url" >"$OUTDIR/$tag-fixed.json"
  summarize "$OUTDIR/$tag-fixed.json" "$label	fixed ${RATE}/s" | tee -a "$RESULTS"
  "$OHA" -z "$DURATION" -c "$CONC" --no-tui --output-format json -H "Authorization: Bearer $3" "$url" >"$OUTDIR/$tag-max.json"
  summarize "$OUTDIR/$tag-max.json" "$label	max c=${CONC}" | tee -a "$RESULTS"
}

# Wall time of one report call, REPEAT times: best and median (ms).
time_report() { # label url token
  python3 - "$1" "$2" "$3" "$REPEAT" <<'PY' | tee -a "$RESULTS"
import statistics, subprocess, sys
label, url, token, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
times = []
for _ in range(n):
    out = subprocess.run(["curl", "-fsS", "-o", "/dev/null", "-w", "%{http_code} %{time_total}", "-H", "Authorization: Bearer " + token, url],
                         capture_output=True, text=True, check=True).stdout.split()
    assert out[0] == "200", out
    times.append(float(out[1]) * 1e3)
print("%s\tbest %.0f ms\tmedian %.0f ms\truns %s" % (label, min(times), statistics.median(times), ",".join("%.0f" % t for t in times)))
PY
}

list_queries() { # base -> lines "label<TAB>url"
  local month_from month_to client
  month_from=$(date +%Y-%m-01)
  month_to=$(date -d "$month_from +1 month -1 day" +%Y-%m-%d)
  client=$2
  printf 'month, open states\t%s\n' "$1/api/v1/finance/receivables/installments?due_from=$month_from&due_to=$month_to&status=ABERTO&status=BOLETO_EMITIDO&status=REGISTRADO&status=VENCIDO&page_size=50"
  printf 'one client, all time\t%s\n' "$1/api/v1/finance/receivables/installments?client_id=$client&page_size=50"
  printf 'search by number\t%s\n' "$1/api/v1/finance/receivables/installments?q=CR-2025-000123456&page_size=50"
  printf 'overdue, all time\t%s\n' "$1/api/v1/finance/receivables/installments?status=VENCIDO&page_size=50"
}

bench_engine() { # engine url
  local engine=$1 url=$2 port token client base
  port=$(free_port)
  step "backoffice on $engine ($ROWS installments)"
  start_backoffice "$url" "$port" "$OUTDIR/backoffice-$engine.log"
  local server=$SERVER_PID
  base="http://127.0.0.1:$port"
  token=$(sign_in "$port")
  client=$(curl -fsS -H "Authorization: Bearer $token" "$base/api/v1/finance/receivables/installments?q=CR-2025-000000777&page_size=1" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["client_id"])')
  while IFS=$'\t' read -r label query; do
    load_run "$engine	list: $label" "$query" "$token"
  done < <(list_queries "$base" "$client")
  if [ "$engine" = postgres ]; then
    local today
    today=$(date +%Y-%m-%d)
    time_report "$engine	report receipts, basis vencimento, by month, per client, 12 months" \
      "$base/api/v1/finance/reports/receipts?from=$(date -d "$today -12 months" +%Y-%m-01)&to=$today&basis=VENCIMENTO&bucket=MONTH&dimension=CLIENTE" "$token"
    time_report "$engine	report receipts, basis pagamento, by week, per forma, 12 months" \
      "$base/api/v1/finance/reports/receipts?from=$(date -d "$today -12 months" +%Y-%m-01)&to=$today&basis=PAGAMENTO&bucket=WEEK&dimension=FORMA" "$token"
    time_report "$engine	report aging, per client" "$base/api/v1/finance/reports/aging?as_of=$today&dimension=CLIENTE" "$token"
    time_report "$engine	report cash flow, 180 days, by day, historical" "$base/api/v1/finance/reports/cash-flow?days=180&bucket=DAY&scenario=HISTORICO" "$token"
  fi
  stop_pid "$server"
}

: >"$RESULTS"
echo "# $(date -u +%FT%TZ) $(git -C "$ROOT" rev-parse --short HEAD) on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$RESULTS"
if [ "$ONLY" = all ] || [ "$ONLY" = pg ]; then
  prepare_postgres
  bench_engine postgres "$PG_URL"
fi
if [ "$ONLY" = all ] || [ "$ONLY" = sqlite ]; then
  prepare_sqlite
  bench_engine sqlite "$SQLITE_URL"
fi
echo "# load at the end $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$RESULTS"
echo "results: $RESULTS"
