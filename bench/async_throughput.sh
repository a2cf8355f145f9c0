#!/usr/bin/env bash
# Await throughput of the async lowering: bench/async_throughput/await.ll
# (@looper awaiting @echo N times, each await going through the C
# executor of driver.c) lowered by LLVM 22's passes and by corolower,
# compiled with clang-22 -O2 for x86-64 and run.
#
# Prints the executed instructions per await under callgrind (deterministic:
# this VM's wall clock drifts by tens of percent) and an interleaved
# wall-clock comparison (bench/interleave.py). Ratio above 1: corolower's
# is faster.
#
# Usage: bench/async_throughput.sh
# Environment: COROLOWER (default bazel-out/k8-opt/bin/corolower), AWAITS
#   (default 20000000), COUNT_AWAITS (default 200000), ROUNDS (default 15).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
COROLOWER=${COROLOWER:-bazel-out/k8-opt/bin/corolower}
AWAITS=${AWAITS:-20000000}
COUNT_AWAITS=${COUNT_AWAITS:-200000}
ROUNDS=${ROUNDS:-15}
. "$here/lib.sh"
bench_work_dir async_throughput
: >"$work/empty.c"
{ clang-22 --target=x86_64-linux-gnu -S -emit-llvm "$work/empty.c" -o - | grep -E '^target'
  cat "$here/async_throughput/await.ll"; } >"$work/await.ll"
opt-22 -S -passes='coro-early,cgscc(coro-split),coro-cleanup' "$work/await.ll" -o "$work/llvm.ll"
"$COROLOWER" "$work/await.ll" -S -o "$work/corolower.ll"
for v in llvm corolower; do
  clang-22 -O2 -Wno-override-module "$work/$v.ll" "$here/async_throughput/driver.c" -o "$work/$v"
  "$work/$v" 1000 >/dev/null
done
echo "| lowering | instructions (N = $COUNT_AWAITS) | per await |"
echo "| --- | ---: | ---: |"
declare -A ins
for v in llvm corolower; do
  ins[$v]=$(valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$work/$v" "$COUNT_AWAITS" 2>&1 >/dev/null |
            sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  echo "| $v | ${ins[$v]} | $(awk -v i="${ins[$v]}" -v n="$COUNT_AWAITS" 'BEGIN { printf "%.2f", i / n }') |"
done
echo
echo "throughput ratio by instructions (LLVM/corolower): $(awk -v l="${ins[llvm]}" -v c="${ins[corolower]}" 'BEGIN { printf "%.3f", l / c }')"
echo
python3 "$here/interleave.py" -n "$ROUNDS" "llvm=$work/llvm $AWAITS" "corolower=$work/corolower $AWAITS"
