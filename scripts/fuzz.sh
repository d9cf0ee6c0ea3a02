#!/usr/bin/env bash
# Runs every cargo-fuzz target of every crate that has one (crates/*/fuzz: the readers of outside input — bank
# files, OFX, PIX, documents, the CSV importers read) for a bounded time each.
#   usage: scripts/fuzz.sh [SECONDS_PER_TARGET]   (default 30)
# Targets are discovered with `cargo fuzz list` in each crate, so new targets need no change here.
# Every target runs even if an earlier one crashes; the exit status is 1 when any crashed
# (the crashing input is under crates/<crate>/fuzz/artifacts/<target>/).
# Only the stable toolchain is installed: RUSTC_BOOTSTRAP=1 lets cargo-fuzz pass its -Z flags.
set -uo pipefail

duration="${1:-30}"
root="$(cd "$(dirname "$0")/.." && pwd)"
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz is not installed: cargo install cargo-fuzz" >&2
    exit 1
fi

failed=()
ran=()
for fuzz_dir in "$root"/crates/*/fuzz; do
    crate_dir=$(dirname "$fuzz_dir")
    crate=$(basename "$crate_dir")
    targets=$(cd "$crate_dir" && cargo fuzz list) || { failed+=("$crate (list)"); continue; }
    for target in $targets; do
        echo "== fuzz target $crate/$target: ${duration}s"
        if (cd "$crate_dir" && cargo fuzz run "$target" -- -max_total_time="$duration"); then
            ran+=("$crate/$target")
        else
            failed+=("$crate/$target")
        fi
    done
done

if [ "${#failed[@]}" -gt 0 ]; then
    echo "== FAILED fuzz targets: ${failed[*]} (inputs in crates/<crate>/fuzz/artifacts/)" >&2
    exit 1
fi
echo "== all fuzz targets ran ${duration}s each without a crash:" "${ran[@]}"
