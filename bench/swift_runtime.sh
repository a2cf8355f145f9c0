#!/usr/bin/env bash
# Run time of await-heavy Swift programs (issue 25 §3): the native build
# (`swiftc -O`) against the same program through corolower:
#   swiftc -O -emit-irgen x.swift -o x.ll       # presplit coroutines
#   corolower x.ll -o x.low.ll
#   opt-22 -passes=always-inline; musttail call swifttailcc -> tail call
#   clang-22 -O2 -c; swiftc x.o -o x            # link with Swift's runtime
# (tests/swift/run_swift.sh's path: the always-inline step and the
# musttail rewrite work around llvm/llvm-project#199224 in LLVM 22.1.8;
# swiftc's own pipeline inlines the same helpers after its coroutine
# passes). With CONTROL=1, also LLVM 22's own coroutine passes on the same
# IR (tests/swift/opt22_control.sh), the same pipeline otherwise.
#
# Measured with hyperfine (tools/setup.sh installs it): ROUNDS rounds, each
# one hyperfine run over all builds of a program (WARMUP warm-ups, RUNS
# runs each), the builds' order reversed every other round so that a drift
# in the machine's load favours neither. Reported per program and build:
# the mean wall time and mean user+sys CPU time over the rounds, and the
# ratios native/build (>= 1: the build is no slower than the native one),
# each the median over the rounds of that round's ratio of means; then the
# geometric mean of the ratios over the programs.
#
# Usage: bench/swift_runtime.sh [PROGRAM.swift ...]
#        (default: bench/swift/task_chain.swift, bench/swift/stream_pipeline.swift)
# Environment: COROLOWER (default bazel-bin/corolower), SWIFTC, ROUNDS (4),
#              RUNS (5), WARMUP (1), CONTROL (0), KEEP (keep the scratch dir).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
COROLOWER=${COROLOWER:-$root/bazel-bin/corolower}
SWIFTC=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
ROUNDS=${ROUNDS:-4}
RUNS=${RUNS:-5}
WARMUP=${WARMUP:-1}
CONTROL=${CONTROL:-0}
[ -x "$SWIFTC" ] || { echo "swift_runtime.sh: no swiftc: the benchmark did NOT run" >&2; exit 77; }
for t in hyperfine opt-22 clang-22 python3; do
  command -v "$t" >/dev/null || { echo "swift_runtime.sh: $t missing (tools/setup.sh installs it)" >&2; exit 2; }
done
[ -x "$COROLOWER" ] || { echo "swift_runtime.sh: no $COROLOWER (bazel build //:corolower)" >&2; exit 2; }
progs=("$@")
[ ${#progs[@]} -gt 0 ] || progs=("$here"/swift/task_chain.swift "$here"/swift/stream_pipeline.swift)
work=$(mktemp -d "${TMPDIR:-/tmp}/swift_rt.XXXXXX")
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tmp"
export TMPDIR="$work/tmp"
sw=("$SWIFTC" -O -parse-as-library -module-name M -module-cache-path "$work/mc")
builds=(native corolower)
[ "$CONTROL" = 0 ] || builds+=(opt22)

# build_lowered LOWERED.ll DIR: the lowered IR to DIR/prog.
build_lowered() {
  local ll=$1 d=$2
  opt-22 -S -passes=always-inline "$ll" -o "$d/inl.ll"
  sed -E 's/([=[:space:]])musttail call (swifttailcc|tailcc) /\1tail call \2 /' "$d/inl.ll" >"$d/cg.ll"
  clang-22 -O2 -Wno-override-module -c "$d/cg.ll" -o "$d/prog.o"
  (cd "$d" && "$SWIFTC" prog.o -o prog)
}

echo "# $(date -u +%Y-%m-%d) $("$SWIFTC" --version 2>&1 | head -n 1); $(hyperfine --version)"
echo "# ROUNDS=$ROUNDS RUNS=$RUNS WARMUP=$WARMUP; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| program | build | wall s (mean) | native/build (median of rounds) | CPU s (mean user+sys) | native/build (median of rounds) |"
echo "| --- | --- | ---: | ---: | ---: | ---: |"
ratios=()
for src in "${progs[@]}"; do
  n=$(basename "$src" .swift)
  d="$work/$n"
  for b in "${builds[@]}"; do mkdir -p "$d/$b"; done
  "${sw[@]}" "$src" -o "$d/native/prog" 2>"$d/native.log"
  "${sw[@]}" -emit-irgen "$src" -o "$d/irgen.ll" 2>"$d/irgen.log"
  "$COROLOWER" "$d/irgen.ll" -o "$d/corolower.ll"
  build_lowered "$d/corolower.ll" "$d/corolower"
  if [ "$CONTROL" != 0 ]; then
    "$root/tests/swift/opt22_control.sh" "$d/irgen.ll" "$d/opt22.ll"
    build_lowered "$d/opt22.ll" "$d/opt22"
  fi
  want=$("$d/native/prog")
  for b in "${builds[@]}"; do
    [ "$("$d/$b/prog")" = "$want" ] || { echo "$n: the $b build prints something else" >&2; exit 1; }
  done
  for ((r = 0; r < ROUNDS; r++)); do
    order=("${builds[@]}")
    if [ $((r % 2)) = 1 ]; then
      order=(); for ((i = ${#builds[@]} - 1; i >= 0; i--)); do order+=("${builds[$i]}"); done
    fi
    cmds=(); for b in "${order[@]}"; do cmds+=(-n "$b" "$d/$b/prog"); done
    hyperfine -N --style none --warmup "$WARMUP" --runs "$RUNS" --export-json "$d/round$r.json" \
      --output=null "${cmds[@]}" >/dev/null
  done
  python3 - "$n" "$d" "$ROUNDS" "${builds[@]}" >"$d/table" <<'PY'
import json, statistics, sys
name, d, rounds, builds = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
wall = {b: [] for b in builds}   # per round: mean wall time
cpu = {b: [] for b in builds}    # per round: mean user + sys time
for r in range(rounds):
    for res in json.load(open("%s/round%d.json" % (d, r)))["results"]:
        wall[res["command"]].append(res["mean"])
        cpu[res["command"]].append(res["user"] + res["system"])
def ratio(m, b):
    # Median over the rounds of the round's native/build: both builds of a
    # round ran minutes apart at most, so a drift of the load between
    # rounds cancels out.
    return statistics.median(n / x for n, x in zip(m["native"], m[b]))
for b in builds:
    print("| %s | %s | %.3f | %.3f | %.3f | %.3f |" % (
        name, b, statistics.mean(wall[b]), ratio(wall, b), statistics.mean(cpu[b]), ratio(cpu, b)))
PY
  cat "$d/table"
  ratios+=("$(awk -F'|' '$3 ~ /corolower/ { gsub(/ /, "", $5); gsub(/ /, "", $7); print $5, $7 }' "$d/table")")
done
echo
printf '%s\n' "${ratios[@]}" | awk '{ w += log($1); c += log($2); n++ }
  END { printf "geometric mean native/corolower over %d programs: wall %.3f, CPU %.3f\n", n, exp(w / n), exp(c / n) }'
