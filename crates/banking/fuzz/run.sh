#!/usr/bin/env bash
# Runs every cargo-fuzz target of the banking crate for a bounded time each.
#   usage: crates/banking/fuzz/run.sh [SECONDS_PER_TARGET]   (default 30)
# Targets are discovered with `cargo fuzz list`, so new targets need no change here.
# Every target runs even if an earlier one crashes; the exit status is 1 when any crashed
# (the crashing input is under fuzz/artifacts/<target>/).
# Only the stable toolchain is installed: RUSTC_BOOTSTRAP=1 lets cargo-fuzz pass its -Z flags.
set -uo pipefail

duration="${1:-30}"
cd "$(dirname "$0")/.."
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz is not installed: cargo install cargo-fuzz" >&2
    exit 1
fi

targets=$(cargo fuzz list) || exit 1
failed=()
for target in $targets; do
    echo "== fuzz target $target: ${duration}s"
    if ! cargo fuzz run "$target" -- -max_total_time="$duration"; then
        failed+=("$target")
    fi
done

if [ "${#failed[@]}" -gt 0 ]; then
    echo "== FAILED fuzz targets: ${failed[*]} (inputs in fuzz/artifacts/)" >&2
    exit 1
fi
echo "== all fuzz targets ran ${duration}s each without a crash:" $targets
