#!/usr/bin/env bash
# Runs every cargo-fuzz target of the banking crate for a bounded time each.
#   usage: crates/banking/fuzz/run.sh [SECONDS_PER_TARGET]   (default 30)
# Targets are discovered with `cargo fuzz list`, so new targets need no change here.
# Only the stable toolchain is installed: RUSTC_BOOTSTRAP=1 lets cargo-fuzz pass its -Z flags.
set -euo pipefail

duration="${1:-30}"
cd "$(dirname "$0")/.."
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz is not installed: cargo install cargo-fuzz" >&2
    exit 1
fi

targets=$(cargo fuzz list)
for target in $targets; do
    echo "== fuzz target $target: ${duration}s"
    cargo fuzz run "$target" -- -max_total_time="$duration"
done
echo "== all fuzz targets ran ${duration}s each without a crash: $targets" | tr '\n' ' '
echo
