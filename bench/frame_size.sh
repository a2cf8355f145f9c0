#!/usr/bin/env bash
# Frame-size benchmark: every coroutine of tests/e2e/programs, in the
# simplified form (clang++-22 -O2 presplit IR through
# opt-22 -passes='coro-early,function(sroa,early-cse,simplifycfg,instcombine)'),
# lowered by
#   LLVM       opt-22 -passes='coro-early,cgscc(coro-split<reuse-storage>),coro-cleanup'
#              (allocas with disjoint lifetimes share storage); its frame size
#              and alignment come from CoroSplit's own optimization remark,
#              "Split 'f' (frame_size=N, align=A)", enabled with
#              -pass-remarks=coro-split: exactly Shape.FrameSize, the value
#              that replaces llvm.coro.size;
#   corolower  $COROLOWER --frame-report=json --frame-report-file=REPORT IN
#              -o REPORT.bc (a scratch file, not /dev/null: a corolower built
#              before 50f30b4 renames a temporary file over its output
#              path, which as root would replace /dev/null), which writes {"frames": [{"function": name,
#              "abi": "switch", "size": N, "align": N, "fields": [...]}, ...]}
#              to REPORT (skipped if the binary is missing). FRAME_REPORT_CMD
#              overrides the command ({corolower}, {in} and {report} are
#              replaced; a template without {report} must print the JSON on
#              stdout).
# Prints one row per coroutine with both sizes and corolower/LLVM, then the
# geometric mean of the ratios over the coroutines both report.
#
# Usage: bench/frame_size.sh
# Environment: COROLOWER (default bazel-bin/corolower), OUT_DIR (default
# bench/results; the table is also written to OUT_DIR/frame_size.md),
# PROGRAMS_DIR (default tests/e2e/programs), CLASSES_DIR (default
# bench/frame_classes: one program per class of issue 14, each reported
# on its own after the table), WORK_DIR (default: temporary).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"

CLANGXX=${CLANGXX:-clang++-22}
OPT=${OPT:-opt-22}
CXXFILT=${CXXFILT:-llvm-cxxfilt-22}
COROLOWER=${COROLOWER:-bazel-bin/corolower}
FRAME_REPORT_CMD=${FRAME_REPORT_CMD:-'{corolower} --frame-report=json --frame-report-file={report} {in} -o {report}.bc'}
PROGRAMS_DIR=${PROGRAMS_DIR:-$root/tests/e2e/programs}
CLASSES_DIR=${CLASSES_DIR:-$here/frame_classes}
OUT_DIR=${OUT_DIR:-$here/results}
mkdir -p "$OUT_DIR"

. "$here/lib.sh"
bench_work_dir frame_size

have_corolower=0
if [ -x "$COROLOWER" ]; then
  have_corolower=1
  COROLOWER=$(cd "$(dirname "$COROLOWER")" && pwd)/$(basename "$COROLOWER")
else
  echo "frame_size.sh: $COROLOWER not found or not executable: LLVM sizes only" >&2
fi

simplify_passes='coro-early,function(sroa,early-cse,simplifycfg,instcombine)'
llvm_passes='coro-early,cgscc(coro-split<reuse-storage>),coro-cleanup'

# Per program: NAME.llvm.tsv (function, size, align) and NAME.corolower.json.
for src in "$PROGRAMS_DIR"/*.cpp "$CLASSES_DIR"/*.cpp; do
  [ -f "$src" ] || continue
  n=$(basename "$src" .cpp)
  case "$src" in "$CLASSES_DIR"/*) n=class.$n ;; esac
  "$CLANGXX" -std=c++20 -O2 -S -emit-llvm -Xclang -disable-llvm-passes "$src" -o "$work/$n.raw.ll"
  "$OPT" -S -passes="$simplify_passes" "$work/$n.raw.ll" -o "$work/$n.simplified.ll"
  "$OPT" -passes="$llvm_passes" -pass-remarks=coro-split "$work/$n.simplified.ll" \
    -o /dev/null 2>"$work/$n.remarks"
  sed -n "s/.*Split '\\(.*\\)' (frame_size=\\([0-9]*\\), align=\\([0-9]*\\)).*/\\1\t\\2\t\\3/p" \
    "$work/$n.remarks" >"$work/$n.llvm.tsv"
  if [ "$have_corolower" = 1 ]; then
    cmd=${FRAME_REPORT_CMD//\{corolower\}/$(printf '%q' "$COROLOWER")}
    cmd=${cmd//\{in\}/$(printf '%q' "$work/$n.simplified.ll")}
    report="$work/$n.corolower.json"
    rm -f "$report"
    case "$FRAME_REPORT_CMD" in
      *"{report}"*)
        cmd=${cmd//\{report\}/$(printf '%q' "$report")}
        rc=0; bash -c "$cmd" >"$work/$n.corolower.out" 2>"$work/$n.corolower.err" || rc=$? ;;
      *)
        rc=0; bash -c "$cmd" >"$report" 2>"$work/$n.corolower.err" || rc=$? ;;
    esac
    if [ "$rc" != 0 ]; then
      echo "frame_size.sh: corolower failed on $n (exit $rc): $(head -c 300 "$work/$n.corolower.err")" >&2
      rm -f "$report"
    fi
  fi
done

python3 - "$work" "$PROGRAMS_DIR" "$CXXFILT" "$OUT_DIR/frame_size.md" "$CLASSES_DIR" <<'EOF'
import glob, json, math, os, subprocess, sys

work, progdir, cxxfilt, out_md, classdir = sys.argv[1:6]
rows = []
missing_reports = []
srcs = [(os.path.basename(f)[:-4], f) for f in sorted(glob.glob(os.path.join(progdir, "*.cpp")))]
srcs += [("class." + os.path.basename(f)[:-4], f)
         for f in sorted(glob.glob(os.path.join(classdir, "*.cpp")))]
for prog, src in srcs:
    llvm = {}
    for line in open(os.path.join(work, prog + ".llvm.tsv")):
        fn, size, align = line.rstrip("\n").split("\t")
        llvm[fn] = (int(size), int(align))
    coro = {}
    jpath = os.path.join(work, prog + ".corolower.json")
    if os.path.exists(jpath):
        try:
            rep = json.load(open(jpath))
            for fr in rep.get("frames", []):
                if fr.get("abi", "switch") == "switch":
                    coro[fr["function"]] = (int(fr["size"]), int(fr["align"]))
        except (ValueError, KeyError, TypeError) as e:
            missing_reports.append("%s (%s)" % (prog, e))
    for fn in sorted(set(llvm) | set(coro)):
        rows.append((prog, fn, llvm.get(fn), coro.get(fn)))

names = [r[1] for r in rows]
try:
    dem = subprocess.run([cxxfilt], input="\n".join(names) + "\n", text=True,
                         capture_output=True, check=True).stdout.splitlines()
except (OSError, subprocess.CalledProcessError):
    dem = names
def short(s, width=60):
    return s if len(s) <= width else s[:width - 3] + "..."

lines = []
lines.append("| program | coroutine | LLVM size | LLVM align | corolower size | corolower align | corolower/LLVM |")
lines.append("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
ratios = []
tot_l = tot_c = 0
larger = []
classes = []
for (prog, fn, l, c), d in zip(rows, dem):
    ratio = "pending"
    if l and c:
        ratio = "%.3f" % (c[0] / l[0])
        if prog.startswith("class."):
            classes.append((prog[6:], short(d), l[0], c[0]))
            continue
        ratios.append(c[0] / l[0])
        tot_l += l[0]
        tot_c += c[0]
        if c[0] > l[0]:
            larger.append("%s `%s` (%d > %d)" % (prog, short(d, 40), c[0], l[0]))
    if prog.startswith("class."):
        continue
    lines.append("| %s | `%s` | %s | %s | %s | %s | %s |" % (
        prog, short(d).replace("|", "\\|"),
        l[0] if l else "-", l[1] if l else "-",
        c[0] if c else "pending", c[1] if c else "pending", ratio))
lines.append("")
n_llvm = sum(1 for r in rows if r[2])
lines.append("coroutines: %d (LLVM reports %d, LLVM total %d bytes)" % (
    len(rows), n_llvm, sum(r[2][0] for r in rows if r[2])))
if ratios:
    gm = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    lines.append("geometric mean corolower/LLVM over %d coroutines: %.3f "
                 "(total %d vs %d bytes)" % (len(ratios), gm, tot_c, tot_l))
else:
    lines.append("geometric mean corolower/LLVM: pending")
lines.append("larger than LLVM: %d%s" % (len(larger), (": " + ", ".join(larger)) if larger else ""))
if classes:
    lines.append("")
    lines.append("Issue 14's classes (bench/frame_classes, one program each):")
    lines.append("")
    lines.append("| class | coroutine | LLVM size | corolower size | corolower/LLVM |")
    lines.append("| --- | --- | ---: | ---: | ---: |")
    for cls, d, l, c in classes:
        lines.append("| %s | `%s` | %d | %d | %.3f |" % (cls, d.replace("|", "\\|"), l, c, c / l))
if missing_reports:
    lines.append("unreadable corolower reports: " + ", ".join(missing_reports))
text = "\n".join(lines) + "\n"
sys.stdout.write(text)
open(out_md, "w").write(text)
EOF
