#!/usr/bin/env bash
# Banking benchmarks side by side with the boleto libraries of npm and PyPI, in one run:
#   criterion benches `boleto` (encode 1M, decode 1M) and `cnab` (write 1M titles, read a 999,982-record
#   retorno), then the peers of ../shared/bench (peer-boleto.js, peer-boleto.py, peer-decode.js).
# Installs the peers into PEERS_DIR (default ~/.cache/backoffice/peers) on first use.
# Usage: scripts/bench/banking.sh [N_PEER=100000]    Output: target/bench-banking.log
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib.sh
N=${1:-100000}
PEERS_DIR=${PEERS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/backoffice/peers}
BENCH=../shared/bench
export PEERS_DIR

install_peers() {
  if [ ! -d "$PEERS_DIR/node_modules/gerador-boletos" ]; then
    step "npm peers"
    mkdir -p "$PEERS_DIR" && (cd "$PEERS_DIR" && npm init -y >/dev/null &&
      npm install --no-audit --no-fund node-boleto@2.3.0 gerador-boletos@1.0.4 @mrmgomes/boleto-utils@1.3.3 boleto-validator@1.0.2 >/dev/null)
  fi
  if [ ! -x "$PEERS_DIR/venv/bin/python" ]; then
    step "PyPI peers"
    python3 -m venv "$PEERS_DIR/venv"
    "$PEERS_DIR/venv/bin/pip" install -q python3-boleto==1.0.7
    # pyboleto 0.3.1 does not pip-install on Python 3.11: its pure-Python package from the sdist is used.
    "$PEERS_DIR/venv/bin/pip" download -q --no-deps --no-binary :all: pyboleto==0.3.1 -d "$PEERS_DIR/dl"
    (cd "$PEERS_DIR/dl" && tar xzf pyboleto-0.3.1.tar.gz && mkdir -p "$PEERS_DIR/pylib" && cp -r pyboleto-0.3.1/pyboleto "$PEERS_DIR/pylib/")
  fi
}

install_peers
log=target/bench-banking.log
mkdir -p target
{
  echo "# $(date -u +%FT%TZ) on $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg)"
  step "ours: boletos (criterion, on-CPU lines first)"
  cargo bench -p banking --bench boleto 2>&1 | grep -vE "^\s*(Compiling|Running|Finished)"
  step "ours: CNAB files"
  cargo bench -p banking --bench cnab 2>&1 | grep -vE "^\s*(Compiling|Running|Finished)"
  step "peers: npm boleto generators (N=$N)"
  node $BENCH/peer-boleto.js "$N" --peer all --bank 237
  node $BENCH/peer-boleto.js "$N" --peer gerador-boletos --bank 341
  step "peers: PyPI boleto generators (N=$N)"
  "$PEERS_DIR/venv/bin/python" $BENCH/peer-boleto.py "$N" --peer all --bank 237
  step "peers: npm line validators (N=$N)"
  node $BENCH/peer-decode.js "$N" --peer all --bad-pct 2
  echo "# load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
} 2>&1 | tee "$log"
