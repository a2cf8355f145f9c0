#!/usr/bin/env bash
# Compile-time benchmark: LLVM's coroutine passes vs corolower on one
# coroutine with N sequential co_awaits whose results all stay live (see
# gen_awaits.py), for N in $SIZES.
#
# Two input forms per N:
#   raw         clang++-22 -std=c++20 -O2 -S -emit-llvm -Xclang -disable-llvm-passes
#   simplified  raw through
#               opt-22 -passes='coro-early,function(sroa,early-cse,simplifycfg,instcombine)'
# Timed commands (one hyperfine run over all of them):
#   llvm        opt-22 -passes='coro-early,cgscc(coro-split),coro-cleanup' IN -o OUT
#   corolower   $COROLOWER IN -o OUT              (skipped if not executable;
#               an input it fails on, or takes over CHECK_TIMEOUT s on, is
#               reported and left out)
# Both write bitcode to a regular file in the scratch directory (OUT), never
# to /dev/null: a corolower built before 50f30b4 writes OUT.tmp.PID and
# renames it over OUT, which as root would replace /dev/null with a file.
#
# Usage: bench/compile_time.sh
# Environment:
#   COROLOWER  the CLI (default bazel-bin/corolower, relative to the repo root;
#              build it with `bazel build -c opt //:corolower`: opt-22 is an
#              optimized build, Bazel's default fastbuild is not)
#   SIZES      default "250 500 1000 2000"
#   RUNS       hyperfine --runs (default 3); WARMUP (default 1)
#   CHECK_TIMEOUT  seconds allowed to corolower's trial run (default 300)
#   COUNT_SIZES  sizes at which both tools' executed instructions are also
#              counted with callgrind (default "1000 2000"; "" to skip): a
#              deterministic measure of growth, as wall clock on this shared
#              2-core VM varies by 10-20% between runs
#   OUT_DIR    where the exports go (default bench/results)
#   WORK_DIR   generated sources and IR (default: a temporary directory)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"

CLANGXX=${CLANGXX:-clang++-22}
OPT=${OPT:-opt-22}
COROLOWER=${COROLOWER:-bazel-bin/corolower}
SIZES=${SIZES:-250 500 1000 2000}
RUNS=${RUNS:-3}
WARMUP=${WARMUP:-1}
CHECK_TIMEOUT=${CHECK_TIMEOUT:-300}
OUT_DIR=${OUT_DIR:-$here/results}
mkdir -p "$OUT_DIR"

. "$here/lib.sh"
bench_work_dir compile_time

have_corolower=0
if [ -x "$COROLOWER" ]; then
  have_corolower=1
  COROLOWER=$(cd "$(dirname "$COROLOWER")" && pwd)/$(basename "$COROLOWER")
else
  echo "compile_time.sh: $COROLOWER not found or not executable: timing LLVM only" >&2
fi

llvm_passes='coro-early,cgscc(coro-split),coro-cleanup'
simplify_passes='coro-early,function(sroa,early-cse,simplifycfg,instcombine)'

hf_args=()
for n in $SIZES; do
  src="$work/awaits_$n.cpp"
  python3 "$here/gen_awaits.py" "$n" -o "$src"
  "$CLANGXX" -std=c++20 -O2 -S -emit-llvm -Xclang -disable-llvm-passes "$src" -o "$work/awaits_$n.raw.ll"
  "$OPT" -S -passes="$simplify_passes" "$work/awaits_$n.raw.ll" -o "$work/awaits_$n.simplified.ll"
  for form in raw simplified; do
    in="$work/awaits_$n.$form.ll"
    # Sanity: LLVM's lowering must accept the input.
    lout="$work/awaits_$n.$form.llvm.bc"
    cout="$work/awaits_$n.$form.corolower.bc"
    "$OPT" -passes="$llvm_passes" "$in" -o "$lout"
    hf_args+=(-n "llvm $form $n" "$OPT -passes=$llvm_passes $in -o $lout")
    if [ "$have_corolower" = 1 ]; then
      # Time corolower only where it succeeds (within CHECK_TIMEOUT seconds).
      rc=0
      timeout "$CHECK_TIMEOUT" "$COROLOWER" "$in" -o "$cout" 2>"$work/awaits_$n.$form.corolower.err" || rc=$?
      if [ "$rc" = 0 ]; then
        hf_args+=(-n "corolower $form $n" "$COROLOWER $in -o $cout")
      else
        echo "compile_time.sh: corolower failed on $form N=$n (exit $rc): $(head -c 300 "$work/awaits_$n.$form.corolower.err")" >&2
      fi
    fi
  done
done

md="$OUT_DIR/compile_time.md"
json="$OUT_DIR/compile_time.json"
# -N: no intermediate shell; the commands hold no shell syntax.
hyperfine -N --warmup "$WARMUP" --runs "$RUNS" --export-markdown "$md" \
  --export-json "$json" "${hf_args[@]}" >&2

python3 - "$json" "$SIZES" <<'EOF'
import json, sys
data = json.load(open(sys.argv[1]))
sizes = [int(s) for s in sys.argv[2].split()]
t = {}
for r in data["results"]:
    tool, form, n = r["command"].split()
    t[(tool, form, int(n))] = (r["mean"], r["stddev"] or 0.0)

def fmt(v):
    return "pending" if v is None else "%.3f ± %.3f" % v

print("| form | N | LLVM (s) | corolower (s) | corolower/LLVM |")
print("| --- | ---: | ---: | ---: | ---: |")
for form in ("raw", "simplified"):
    for n in sizes:
        l = t.get(("llvm", form, n))
        c = t.get(("corolower", form, n))
        ratio = "%.3f" % (c[0] / l[0]) if (c and l) else "pending"
        print("| %s | %d | %s | %s | %s |" % (form, n, fmt(l), fmt(c), ratio))
print()
if 1000 in sizes and 2000 in sizes:
    print("| form | tool | t(2000)/t(1000) |")
    print("| --- | --- | ---: |")
    for form in ("raw", "simplified"):
        for tool in ("llvm", "corolower"):
            a, b = t.get((tool, form, 2000)), t.get((tool, form, 1000))
            g = "%.2f" % (a[0] / b[0]) if (a and b) else "pending"
            print("| %s | %s | %s |" % (form, tool, g))
    print()
    print("(2.0 = linear, 4.0 = quadratic)")
EOF
echo "hyperfine exports: $md $json" >&2

COUNT_SIZES=${COUNT_SIZES-1000 2000}
if [ -n "$COUNT_SIZES" ] && command -v valgrind >/dev/null; then
  count() {
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$@" 2>&1 >/dev/null |
      sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
  }
  {
    echo
    echo "| form | N | LLVM instructions | corolower instructions | corolower/LLVM |"
    echo "| --- | ---: | ---: | ---: | ---: |"
    for form in raw simplified; do
      for n in $COUNT_SIZES; do
        in="$work/awaits_$n.$form.ll"
        l=$(count "$OPT" -passes="$llvm_passes" "$in" -o "$work/count.llvm.bc")
        c=-
        [ "$have_corolower" = 1 ] && c=$(count "$COROLOWER" "$in" -o "$work/count.corolower.bc")
        r=$(python3 -c "import sys; l,c=sys.argv[1:]; print('%.3f' % (int(c)/int(l)) if c != '-' else '-')" "$l" "$c")
        echo "| $form | $n | $l | $c | $r |"
      done
    done
  } | tee "$OUT_DIR/compile_time_instructions.md"
fi
