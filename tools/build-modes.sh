#!/usr/bin/env bash
# What each way of building Sparks costs: builds `sparks` as this repository's make does, as a
# plain `swift build -c release` (what SwiftPM gives a package that depends on Sparks), in debug
# with Sparks's C kernels optimised (-Xcc -O2) and in plain debug, then measures the same frames
# with each, alternating, in one run: per-frame medians (step, render list and drawing, one
# thread) of fire, and of bench-anchor at 10,000 and 100,000 particles.
#
#   tools/build-modes.sh [ROUNDS]        (make build-modes)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-2}
native=()
grep -qw avx2 /proc/cpuinfo && grep -qw fma /proc/cpuinfo && native=(-Xswiftc -target-cpu -Xswiftc haswell)
echo "building the four kinds of build (each in a folder of its own)…" >&2
swift build -c release "${native[@]}" --product sparks --scratch-path .build-mode-make >&2
swift build -c release --product sparks --scratch-path .build-mode-plain >&2
swift build -Xcc -O2 --product sparks --scratch-path .build-mode-debug-o2 >&2
swift build --product sparks --scratch-path .build-mode-debug >&2

# Milliseconds of one frame: the p50s of step, render list and drawing that `sparks bench` reports.
frame() {
    local out
    out=$("$@" 2>&1)
    awk '/^step time/ {s = $4 / 1000} /^render list/ {l = $4 / 1000} /^render +p50/ {d = $3} END {printf "%.2f", s + l + d}' <<<"$out"
}

printf '%-34s %10s %12s %12s\n' build fire 10k 100k
for round in $(seq 1 "$rounds"); do
    for mode in make plain debug-o2 debug; do
        bin=.build-mode-$mode/$([ "${mode#debug}" = "$mode" ] && echo release || echo debug)/sparks
        fire=$(frame "$bin" bench fire --render --frames 10)
        small=$(frame "$bin" bench bench-anchor --live 10000 --render --width 640 --height 480 --frames 10)
        large=$(frame "$bin" bench bench-anchor --live 100000 --render --width 640 --height 480 --frames 10)
        printf '%-34s %8s ms %9s ms %9s ms\n' "$mode (round $round)" "$fire" "$small" "$large"
    done
done
