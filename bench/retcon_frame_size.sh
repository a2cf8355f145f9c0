#!/usr/bin/env bash
# Frame size of every returned-continuation coroutine in tests/retcon
# (cases/ and cases_multi_end/), corolower against LLVM 22's passes, on
# x86-64 and AArch64: tests/retcon/frame_sizes.sh reads each lowering's
# llvm.coro.size / llvm.coro.align back from its output (LLVM lowers the
# multi-end cases through their hand-merged NAME.merged.ll, corolower the
# originals). Prints, and writes to OUT_DIR/retcon_frame_size.md: a row per
# coroutine and architecture (sizes, where each frame lives), then the
# geometric mean of corolower/LLVM sizes, how many frames are larger or
# smaller than LLVM's, and how many fit the caller's buffer where LLVM's
# is allocated.
#
# Usage: bench/retcon_frame_size.sh
# Environment: COROLOWER (default bazel-bin/corolower), OUT_DIR (default
# bench/results).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
COROLOWER=${COROLOWER:-bazel-bin/corolower}
OUT_DIR=${OUT_DIR:-$here/results}
mkdir -p "$OUT_DIR"
. "$here/lib.sh"
bench_work_dir retcon_frame_size

sizes=tests/retcon/frame_sizes.sh
bash "$sizes" --multi-end merged \
  --lower "opt-22 -S -passes='coro-early,cgscc(coro-split),coro-cleanup' {in} -o {out}" \
  > "$work/llvm.md"
bash "$sizes" --multi-end original --lower "$COROLOWER {in} -S -o {out}" > "$work/corolower.md"

python3 - "$work/llvm.md" "$work/corolower.md" <<'PY' | tee "$OUT_DIR/retcon_frame_size.md"
import math, sys

def rows(path):
    out = {}
    lines = [l for l in open(path) if l.startswith("|")]
    head = [c.strip() for c in lines[0].strip().strip("|").split("|")]
    archs = [h.split()[0] for h in head[3:]]
    for l in lines[2:]:
        cells = [c.strip() for c in l.strip().strip("|").split("|")]
        for a, cell in zip(archs, cells[3:]):
            size, where = cell.split()
            s, al = size.split("/")
            out[(cells[0], cells[1], a)] = (cells[2], int(s), int(al), where)
    return out

llvm, ours = rows(sys.argv[1]), rows(sys.argv[2])
print("| case | coroutine | arch | buffer | LLVM 22 | corolower | corolower/LLVM |")
print("| --- | --- | --- | --- | --- | --- | ---: |")
logs, larger, smaller, equal, wins, losses = [], [], 0, 0, [], []
for key in sorted(llvm):
    buf, ls, la, lw = llvm[key]
    _, cs, ca, cw = ours[key]
    # A zero-size frame counts as one byte, so the ratio stays defined.
    r = max(cs, 1) / max(ls, 1)
    logs.append(math.log(r))
    if cs > ls: larger.append(key)
    elif cs < ls: smaller += 1
    else: equal += 1
    if cw == "inline" and lw == "allocated": wins.append(key)
    if cw == "allocated" and lw == "inline": losses.append(key)
    mark = " **inline where LLVM allocates**" if key in wins else ""
    print(f"| {key[0]} | {key[1]} | {key[2]} | {buf} | {ls}/{la} {lw} | {cs}/{ca} {cw}{mark} | {r:.3f} |")
n = len(logs)
print()
print(f"{n} frames (coroutines x architectures). Geometric mean of corolower/LLVM sizes: "
      f"{math.exp(sum(logs) / n):.3f}. Smaller: {smaller}, equal: {equal}, larger: {len(larger)}"
      + (" (" + ", ".join(f"{k[1]} on {k[2]}" for k in larger) + ")" if larger else "") + ".")
print(f"In the caller's buffer where LLVM 22 allocates: {len(wins)}"
      + (" (" + ", ".join(f"{k[1]} on {k[2]}" for k in wins) + ")" if wins else "")
      + f"; allocated where LLVM's fits: {len(losses)}"
      + (" (" + ", ".join(f"{k[1]} on {k[2]}" for k in losses) + ")" if losses else "") + ".")
PY
