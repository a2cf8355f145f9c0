#!/usr/bin/env bash
# Frames and heap allocation elision with the pass plugin against clang's
# own coroutine lowering, at one level (default -O2), on C++ programs
# (default: tests/e2e/programs and tests/plugin/programs):
#   per coroutine: LLVM's frame size (the dereferenceable bytes of its
#   .resume clone's frame parameter in clang++-22 -S -emit-llvm output; for
#   a coroutine whose clones the pipeline deleted after inlining or
#   eliding them, CoroSplit's remark `Split 'f' (frame_size=N, ...)`,
#   -Rpass=coro-split, the same number; clang keeps the last -Rpass
#   regex only, so one regex asks for both remarks) and corolower's (the
#   plugin's frame report), then the geometric mean of corolower/LLVM over the
#   coroutines both lowered, over those with a clone and over all;
#   per program: allocations CoroElide elided (-Rpass=coro-elide remarks)
#   in each build.
# Any project's translation units: --flags gives the rest of its compile
# command (include paths, defines, -std=...; default -std=c++20), and a
# coroutine defined in several of them (a template, an inline function) is
# counted once, at its first translation unit. A corolower frame larger
# than LLVM's is marked LARGER, and `overaligned` when it or one of its
# fields asks for an alignment above 16 (LLVM lays the frame out as if it
# had that alignment, which operator new does not give it; corolower
# realigns the over-aligned region at run time, which costs padding: see
# bench/RESULTS.md, Frame size).
# The frame parameter's attributes may hold parentheses (captures(none),
# initializes(...)): the parameter is read up to its comma.
# Usage: bench/plugin_frames.sh PLUGIN.so [-O2] [--flags 'FLAGS'] [src.cpp...]
set -euo pipefail
plugin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1"); shift
level=-O2 flags=-std=c++20
if [ $# -gt 0 ] && [[ "$1" == -O* ]]; then level=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" = --flags ]; then flags=$2; shift 2; fi
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ $# -gt 0 ] || set -- "$root"/tests/e2e/programs/*.cpp "$root"/tests/plugin/programs/*.cpp
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
i=0
for src in "$@"; do
  # numbered, so that sources of one name in two directories stay apart
  i=$((i + 1)); n=$(printf '%03d_%s' "$i" "$(basename "$src" .cpp)")
  # shellcheck disable=SC2086
  clang++-22 $flags "$level" -Rpass='coro-(elide|split)' -S -emit-llvm "$src" \
    -o "$work/$n.llvm.ll" 2>"$work/$n.llvm.log"
  # shellcheck disable=SC2086
  clang++-22 $flags "$level" -Rpass=coro-elide -S -emit-llvm \
    -fpass-plugin="$plugin" -mllvm -corolower-frame-report="$work/$n.json" \
    "$src" -o "$work/$n.crl.ll" 2>"$work/$n.crl.log"
  echo "$n $(grep -c 'elided in' "$work/$n.llvm.log" || true) $(grep -c 'elided in' "$work/$n.crl.log" || true)" >>"$work/elided"
done
python3 - "$work" <<'PY'
import json, math, os, re, sys
work = sys.argv[1]
rows, seen, align = [], set(), {}
reported, disagree = set(), []
for f in sorted(os.listdir(work)):
    if not f.endswith(".llvm.ll"):
        continue
    n = f[:-len(".llvm.ll")]
    llvm = {}
    for m in re.finditer(r"^define .*@\"?([^\"(]+)\.resume\"?\(ptr [^,]*?dereferenceable\((\d+)\)",
                         open(os.path.join(work, f)).read(), re.M):
        llvm[m.group(1)] = int(m.group(2))
    split = {}
    for m in re.finditer(r"Split '([^']+)' \(frame_size=(\d+)", open(os.path.join(work, n + ".llvm.log")).read()):
        split[m.group(1)] = int(m.group(2))
    disagree += [fn for fn in llvm if fn in split and split[fn] != llvm[fn]]
    crl = {}
    rep = os.path.join(work, n + ".json")
    if os.path.exists(rep):
        text, dec, i = open(rep).read(), json.JSONDecoder(), 0
        while i < len(text):
            while i < len(text) and text[i].isspace():
                i += 1
            if i == len(text):
                break
            doc, i = dec.raw_decode(text, i)
            for fr in doc["frames"]:
                crl[fr["function"]] = fr["size"]
                # the largest alignment asked of the frame: its own or a
                # field's (corolower realigns an over-aligned region at run
                # time in a frame allocated at 16)
                align[fr["function"]] = max([fr["align"]] + [f["align"] for f in fr.get("fields", [])])
    reported |= set(crl)
    for fn in sorted(set(crl) - seen):
        if fn in llvm or fn in split:
            seen.add(fn)
            rows.append((n, fn, llvm.get(fn, split.get(fn)), crl[fn], "" if fn in llvm else "remark"))
print(f"{'program':26} {'coroutine':44} {'llvm':>5} {'crl':>5}")
for n, fn, a, b, src in rows:
    big = ("  LARGER" + (" overaligned" if align[fn] > 16 else "")) if b > a else ""
    print(f"{n:26} {fn[:44]:44} {a:5} {b:5} {src:6}{big}")


def summary(what, rs):
    if not rs:
        return
    g = math.exp(sum(math.log(b / a) for _, _, a, b, _ in rs) / len(rs))
    print(f"{what}: {len(rs)}; corolower larger: {sum(1 for r in rs if r[3] > r[2])} (over-aligned: "
          f"{sum(1 for r in rs if r[3] > r[2] and align[r[1]] > 16)}); equal: "
          f"{sum(1 for r in rs if r[3] == r[2])}; smaller: {sum(1 for r in rs if r[3] < r[2])}; "
          f"geomean crl/llvm: {g:.3f}")


print(f"coroutines in the frame reports: {len(reported)}")
summary("compared by a .resume clone's dereferenceable", [r for r in rows if not r[4]])
summary("compared, clones and remarks (all)", rows)
if disagree:
    print("remark and dereferenceable disagree for: " + " ".join(sorted(set(disagree))))
el = [l.split() for l in open(os.path.join(work, "elided"))]
print("allocations elided by CoroElide: llvm %d, with the plugin %d" %
      (sum(int(x[1]) for x in el), sum(int(x[2]) for x in el)))
for x in el:
    if x[1] != x[2]:
        print(f"  {x[0]}: llvm {x[1]}, plugin {x[2]}")
PY
