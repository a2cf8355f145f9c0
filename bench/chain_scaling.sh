#!/usr/bin/env bash
# Layout scaling on a chain: N values each live across two suspends in a row
# (bench/gen_chain.py), so every frame field interferes with its neighbours
# only, for N = SIZES. Times corolower and
#   opt-22 -passes='coro-early,cgscc(coro-split),coro-cleanup'
# in one hyperfine run, and prints time(2N)/time(N) per tool.
#
# Usage: bench/chain_scaling.sh
# Environment: COROLOWER (default bazel-bin/corolower), OPT (default opt-22),
# SIZES (default "2000 4000 8000"), RUNS (default 5), WARMUP (default 1),
# OUT_DIR (default bench/results), WORK_DIR (default: temporary).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
. "$here/lib.sh"

COROLOWER=${COROLOWER:-bazel-bin/corolower}
OPT=${OPT:-opt-22}
SIZES=${SIZES:-2000 4000 8000}
RUNS=${RUNS:-5}
WARMUP=${WARMUP:-1}
OUT_DIR=${OUT_DIR:-bench/results}
mkdir -p "$OUT_DIR"
bench_work_dir chain_scaling
llvm_passes='coro-early,cgscc(coro-split),coro-cleanup'

hf_args=()
for n in $SIZES; do
  in="$work/chain_$n.ll"
  python3 "$here/gen_chain.py" "$n" > "$in"
  # Outputs go to regular files in the scratch directory, not /dev/null
  # (an older corolower renames a temporary file over its output path).
  "$OPT" -passes="$llvm_passes" "$in" -o "$work/chain_$n.llvm.bc"
  "$COROLOWER" "$in" -o "$work/chain_$n.corolower.bc"
  hf_args+=(-n "llvm $n" "$OPT -passes=$llvm_passes $in -o $work/chain_$n.llvm.bc")
  hf_args+=(-n "corolower $n" "$COROLOWER $in -o $work/chain_$n.corolower.bc")
done

json="$OUT_DIR/chain_scaling.json"
hyperfine -N --warmup "$WARMUP" --runs "$RUNS" --export-json "$json" "${hf_args[@]}" >&2

python3 - "$json" "$SIZES" <<'PY'
import json, sys
t = {}
for r in json.load(open(sys.argv[1]))["results"]:
    tool, n = r["command"].split()
    t[(tool, int(n))] = r["mean"]
sizes = [int(s) for s in sys.argv[2].split()]
print("| N | LLVM (s) | corolower (s) | corolower/LLVM |")
print("| ---: | ---: | ---: | ---: |")
for n in sizes:
    print("| %d | %.3f | %.3f | %.3f |" % (n, t[("llvm", n)], t[("corolower", n)],
                                           t[("corolower", n)] / t[("llvm", n)]))
print()
print("| tool | growth per doubling of N |")
print("| --- | --- |")
for tool in ("llvm", "corolower"):
    g = ["%.2f" % (t[(tool, b)] / t[(tool, a)]) for a, b in zip(sizes, sizes[1:]) if b == 2 * a]
    print("| %s | %s |" % (tool, ", ".join(g)))
PY
