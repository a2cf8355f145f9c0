#!/usr/bin/env bash
# Run time of await-heavy Swift programs (issue 25 §3): the native build
# (`swiftc -O`) against the same program through `swiftc -O -emit-irgen`,
# a lowering, and clang-22 -O2 (tests/swift/run_swift.sh's path, its
# LLVM 22 musttail workaround included), for two lowerings: corolower and
# LLVM 22's own passes (the control: same pipeline, only the lowering
# differs). The lowered builds also lack swiftc's own LLVM passes (ARC
# optimisation among them), so native against either lowering measures the
# pipeline as well; corolower against the control measures the lowering.
#
# Measures, per program and build:
#   instructions  executed instructions of one run under callgrind (all
#                 threads), independent of the machine's load;
#   cpu           median user+sys CPU seconds of RUNS runs.
# Prints a markdown table and the ratios native/build (>= 1: the build is
# no slower than native) and control/corolower.
#
# Usage: bench/swift_run_time.sh [PROGRAM.swift ...]
#        (default: tests/swift/programs/ await_loop_100k (10^5 awaits in a
#        loop, 2*10^4 yields), stream_pipeline (a three-stage AsyncStream
#        pipeline) and recursion (task chains, a recursive task group))
# Environment: COROLOWER (default bazel-bin/corolower), SWIFTC, RUNS (5).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
COROLOWER=${COROLOWER:-$root/bazel-bin/corolower}
SWIFTC=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
RUNS=${RUNS:-5}
[ -x "$SWIFTC" ] || { echo "no swiftc" >&2; exit 77; }
progs=("$@")
[ ${#progs[@]} -gt 0 ] || progs=("$root"/tests/swift/programs/{await_loop_100k,stream_pipeline,recursion}.swift)
work=$(mktemp -d "${TMPDIR:-/tmp}/swift_rt.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tmp"
export TMPDIR="$work/tmp"
sw=("$SWIFTC" -O -parse-as-library -module-name M -module-cache-path "$work/mc")

build_lowered() {  # build_lowered IR LOWERED_CMD_OUTPUT DIR
  local ll=$1 d=$2
  opt-22 -passes=verify -disable-output "$ll"
  opt-22 -S -passes=always-inline "$ll" -o "$d/inl.ll"
  sed -E 's/([=[:space:]])musttail call (swifttailcc|tailcc) /\1tail call \2 /' "$d/inl.ll" >"$d/cg.ll"
  clang-22 -O2 -Wno-override-module -c "$d/cg.ll" -o "$d/prog.o"
  (cd "$d" && "$SWIFTC" prog.o -o prog)
}

instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$1" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
median_cpu() {
  local i
  for ((i = 0; i < RUNS; i++)); do
    /usr/bin/time -f '%U %S' -o "$work/t" "$1" >/dev/null 2>&1
    awk '{ printf "%.3f\n", $1 + $2 }' "$work/t"
  done | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

echo "| program | build | instructions | native/build | CPU s (median of $RUNS) | native/build |"
echo "| --- | --- | ---: | ---: | ---: | ---: |"
for src in "${progs[@]}"; do
  n=$(basename "$src" .swift)
  d="$work/$n"; mkdir -p "$d/native" "$d/corolower" "$d/opt22"
  "${sw[@]}" "$src" -o "$d/native/prog"
  "${sw[@]}" -emit-irgen "$src" -o "$d/irgen.ll"
  "$COROLOWER" "$d/irgen.ll" -S -o "$d/corolower.ll"
  build_lowered "$d/corolower.ll" "$d/corolower"
  "$root/tests/swift/opt22_control.sh" "$d/irgen.ll" "$d/opt22.ll"
  build_lowered "$d/opt22.ll" "$d/opt22"
  want=$("$d/native/prog")
  declare -A ins=() cpu=()
  for b in native corolower opt22; do
    [ "$("$d/$b/prog")" = "$want" ] || { echo "$n: the $b build prints something else" >&2; exit 1; }
    ins[$b]=$(instructions "$d/$b/prog")
    cpu[$b]=$(median_cpu "$d/$b/prog")
  done
  for b in native corolower opt22; do
    ri=$(awk -v a="${ins[native]}" -v b="${ins[$b]}" 'BEGIN { printf "%.3f", a / b }')
    rc=$(awk -v a="${cpu[native]}" -v b="${cpu[$b]}" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }')
    echo "| $n | $b | ${ins[$b]} | $ri | ${cpu[$b]} | $rc |"
  done
  echo "| $n | control/corolower | | $(awk -v a="${ins[opt22]}" -v b="${ins[corolower]}" 'BEGIN { printf "%.3f", a / b }') | | $(awk -v a="${cpu[opt22]}" -v b="${cpu[corolower]}" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }') |"
done
