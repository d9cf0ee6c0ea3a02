# Shared helpers for scripts/*.sh (sourced, not run).

# Whether this is CI (CI=true): then nothing may be skipped.
in_ci() { [ -n "${CI:-}" ] && [ "${CI:-}" != "false" ]; }

# Steps and their durations, printed as a table by `print_step_times` (test.sh does it on exit).
STEP_NAMES=()
STEP_STARTS=()
step() {
  STEP_NAMES+=("$*")
  STEP_STARTS+=("$(date +%s)")
  printf '\n== %s\n' "$*"
}

print_step_times() {
  local end total i next
  end=$(date +%s)
  [ ${#STEP_NAMES[@]} -gt 0 ] || return 0
  printf '\n== tempo de cada etapa\n'
  for i in "${!STEP_NAMES[@]}"; do
    next=${STEP_STARTS[$((i + 1))]:-$end}
    printf '  %6ss  %s\n' "$((next - STEP_STARTS[i]))" "${STEP_NAMES[$i]}"
  done
  total=$((end - STEP_STARTS[0]))
  printf '  %6ss  total (%dm%02ds)\n' "$total" "$((total / 60))" "$((total % 60))"
}

# PostgreSQL on 127.0.0.1:5432 (trust auth): start the machine's cluster when it is down. A PostgreSQL
# that cannot be started fails the run, unless a developer says ALLOW_NO_POSTGRES=1 (never in CI): then
# the run goes on and says loudly that the PostgreSQL half of every test is skipped.
ensure_postgres() {
  if postgres_up; then return 0; fi
  step "starting PostgreSQL"
  if command -v pg_ctlcluster >/dev/null; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    for _ in $(seq 1 30); do postgres_up && return 0; sleep 1; done
  fi
  if [ "${ALLOW_NO_POSTGRES:-0}" = 1 ] && ! in_ci; then
    printf '\n!!! PostgreSQL is not running: the PostgreSQL half of the store, API and browser tests and of\n!!! schemathesis will be SKIPPED (ALLOW_NO_POSTGRES=1).\n\n' >&2
    return 0
  fi
  echo "PostgreSQL não pôde ser iniciado em 127.0.0.1:5432 e os testes precisam dele (ALLOW_NO_POSTGRES=1 para pular, fora do CI)." >&2
  return 1
}

postgres_up() { command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; }

# The Rust tests create a PostgreSQL database per test (`bo_test_<uuid>`, platform::testing) and leave it:
# over runs they filled the disk (1,222 of them, 10 GB, on this machine once). Drops every such database
# nobody is connected to — a test still running holds its connections, so its database stays. Never fails.
drop_idle_test_databases() {
  postgres_up || return 0
  local names
  names=$(psql -h 127.0.0.1 -U postgres -d postgres -At -c \
    "SELECT datname FROM pg_database WHERE (datname LIKE 'bo\_test\_%' OR datname LIKE 'bo\_tpl\_%') \
     AND datname NOT IN (SELECT datname FROM pg_stat_activity WHERE datname IS NOT NULL)" 2>/dev/null) || return 0
  for name in $names; do
    psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS $name" >/dev/null 2>&1 || true
  done
  return 0
}

# Debian packages, installed only when missing (apt-get update once, first).
ensure_debian_packages() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  step "apt-get install ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
}

# The test runner (the machine image has it; a machine without it gets it from crates.io).
ensure_cargo_nextest() {
  cargo nextest --version >/dev/null 2>&1 && return 0
  step "cargo install cargo-nextest"
  cargo install cargo-nextest --locked --quiet
}

ensure_cargo_fuzz() {
  cargo fuzz --version >/dev/null 2>&1 && return 0
  step "cargo install cargo-fuzz"
  cargo install cargo-fuzz --locked --quiet
}

# A Python venv with schemathesis, kept between runs.
ST_VENV="${ST_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/backoffice/st-venv}"
ensure_schemathesis() {
  [ -x "$ST_VENV/bin/st" ] && return 0
  step "installing schemathesis 4.32.5"
  python3 -m venv "$ST_VENV"
  "$ST_VENV/bin/pip" install -q schemathesis==4.32.5
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# A fresh PostgreSQL database for one run: prints its URL (drop it with `drop_pg_database URL`).
new_pg_database() {
  local name="bo_$1_$(date +%s)_$RANDOM"
  psql -q -h 127.0.0.1 -U postgres -d postgres -c "CREATE DATABASE $name" >/dev/null
  echo "postgres://postgres@127.0.0.1:5432/$name"
}

drop_pg_database() {
  psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS ${1##*/} WITH (FORCE)" >/dev/null 2>&1 || true
}

# Starts `$1 serve` on a free port over the database URL $3 (default: a fresh SQLite file in $2); logs
# go to $2/server.log. Sets SERVER_PID and SERVER_URL.
start_server() {
  local bin=$1 dir=$2 url=${3:-sqlite://$2/backoffice.db} port
  port=$(free_port)
  export BACKOFFICE_DATABASE_URL="$url" BACKOFFICE_PORT=$port BACKOFFICE_FILES_DIR="$dir/files"
  "$bin" migrate >/dev/null
  "$bin" serve >"$dir/server.log" 2>&1 &
  SERVER_PID=$!
  SERVER_URL="http://127.0.0.1:$port"
  for _ in $(seq 1 100); do curl -sf "$SERVER_URL/readyz" >/dev/null && return 0; sleep 0.1; done
  echo "server did not become ready; log:" >&2; cat "$dir/server.log" >&2; return 1
}
