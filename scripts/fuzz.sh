#!/usr/bin/env bash
# Runs every cargo-fuzz target of every crate that has one (crates/*/fuzz: the readers of outside input — bank
# files, OFX, PIX, documents, the CSV importers read) for a bounded time each.
#   usage: scripts/fuzz.sh [SECONDS_PER_TARGET]   (default 30)   env: FUZZ_JOBS (targets at once, default: cores)
# Targets are discovered with `cargo fuzz list` in each crate, so new targets need no change here.
# libFuzzer runs one target on one core, so the targets run FUZZ_JOBS at a time (each still gets its whole
# time on a core of its own); each crate's targets are built first, once. Every target runs even if an earlier
# one crashes; the exit status is 1 when any crashed (the crashing input is under
# crates/<crate>/fuzz/artifacts/<target>/, the target's output in the log printed for it).
# Only the stable toolchain is installed: RUSTC_BOOTSTRAP=1 lets cargo-fuzz pass its -Z flags.
set -uo pipefail

duration="${1:-30}"
jobs="${FUZZ_JOBS:-$(nproc)}"
root="$(cd "$(dirname "$0")/.." && pwd)"
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz is not installed: cargo install cargo-fuzz" >&2
    exit 1
fi

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
failed=()
queue=()
for fuzz_dir in "$root"/crates/*/fuzz; do
    crate_dir=$(dirname "$fuzz_dir")
    crate=$(basename "$crate_dir")
    targets=$(cd "$crate_dir" && cargo fuzz list) || { failed+=("$crate (list)"); continue; }
    echo "== fuzz build $crate"
    (cd "$crate_dir" && cargo fuzz build) || { failed+=("$crate (build)"); continue; }
    for target in $targets; do queue+=("$crate/$target"); done
done

# One target: its output to a log; the log's name says how it ended.
run_target() {
    local crate=${1%%/*} target=${1#*/} log="$logs/${1//\//__}"
    if (cd "$root/crates/$crate" && cargo fuzz run "$target" -- -max_total_time="$duration") >"$log.out" 2>&1; then
        mv "$log.out" "$log.ok"
    else
        mv "$log.out" "$log.failed"
    fi
}

echo "== fuzz ${#queue[@]} targets, ${duration}s each, $jobs at a time"
for item in "${queue[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
    echo "== fuzz target $item: ${duration}s"
    run_target "$item" &
done
wait

ran=()
for item in "${queue[@]}"; do
    log="$logs/${item//\//__}"
    if [ -f "$log.ok" ]; then
        ran+=("$item")
        echo "-- $item: $(grep -E '^Done [0-9]+ runs' "$log.ok" | tail -1)"
    else
        failed+=("$item")
        echo "-- $item FAILED; the end of its output:" >&2
        tail -n 60 "$log.failed" 2>/dev/null >&2
    fi
done

if [ "${#failed[@]}" -gt 0 ]; then
    echo "== FAILED fuzz targets: ${failed[*]} (inputs in crates/<crate>/fuzz/artifacts/)" >&2
    exit 1
fi
echo "== all fuzz targets ran ${duration}s each without a crash:" "${ran[@]}"
