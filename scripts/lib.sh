# Shared helpers for scripts/*.sh (sourced, not run).

step() { printf '\n== %s\n' "$*"; }

# PostgreSQL on 127.0.0.1:5432 (trust auth): start the machine's cluster when it is down.
ensure_postgres() {
  if ! command -v pg_isready >/dev/null || pg_isready -q -h 127.0.0.1 -p 5432; then return 0; fi
  step "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && return 0; sleep 1; done
  echo "PostgreSQL did not start; the PostgreSQL half of the store tests will be reported as skipped" >&2
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

# Starts `$1 serve` on a free port over a fresh SQLite database in $2; sets SERVER_PID and SERVER_URL.
start_server() {
  local bin=$1 dir=$2 port
  port=$(free_port)
  export BACKOFFICE_DATABASE_URL="sqlite://$dir/backoffice.db" BACKOFFICE_PORT=$port
  "$bin" migrate >/dev/null
  "$bin" serve >"$dir/server.log" 2>&1 &
  SERVER_PID=$!
  SERVER_URL="http://127.0.0.1:$port"
  for _ in $(seq 1 100); do curl -sf "$SERVER_URL/readyz" >/dev/null && return 0; sleep 0.1; done
  echo "server did not become ready; log:" >&2; cat "$dir/server.log" >&2; return 1
}
