#!/usr/bin/env bash
# Resume throughput of a lowered returned-continuation generator: the same
# presplit IR (bench/retcon_throughput/xorshift.ll, N xorshift64* values)
# lowered by LLVM's passes and by corolower, each compiled with the same C
# driver, against a hand-written C iterator doing the same work
# (xorshift_iter.c). All must print the same line. Then:
#   - executed instructions, counted with callgrind on COUNT_N values
#     (deterministic);
#   - wall clock on N values: ROUNDS interleaved rounds (each variant once
#     per round, alternating order, as bench/interleave.py does: this
#     shared 2-core VM drifts between runs), and one hyperfine run
#     (OUT_DIR/retcon_throughput_hyperfine.md).
# Results to OUT_DIR/retcon_throughput.md.
#
# Usage: bench/retcon_throughput.sh
# Environment: COROLOWER (default bazel-bin/corolower), N (default
# 200000000), COUNT_N (default 3000000), ROUNDS (interleaved rounds,
# default 21), OUT_DIR (default bench/results), WORK_DIR.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
CLANG=${CLANG:-clang-22}
OPT=${OPT:-opt-22}
COROLOWER=${COROLOWER:-bazel-bin/corolower}
N=${N:-200000000}
COUNT_N=${COUNT_N:-3000000}
ROUNDS=${ROUNDS:-21}
OUT_DIR=${OUT_DIR:-$here/results}
mkdir -p "$OUT_DIR"
. "$here/lib.sh"
bench_work_dir retcon_throughput
src="$here/retcon_throughput"

"$OPT" -S -passes='coro-early,cgscc(coro-split),coro-cleanup' "$src/xorshift.ll" -o "$work/llvm.ll"
"$COROLOWER" "$src/xorshift.ll" -S -o "$work/corolower.ll" 2>/dev/null
"$CLANG" -O2 -w "$work/llvm.ll" "$src/xorshift_driver.c" -o "$work/llvm"
"$CLANG" -O2 -w "$work/corolower.ll" "$src/xorshift_driver.c" -o "$work/corolower"
"$CLANG" -O2 "$src/xorshift_iter.c" -o "$work/c"
want=$("$work/c" "$COUNT_N")
for v in llvm corolower; do
  got=$("$work/$v" "$COUNT_N")
  if [ "$got" != "$want" ]; then
    echo "retcon_throughput.sh: $v prints '$got', the C iterator '$want'" >&2
    exit 1
  fi
done

count() {
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
{
  echo "| variant | instructions ($COUNT_N values) | per value |"
  echo "| --- | ---: | ---: |"
  for v in llvm corolower c; do
    i=$(count "$work/$v" "$COUNT_N")
    echo "$v $i" >> "$work/ins"
    python3 -c "import sys; i=int(sys.argv[2]); print('| %s | %d | %.2f |' % (sys.argv[1], i, i / int(sys.argv[3])))" "$v" "$i" "$COUNT_N"
  done
} > "$work/ins.md"

# Interleaved rounds (every variant once per round, the order alternating),
# as bench/interleave.py does, keeping every time for the table below.
python3 - "$ROUNDS" "$work/wall.json" "llvm=$work/llvm $N" "corolower=$work/corolower $N" "c=$work/c $N" <<'PY'
import json, shlex, subprocess, sys, time
rounds, out, cmds = int(sys.argv[1]), sys.argv[2], [c.split("=", 1) for c in sys.argv[3:]]
times = {n: [] for n, _ in cmds}
for r in range(rounds):
    for n, c in (cmds if r % 2 == 0 else cmds[::-1]):
        t = time.perf_counter()
        subprocess.run(shlex.split(c), stdout=subprocess.DEVNULL, check=True)
        times[n].append(time.perf_counter() - t)
json.dump(times, open(out, "w"))
PY
hyperfine -N --warmup 1 --runs 5 --export-markdown "$OUT_DIR/retcon_throughput_hyperfine.md" \
  -n llvm "$work/llvm $N" -n corolower "$work/corolower $N" -n c "$work/c $N" >&2

python3 - "$work/ins" "$work/wall.json" <<'PY' > "$work/wall.md"
import json, statistics, sys
ins = dict(l.split() for l in open(sys.argv[1]))
d = json.load(open(sys.argv[2]))
times = {k: v for k, v in d.items()}
med = {k: statistics.median(v) for k, v in times.items()}
mn = {k: min(v) for k, v in times.items()}
print("| variant | median (s) | min (s) | LLVM/this (medians) | LLVM/this (minimums) |")
print("| --- | ---: | ---: | ---: | ---: |")
for k in ("llvm", "corolower", "c"):
    print("| %s | %.3f | %.3f | %.3f | %.3f |" % (k, med[k], mn[k], med["llvm"] / med[k], mn["llvm"] / mn[k]))
print()
print("Throughput corolower : LLVM = %.3f by instructions, %.3f by median wall clock; "
      "corolower : C iterator = %.3f by instructions, %.3f by median wall clock." % (
          int(ins["llvm"]) / int(ins["corolower"]), med["llvm"] / med["corolower"],
          int(ins["c"]) / int(ins["corolower"]), med["c"] / med["corolower"]))
PY
{ cat "$work/ins.md"; echo; cat "$work/wall.md"; } | tee "$OUT_DIR/retcon_throughput.md"
