#!/usr/bin/env bash
# Compile-time benchmark for the returned-continuation lowering: LLVM's
# coroutine passes against corolower on one retcon coroutine with N
# suspends whose results all stay live (bench/gen_retcon.py), N in $SIZES.
#
# Timed commands (one hyperfine run over all of them; bitcode output to a
# scratch file):
#   llvm        opt-22 -passes='coro-early,cgscc(coro-split),coro-cleanup' IN -o OUT
#   corolower   $COROLOWER IN -o OUT
# Executed instructions are also counted with callgrind (deterministic, as
# wall clock on this shared 2-core VM varies by 10-20%) at COUNT_SIZES for
# corolower and LLVM_COUNT_SIZES for LLVM (callgrind runs ~50x slower, and
# LLVM takes minutes at N=2000). Both lowerings' outputs are compiled with
# the generator's driver and must print the same result.
#
# Usage: bench/retcon_compile_time.sh
# Environment:
#   COROLOWER   the CLI (default bazel-bin/corolower; build with
#               `bazel build -c opt //:corolower`: opt-22 is an optimized build)
#   SIZES       default "250 500 1000 2000"
#   RUNS        hyperfine --runs (default 3); WARMUP (default 1)
#   COUNT_SIZES       default "250 500 1000 2000" ("" to skip)
#   LLVM_COUNT_SIZES  default "250 500 1000" ("" to skip)
#   OUT_DIR     where the results go (default bench/results)
#   WORK_DIR    generated IR (default: a temporary directory)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"

OPT=${OPT:-opt-22}
CLANG=${CLANG:-clang-22}
COROLOWER=${COROLOWER:-bazel-bin/corolower}
SIZES=${SIZES:-250 500 1000 2000}
RUNS=${RUNS:-3}
WARMUP=${WARMUP:-1}
COUNT_SIZES=${COUNT_SIZES-250 500 1000 2000}
LLVM_COUNT_SIZES=${LLVM_COUNT_SIZES-250 500 1000}
OUT_DIR=${OUT_DIR:-$here/results}
mkdir -p "$OUT_DIR"
. "$here/lib.sh"
bench_work_dir retcon_compile_time
COROLOWER=$(cd "$(dirname "$COROLOWER")" && pwd)/$(basename "$COROLOWER")
llvm_passes='coro-early,cgscc(coro-split),coro-cleanup'
target=$(printf 'target datalayout = "%s"\ntarget triple = "%s"\n' \
  "$("$CLANG" -S -emit-llvm -x c /dev/null -o - | sed -n 's/^target datalayout = "\(.*\)"/\1/p')" \
  "$("$CLANG" -S -emit-llvm -x c /dev/null -o - | sed -n 's/^target triple = "\(.*\)"/\1/p')")

hf_args=()
for n in $SIZES; do
  in="$work/retcon_$n.ll"
  { echo "$target"; python3 "$here/gen_retcon.py" "$n" --driver "$work/driver.c"; } > "$in"
  "$OPT" -passes="$llvm_passes" "$in" -o "$work/llvm_$n.bc"
  "$COROLOWER" "$in" -o "$work/corolower_$n.bc"
  # Same behaviour: both lowered programs print the same result.
  a=$("$CLANG" -O1 -w "$work/llvm_$n.bc" "$work/driver.c" -o "$work/p_llvm" && "$work/p_llvm" 5)
  b=$("$CLANG" -O1 -w "$work/corolower_$n.bc" "$work/driver.c" -o "$work/p_crl" && "$work/p_crl" 5)
  if [ "$a" != "$b" ]; then
    echo "retcon_compile_time.sh: N=$n: LLVM's program prints $a, corolower's $b" >&2
    exit 1
  fi
  hf_args+=(-n "llvm $n" "$OPT -passes=$llvm_passes $in -o $work/llvm_$n.bc")
  hf_args+=(-n "corolower $n" "$COROLOWER $in -o $work/corolower_$n.bc")
done

json="$OUT_DIR/retcon_compile_time.json"
hyperfine -N --warmup "$WARMUP" --runs "$RUNS" --export-json "$json" \
  --export-markdown "$OUT_DIR/retcon_compile_time_hyperfine.md" "${hf_args[@]}" >&2

count() {
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
: > "$work/counts"
for n in $COUNT_SIZES; do
  echo "corolower $n $(count "$COROLOWER" "$work/retcon_$n.ll" -o "$work/count.bc")" >> "$work/counts"
done
for n in $LLVM_COUNT_SIZES; do
  echo "llvm $n $(count "$OPT" -passes="$llvm_passes" "$work/retcon_$n.ll" -o "$work/count.bc")" >> "$work/counts"
done

python3 - "$json" "$SIZES" "$work/counts" <<'PY' | tee "$OUT_DIR/retcon_compile_time.md"
import json, sys
data = json.load(open(sys.argv[1]))
sizes = [int(s) for s in sys.argv[2].split()]
t = {}
for r in data["results"]:
    tool, n = r["command"].split()
    t[(tool, int(n))] = (r["mean"], r["stddev"] or 0.0)
ins = {}
for line in open(sys.argv[3]):
    tool, n, c = line.split()
    if c: ins[(tool, int(n))] = int(c)
print("| N | LLVM (s) | corolower (s) | corolower/LLVM | LLVM instructions | corolower instructions | corolower/LLVM |")
print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for n in sizes:
    l, c = t.get(("llvm", n)), t.get(("corolower", n))
    li, ci = ins.get(("llvm", n)), ins.get(("corolower", n))
    print("| %d | %.3f ± %.3f | %.3f ± %.3f | %.4f | %s | %s | %s |" % (
        n, l[0], l[1], c[0], c[1], c[0] / l[0],
        "{:,}".format(li) if li else "not counted", "{:,}".format(ci) if ci else "-",
        "%.4f" % (ci / li) if li and ci else "-"))
print()
if 1000 in sizes and 2000 in sizes:
    for tool in ("llvm", "corolower"):
        a, b = t[(tool, 2000)][0], t[(tool, 1000)][0]
        line = "%s: t(2000)/t(1000) = %.2f by wall clock" % (tool, a / b)
        if (tool, 2000) in ins and (tool, 1000) in ins:
            line += ", %.2f by instructions" % (ins[(tool, 2000)] / ins[(tool, 1000)])
        print(line + " (2.0 = linear, 4.0 = quadratic)")
PY
