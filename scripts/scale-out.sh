#!/usr/bin/env bash
# Scale-out, shown on this machine: PostgreSQL, two `backoffice` instances on it and nginx in front.
#   1. A session made on one instance works on the other (and refreshes there).
#   2. Static files and the API work through nginx.
#   3. 10,000 no-op jobs, half enqueued through each instance, run exactly once (queue probes,
#      `POST /api/v1/system/job-probes`).
#   4. `kill -9` of one instance in the middle of a batch: the other finishes every job, none completed
#      twice (a killed instance's claims are taken over when their lease runs out).
#
#   scripts/scale-out.sh [BACKOFFICE_BIN]     (default target/debug/backoffice; the web apps must be built)
#
# The test command runs it after the web build. Needs PostgreSQL on 127.0.0.1:5432 and nginx (installed
# from Debian's packages when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

BIN=$(realpath "${1:-target/debug/backoffice}")
[ -x "$BIN" ] || { echo "sem o binário $BIN: cargo build -p server" >&2; exit 1; }
[ -f shell/dist/index.html ] || { echo "sem shell/dist: construa a web (scripts/web-build.sh)" >&2; exit 1; }
ensure_postgres
ensure_debian_packages nginx curl

WORK=$(mktemp -d)
DB_URL=$(new_pg_database scaleout)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  wait 2>/dev/null || true
  drop_pg_database "$DB_URL"
  rm -rf "$WORK"
}
trap cleanup EXIT

fail() {
  echo "FALHOU: $*" >&2
  for f in "$WORK"/*.log; do echo "--- $f" >&2; tail -20 "$f" >&2; done
  exit 1
}
# `json FIELD` reads a field of the JSON on standard input (a.b for nested, a.0 for a list item).
json() {
  python3 -c 'import json,sys
v=json.load(sys.stdin)
for k in sys.argv[1].split("."):
    v=v[int(k)] if isinstance(v,list) else v[k]
print(v if not isinstance(v,(dict,list)) else json.dumps(v))' "$1"
}

# Both instances share the database, the signing secret and the files; leases are short so a killed
# instance's jobs are taken over in seconds.
export BACKOFFICE_DATABASE_URL="$DB_URL" BACKOFFICE_WEB_ROOT="$PWD" BACKOFFICE_FILES_DIR="$WORK/files"
export BACKOFFICE_JWT_SECRET="scale-out-$(date +%s)-$RANDOM$RANDOM" BACKOFFICE_JOB_LEASE_SECS=3
export BACKOFFICE_TRUSTED_PROXIES=127.0.0.1
"$BIN" migrate >/dev/null
"$BIN" users create --email admin@scale.out --name "Administrador" --role ADMIN \
  --password 'Senha@123' --password-updated >/dev/null

start_instance() { # NAME → sets PORT_<NAME>, PID_<NAME>
  local name=$1 port
  port=$(free_port)
  BACKOFFICE_PORT=$port "$BIN" serve >"$WORK/$name.log" 2>&1 &
  PIDS+=($!)
  printf -v "PID_$name" '%s' "$!"
  printf -v "PORT_$name" '%s' "$port"
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && return 0; sleep 0.1; done
  fail "a instância $name não ficou pronta"
}
start_instance A
start_instance B
A="http://127.0.0.1:$PORT_A" B="http://127.0.0.1:$PORT_B"

PORT_LB=$(free_port)
mkdir -p "$WORK/nginx-tmp"
cat >"$WORK/nginx.conf" <<EOF
worker_processes 1;
pid $WORK/nginx.pid;
error_log $WORK/nginx.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $WORK/nginx-tmp/body;
  proxy_temp_path $WORK/nginx-tmp/proxy;
  fastcgi_temp_path $WORK/nginx-tmp/fastcgi;
  uwsgi_temp_path $WORK/nginx-tmp/uwsgi;
  scgi_temp_path $WORK/nginx-tmp/scgi;
  upstream backoffice {
    server 127.0.0.1:$PORT_A max_fails=1 fail_timeout=30s;
    server 127.0.0.1:$PORT_B max_fails=1 fail_timeout=30s;
    keepalive 16;
  }
  server {
    listen 127.0.0.1:$PORT_LB;
    location / {
      proxy_pass http://backoffice;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
EOF
nginx -e "$WORK/nginx.log" -p "$WORK" -c "$WORK/nginx.conf" || fail "nginx não iniciou"
LB="http://127.0.0.1:$PORT_LB"
for _ in $(seq 1 50); do curl -sf "$LB/healthz" >/dev/null && break; sleep 0.1; done

echo "== instâncias A ($A) e B ($B) no mesmo PostgreSQL; nginx em $LB"

# 1. A session made on A works on B, and refreshes there.
signin=$(curl -sf -H 'Content-Type: application/json' \
  -d '{"email":"admin@scale.out","password":"Senha@123"}' "$A/api/v1/auth/sign-in") || fail "login em A"
TOKEN=$(json access_token <<<"$signin")
REFRESH=$(json refresh_token <<<"$signin")
UID_ADMIN=$(json user.uid <<<"$signin")
AUTH="Authorization: Bearer $TOKEN"
curl -sf -H "$AUTH" "$B/api/v1/users/$UID_ADMIN" | grep -q admin@scale.out || fail "o token de A não vale em B"
curl -sf -H 'Content-Type: application/json' -d "{\"refresh_token\":\"$REFRESH\"}" \
  "$B/api/v1/auth/refresh" | grep -q access_token || fail "a renovação da sessão de A em B"
echo "ok  sessão criada em A vale e renova em B"

# 2. Static files and the API through nginx.
curl -sf "$LB/" | grep -qi '<html' || fail "a página / pelo nginx"
curl -sf "$LB/clientes" | grep -qi '<html' || fail "a rota /clientes pelo nginx"
curl -sf -H "$AUTH" "$LB/api/v1/users/$UID_ADMIN" | grep -q admin@scale.out || fail "a API pelo nginx"
echo "ok  arquivos estáticos e API pelo nginx"

probe() { # BASE JOBS WORK_MS → batch id
  curl -sf -H "$AUTH" -H 'Content-Type: application/json' \
    -d "{\"jobs\":$2,\"work_ms\":$3}" "$1/api/v1/system/job-probes" | json batch
}
report() { curl -sf -H "$AUTH" "$1/api/v1/system/job-probes/$2"; }
# Waits until BATCH (read through BASE) has run every job; at most SECONDS.
await_batch() {
  local base=$1 batch=$2 limit=$3 r
  for _ in $(seq 1 $((limit * 5))); do
    r=$(report "$base" "$batch") || fail "relatório do lote $batch"
    [ "$(json runs <<<"$r")" -ge "$(json jobs <<<"$r")" ] && return 0
    sleep 0.2
  done
  fail "o lote $batch não terminou em ${limit}s: $r"
}
# Every job of BATCH ran to completion exactly once; prints the completions per instance.
exactly_once() {
  local r jobs runs distinct done_jobs
  r=$(report "$1" "$2")
  jobs=$(json jobs <<<"$r"); runs=$(json runs <<<"$r"); distinct=$(json distinct_jobs <<<"$r")
  done_jobs=$(json done <<<"$r")
  [ "$runs" = "$jobs" ] && [ "$distinct" = "$jobs" ] && [ "$done_jobs" = "$jobs" ] ||
    fail "lote $2: $jobs tarefas, $done_jobs concluídas na fila, $runs conclusões gravadas, $distinct distintas"
  json by_worker <<<"$r"
}

# 3. 10,000 jobs, half through each instance, exactly once.
started=$(date +%s.%N)
batch_a=$(probe "$A" 5000 0) || fail "enfileirar em A"
batch_b=$(probe "$B" 5000 0) || fail "enfileirar em B"
await_batch "$LB" "$batch_a" 120
await_batch "$LB" "$batch_b" 120
elapsed=$(python3 -c "import time; print(f'{time.time() - $started:.1f}')")
workers_a=$(exactly_once "$LB" "$batch_a")
workers_b=$(exactly_once "$LB" "$batch_b")
instances=$(python3 -c 'import json,sys; print(len({w["worker"] for a in sys.argv[1:] for w in json.loads(a)}))' \
  "$workers_a" "$workers_b")
[ "$instances" = 2 ] || fail "as tarefas rodaram em $instances instância(s), não nas duas"
echo "ok  10.000 tarefas enfileiradas pelas duas instâncias, cada uma concluída uma vez (${elapsed}s)"
echo "    por instância: $workers_a $workers_b"

# 4. kill -9 of A in the middle of a batch: B finishes it, no job completed twice.
batch_k=$(probe "$A" 600 150) || fail "enfileirar o lote do kill"
for _ in $(seq 1 100); do
  done_k=$(report "$B" "$batch_k" | json runs)
  [ "$done_k" -ge 60 ] && break
  sleep 0.1
done
kill -9 "$PID_A"
wait "$PID_A" 2>/dev/null || true
echo "    kill -9 na instância A com $done_k de 600 tarefas concluídas"
await_batch "$B" "$batch_k" 120
workers_k=$(exactly_once "$B" "$batch_k")
echo "ok  depois do kill -9 em A, B concluiu o lote: 600 tarefas, cada uma uma vez ($workers_k)"
curl -sf "$LB/" | grep -qi '<html' || fail "a página / pelo nginx com uma instância a menos"
curl -sf -H "$AUTH" "$LB/api/v1/users/$UID_ADMIN" >/dev/null || fail "a API pelo nginx com uma instância a menos"
echo "ok  nginx segue servindo pela instância que ficou"
echo "== scale-out: tudo certo"
