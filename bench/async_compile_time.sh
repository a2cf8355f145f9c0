#!/usr/bin/env bash
# Compile-time benchmark for the async lowering: LLVM's coroutine passes vs
# corolower on one async function with N suspends, each keeping a value
# live to the end (bench/gen_async.py), for N in $SIZES.
#
# Timed commands (one hyperfine run over all of them, bitcode written to
# scratch files):
#   llvm       opt-22 -passes='coro-early,cgscc(coro-split),coro-cleanup' IN -o OUT
#   corolower  $COROLOWER IN -o OUT
# Then executed instructions under callgrind: corolower at every N, LLVM at
# $LLVM_COUNT_SIZES (callgrind runs LLVM ~50x slower, and LLVM needs tens of
# seconds from N = 1000 on). Prints markdown tables.
#
# Usage: bench/async_compile_time.sh
# Environment:
#   COROLOWER  default bazel-out/k8-opt/bin/corolower (bazel build -c opt
#              //:corolower: opt-22 is an optimized build)
#   SIZES      default "250 500 1000 2000"
#   RUNS       hyperfine --runs (default 3); WARMUP (default 0)
#   LLVM_COUNT_SIZES  default "250 500"; COUNT_SIZES (corolower) default $SIZES
#   WORK_DIR   generated IR (default: a temporary directory)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
OPT=${OPT:-opt-22}
COROLOWER=${COROLOWER:-bazel-out/k8-opt/bin/corolower}
SIZES=${SIZES:-250 500 1000 2000}
RUNS=${RUNS:-3}
WARMUP=${WARMUP:-0}
LLVM_COUNT_SIZES=${LLVM_COUNT_SIZES-250 500}
COUNT_SIZES=${COUNT_SIZES-$SIZES}
. "$here/lib.sh"
bench_work_dir async_compile_time
COROLOWER=$(cd "$(dirname "$COROLOWER")" && pwd)/$(basename "$COROLOWER")
passes='coro-early,cgscc(coro-split),coro-cleanup'

hf=()
for n in $SIZES; do
  in="$work/async_$n.ll"
  python3 "$here/gen_async.py" "$n" -o "$in"
  "$COROLOWER" "$in" -o "$work/async_$n.crl.bc"
  hf+=(-n "llvm $n" "$OPT -passes=$passes $in -o $work/async_$n.llvm.bc")
  hf+=(-n "corolower $n" "$COROLOWER $in -o $work/async_$n.crl.bc")
done
json="$work/hyperfine.json"
hyperfine -N --warmup "$WARMUP" --runs "$RUNS" --export-json "$json" "${hf[@]}" >&2

count() {
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
counts="$work/counts.txt"
: >"$counts"
for n in $COUNT_SIZES; do
  echo "corolower $n $(count "$COROLOWER" "$work/async_$n.ll" -o "$work/count.bc")" >>"$counts"
done
for n in $LLVM_COUNT_SIZES; do
  echo "llvm $n $(count "$OPT" -passes="$passes" "$work/async_$n.ll" -o "$work/count.bc")" >>"$counts"
done

python3 - "$json" "$counts" "$SIZES" <<'EOF'
import json, sys
data = json.load(open(sys.argv[1]))
t = {}
for r in data["results"]:
    tool, n = r["command"].split()
    t[(tool, int(n))] = (r["mean"], r["stddev"] or 0.0)
ins = {}
for line in open(sys.argv[2]):
    tool, n, c = line.split()
    ins[(tool, int(n))] = int(c)
sizes = [int(s) for s in sys.argv[3].split()]
print("| N | LLVM (s) | corolower (s) | corolower/LLVM | LLVM instructions | corolower instructions | corolower/LLVM |")
print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for n in sizes:
    l, c = t.get(("llvm", n)), t.get(("corolower", n))
    li, ci = ins.get(("llvm", n)), ins.get(("corolower", n))
    print("| %d | %.3f ± %.3f | %.4f ± %.4f | %.4f | %s | %s | %s |" % (
        n, l[0], l[1], c[0], c[1], c[0] / l[0],
        "{:,}".format(li) if li else "-", "{:,}".format(ci) if ci else "-",
        "%.4f" % (ci / li) if (li and ci) else "-"))
print()
for a, b in ((1000, 2000), (500, 1000)):
    if ("llvm", a) in t and ("llvm", b) in t:
        print("growth %d -> %d: LLVM %.2f, corolower %.2f (wall clock); corolower %s (instructions)" % (
            a, b, t[("llvm", b)][0] / t[("llvm", a)][0],
            t[("corolower", b)][0] / t[("corolower", a)][0],
            "%.2f" % (ins[("corolower", b)] / ins[("corolower", a)])
            if ("corolower", a) in ins and ("corolower", b) in ins else "-"))
EOF
