#!/usr/bin/env bash
# Output-size benchmark: instructions in each function a coroutine becomes
# (ramp, .resume, .destroy, .cleanup), LLVM's lowering against corolower's,
# on the compile-time generator (bench/gen_awaits.py N) in the raw and the
# simplified form, and summed over every program of tests/e2e/programs in
# the simplified form.
#
#   LLVM       opt-22 -passes='coro-early,cgscc(coro-split),coro-cleanup' -S
#   corolower  $COROLOWER -S
#
# Instructions are counted in the textual output: lines inside a function
# body that are neither labels, comments, blank nor the closing brace.
#
# Usage: bench/output_size.sh
# Environment: COROLOWER (default bazel-bin/corolower), SIZES (default
# "2000"), OUT_DIR (default bench/results; the tables also go to
# OUT_DIR/output_size.md), WORK_DIR (default: temporary).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"

CLANGXX=${CLANGXX:-clang++-22}
OPT=${OPT:-opt-22}
COROLOWER=${COROLOWER:-bazel-bin/corolower}
SIZES=${SIZES:-2000}
OUT_DIR=${OUT_DIR:-$here/results}
mkdir -p "$OUT_DIR"
if [ ! -x "$COROLOWER" ]; then
  echo "output_size.sh: $COROLOWER not found (bazel build -c opt //:corolower)" >&2
  exit 1
fi
. "$here/lib.sh"
bench_work_dir output_size

llvm_passes='coro-early,cgscc(coro-split),coro-cleanup'
simplify_passes='coro-early,function(sroa,early-cse,simplifycfg,instcombine)'

# Prints "kind count" for the ramp and clones of every coroutine in a .ll
# (functions named X.resume, X.destroy, X.cleanup, and X itself; X.resume.N,
# an entry point's own resume function, counts as resume, and X.destroy.N,
# a destroy-pointer thunk, as destroy).
count_fns() {
  awk '
    /^define / { name = $0; sub(/\(.*/, "", name); sub(/.*@/, "", name); n = 0; inside = 1; next }
    inside && /^}/ { cnt[name] = n; inside = 0; next }
    inside && !/^[[:space:]]*$/ && !/^[^[:space:]].*:/ && !/^[[:space:]]*;/ { n++ }
    END {
      for (f in cnt) {
        if (f ~ /\.(resume|destroy|cleanup)(\.[0-9]+)?$/) {
          base = f; sub(/\.[0-9]+$/, "", base); k = base; sub(/.*\./, "", k)
          sub(/\.[a-z]+$/, "", base)
          tot[k] += cnt[f]; ramps[base] = 1
        }
      }
      for (b in ramps) if (b in cnt) tot["ramp"] += cnt[b]
      for (k in tot) print k, tot[k]
    }' "$1"
}

table() { # title llvm-counts ours-counts (files of "kind count" lines)
  python3 - "$1" "$2" "$3" <<'EOF'
import sys
title, lf, of = sys.argv[1:]
def load(p):
    t = {}
    for line in open(p):
        if line.strip():
            k, v = line.split()
            t[k] = t.get(k, 0) + int(v)
    return t
l, o = load(lf), load(of)
print("| %s | LLVM | corolower | corolower/LLVM |" % title)
print("| --- | ---: | ---: | ---: |")
for k in ("ramp", "resume", "destroy", "cleanup"):
    a, b = l.get(k, 0), o.get(k, 0)
    print("| %s | %d | %d | %s |" % (k, a, b, "%.3f" % (b / a) if a else "-"))
a, b = sum(l.values()), sum(o.values())
print("| total | %d | %d | %.3f |" % (a, b, b / a if a else 0))
print()
EOF
}

{
  for n in $SIZES; do
    python3 "$here/gen_awaits.py" "$n" -o "$work/awaits_$n.cpp"
    "$CLANGXX" -std=c++20 -O2 -S -emit-llvm -Xclang -disable-llvm-passes "$work/awaits_$n.cpp" -o "$work/awaits_$n.raw.ll"
    "$OPT" -S -passes="$simplify_passes" "$work/awaits_$n.raw.ll" -o "$work/awaits_$n.simplified.ll"
    for form in raw simplified; do
      in="$work/awaits_$n.$form.ll"
      "$OPT" -S -passes="$llvm_passes" "$in" -o "$work/llvm.ll"
      "$COROLOWER" -S "$in" -o "$work/ours.ll"
      count_fns "$work/llvm.ll" > "$work/llvm.cnt"
      count_fns "$work/ours.ll" > "$work/ours.cnt"
      table "awaits N=$n $form: instructions" "$work/llvm.cnt" "$work/ours.cnt"
    done
  done
  # Per program (names repeat across programs), summed by table.
  : > "$work/llvm_all.cnt"
  : > "$work/ours_all.cnt"
  for src in "$root"/tests/e2e/programs/*.cpp; do
    b=$(basename "$src" .cpp)
    "$CLANGXX" -std=c++20 -O2 -S -emit-llvm -Xclang -disable-llvm-passes "$src" -o "$work/$b.raw.ll"
    "$OPT" -S -passes="$simplify_passes" "$work/$b.raw.ll" -o "$work/$b.ll"
    "$OPT" -S -passes="$llvm_passes" "$work/$b.ll" -o "$work/$b.llvm.ll"
    "$COROLOWER" -S "$work/$b.ll" -o "$work/$b.ours.ll"
    count_fns "$work/$b.llvm.ll" >> "$work/llvm_all.cnt"
    count_fns "$work/$b.ours.ll" >> "$work/ours_all.cnt"
  done
  table "e2e corpus, simplified: instructions" "$work/llvm_all.cnt" "$work/ours_all.cnt"
} | tee "$OUT_DIR/output_size.md"
