#!/usr/bin/env bash
# What an embedding compiler pays for coroutine lowering (issue 14, section 2):
# corolower's library call against LLVM's coroutine passes, on the same parsed
# module, in one process (bench/passes_driver.c), on one coroutine with N
# sequential co_awaits whose results all stay live (bench/gen_awaits.py).
#
# Inputs, per N in SIZES (default "1000 2000"), as bench/compile_time.sh makes
# them:
#   raw         clang++-22 -std=c++20 -O2 -S -emit-llvm -Xclang -disable-llvm-passes
#   simplified  raw through
#               opt-22 -passes='coro-early,function(sroa,early-cse,simplifycfg,instcombine)'
# The driver parses and verifies the input once, then per repetition clones
# it and runs on the clone either
#   llvm        LLVMRunPasses("coro-early,cgscc(coro-split),coro-cleanup")
#   corolower   crl_lower_module + crl_result_free (default options)
#   parse       nothing (the baseline: parsing and cloning only)
# Measured:
#   1. instructions (valgrind --tool=callgrind --toggle-collect=bench_run_llvm
#      or bench_run_corolower: only the lowering call is counted, not parsing,
#      cloning or disposal), one repetition; deterministic;
#   2. wall clock with hyperfine: `passes_driver --mode=M --repeat REPEAT IN`
#      for M in parse, llvm, corolower; one lowering = (mean(M) -
#      mean(parse)) / REPEAT;
#   3. wall clock inside the process: `passes_driver --time`, the median over
#      REPEAT calls of CLOCK_MONOTONIC around the lowering call alone.
# Goals (issue 14): at N = 2000, corolower at most 0.1x LLVM's passes by
# instructions, and growth from N = 1000 to 2000 at most 2.2 by instructions.
# Then (WITH_CLI=1) bench/compile_time.sh re-measures the whole CLI against
# opt-22 (goals at N = 2000: raw at most 0.25x, simplified at most 0.4x), and
# (PROFILE=1) bench/cg_profile.py writes where corolower's instructions go,
# by function, N = 1000 against 2000, to OUT_DIR/lowering_only_profile.md.
# Every result is reported with whether its goal holds; nothing here fails on
# a timing.
#
# Writes OUT_DIR/lowering_only.md (and lowering_only_profile.md,
# lowering_only_hyperfine.json, plus compile_time*.{md,json} with
# WITH_CLI=1); everything else stays in the scratch directory. The binaries
# are copied there first, so a rebuild during the run changes nothing.
#
# Usage: bench/lowering_only.sh
# Environment:
#   DRIVER     the driver (default bazel-bin/bench/passes_driver; build with
#              `bazel build -c opt //bench:passes_driver`)
#   COROLOWER  the CLI, for WITH_CLI (default bazel-bin/corolower; build with
#              `bazel build -c opt //:corolower`)
#   SIZES      default "1000 2000" (growth needs both)
#   REPEAT     lowerings per driver process (default 5)
#   RUNS, WARMUP  hyperfine runs (default 5) and warm-ups (default 1)
#   COUNT      1 (default): callgrind counts; 0: skip
#   PROFILE    1 (default): the profile file (needs COUNT=1)
#   WITH_CLI   1 (default): run bench/compile_time.sh too; CLI_RUNS (10),
#              CLI_WARMUP (2), CLI_SIZES ("250 500 1000 2000") are its RUNS,
#              WARMUP and SIZES
#   OUT_DIR    default bench/results; WORK_DIR default: a temporary directory
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"

CLANGXX=${CLANGXX:-clang++-22}
OPT=${OPT:-opt-22}
DRIVER=${DRIVER:-bazel-bin/bench/passes_driver}
COROLOWER=${COROLOWER:-bazel-bin/corolower}
SIZES=${SIZES:-1000 2000}
REPEAT=${REPEAT:-5}
RUNS=${RUNS:-5}
WARMUP=${WARMUP:-1}
COUNT=${COUNT:-1}
PROFILE=${PROFILE:-1}
WITH_CLI=${WITH_CLI:-1}
CLI_RUNS=${CLI_RUNS:-10}
CLI_WARMUP=${CLI_WARMUP:-2}
CLI_SIZES=${CLI_SIZES:-250 500 1000 2000}
OUT_DIR=${OUT_DIR:-$here/results}
mkdir -p "$OUT_DIR"
OUT_DIR=$(cd "$OUT_DIR" && pwd)

. "$here/lib.sh"
bench_work_dir lowering_only
# The tree the binaries are assumed to come from, taken before the long run.
start_commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- . ':!bench' ':!tests' 2>/dev/null || echo ' (library or tool sources modified)')"

if [ ! -x "$DRIVER" ]; then
  echo "lowering_only.sh: $DRIVER not found: bazel build -c opt //bench:passes_driver" >&2
  exit 1
fi
cp "$DRIVER" "$work/passes_driver"
driver="$work/passes_driver"
if [ "$WITH_CLI" = 1 ]; then
  if [ ! -x "$COROLOWER" ]; then
    echo "lowering_only.sh: $COROLOWER not found: bazel build -c opt //:corolower (or WITH_CLI=0)" >&2
    exit 1
  fi
  cp "$COROLOWER" "$work/corolower"
fi

simplify_passes='coro-early,function(sroa,early-cse,simplifycfg,instcombine)'
forms="raw simplified"

# Inputs, and a check that both lowerings succeed and leave verified modules
# without coroutine intrinsics.
for n in $SIZES; do
  python3 "$here/gen_awaits.py" "$n" -o "$work/awaits_$n.cpp"
  "$CLANGXX" -std=c++20 -O2 -S -emit-llvm -Xclang -disable-llvm-passes \
    "$work/awaits_$n.cpp" -o "$work/awaits_$n.raw.ll"
  "$OPT" -S -passes="$simplify_passes" "$work/awaits_$n.raw.ll" -o "$work/awaits_$n.simplified.ll"
  for form in $forms; do
    "$driver" --mode=both --check "$work/awaits_$n.$form.ll" >"$work/check.$form.$n.txt"
  done
done

# 1. Instructions of the lowering call alone.
: >"$work/counts.tsv"
if [ "$COUNT" = 1 ]; then
  for form in $forms; do
    for n in $SIZES; do
      # corolower-noverify: crl_options.skip_output_verify and
      # skip_frame_report (passes_driver --no-verify), as LLVM's passes
      # here run without a verifier and build no report.
      for tool in llvm corolower corolower-noverify; do
        cg="$work/cg.$tool.$form.$n.out"
        mode=${tool%-noverify}
        nv=$([ "$tool" = corolower-noverify ] && echo --no-verify || true)
        c=$(valgrind --tool=callgrind --toggle-collect="bench_run_$mode" \
              --callgrind-out-file="$cg" "$driver" --mode="$mode" $nv \
              "$work/awaits_$n.$form.ll" 2>&1 >/dev/null |
            sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
        printf '%s\t%s\t%s\t%s\n' "$form" "$n" "$tool" "$c" >>"$work/counts.tsv"
        echo "instructions $form N=$n $tool: $c" >&2
      done
    done
  done
fi

# 2. hyperfine: parse+clone baseline, and each lowering, REPEAT times per run.
hf=()
for form in $forms; do
  for n in $SIZES; do
    for mode in parse llvm corolower; do
      hf+=(-n "$mode $form $n" "$driver --mode=$mode --repeat $REPEAT $work/awaits_$n.$form.ll")
    done
  done
done
hyperfine -N --warmup "$WARMUP" --runs "$RUNS" \
  --export-json "$OUT_DIR/lowering_only_hyperfine.json" "${hf[@]}" >&2

# 3. In-process clock around the lowering call.
: >"$work/clock.txt"
for form in $forms; do
  for n in $SIZES; do
    for tool in llvm corolower; do
      "$driver" --mode="$tool" --time --repeat "$REPEAT" "$work/awaits_$n.$form.ll" 2>&1 |
        sed -n "s/^time /$form $n /p" >>"$work/clock.txt"
    done
  done
done

# Whole CLI against opt-22 (bench/compile_time.sh), into OUT_DIR.
if [ "$WITH_CLI" = 1 ]; then
  COROLOWER="$work/corolower" RUNS="$CLI_RUNS" WARMUP="$CLI_WARMUP" SIZES="$CLI_SIZES" \
    OUT_DIR="$OUT_DIR" WORK_DIR="$work/cli" bash "$here/compile_time.sh" >"$work/cli_summary.md"
fi

# Machine and build facts.
{
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "commit: $start_commit"
  echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) cores"
  echo "memory: $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
  echo "os: $(. /etc/os-release && echo "$PRETTY_NAME") ($(cat /etc/debian_version 2>/dev/null || echo ?)), kernel $(uname -r)"
  echo "llvm: $("$OPT" --version | sed -n 's/.*LLVM version \([0-9.]*\).*/\1/p' | head -1)"
  echo "hyperfine: $(hyperfine --version | awk '{print $2}')"
  echo "valgrind: $(valgrind --version 2>/dev/null || echo none)"
  echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
} >"$work/facts.txt"

python3 - "$work" "$OUT_DIR" "$SIZES" "$REPEAT" "$RUNS" "$WARMUP" "$WITH_CLI" <<'EOF'
import json, os, statistics, sys

work, out_dir, sizes, repeat, runs, warmup, with_cli = sys.argv[1:8]
sizes = [int(s) for s in sizes.split()]
repeat = int(repeat)
forms = ["raw", "simplified"]
big, small = max(sizes), min(sizes)
L = []
def p(s=""):
    L.append(s)

facts = dict(line.split(": ", 1) for line in open(os.path.join(work, "facts.txt")).read().splitlines())
p("# Lowering alone: corolower's library call against LLVM's coroutine passes")
p()
p("Written by `bench/lowering_only.sh` on %s at commit %s." % (facts["date"], facts["commit"]))
p("Machine: %s, %s; %s; LLVM %s, hyperfine %s, %s; load average at the end %s." % (
    facts["cpu"], facts["memory"], facts["os"], facts["llvm"], facts["hyperfine"],
    facts["valgrind"], facts["load"]))
p()
p("One process (`bench/passes_driver.c`) parses and verifies the input once, clones")
p("the module (`LLVMCloneModule`) and runs on the clone either LLVM's")
p("`coro-early,cgscc(coro-split),coro-cleanup` through `LLVMRunPasses` (no target")
p("machine, no verifier) or `crl_lower_module` (default options; it verifies the")
p("functions it changed or added, which is part of its cost). Inputs: `bench/gen_awaits.py N`")
p("(N sequential `co_await`s, every result live to the end), raw form")
p("(`clang++-22 -std=c++20 -O2 -S -emit-llvm -Xclang -disable-llvm-passes`) and")
p("simplified form (raw through `opt-22 -passes='coro-early,function(sroa,early-cse,simplifycfg,instcombine)'`).")
p()

# Instructions.
counts = {}
for line in open(os.path.join(work, "counts.tsv")):
    form, n, tool, c = line.rstrip("\n").split("\t")
    counts[(form, int(n), tool)] = int(c) if c else None
goals = []
if counts:
    p("## Instructions of the lowering call alone (callgrind)")
    p()
    p("`valgrind --tool=callgrind --toggle-collect=bench_run_TOOL passes_driver --mode=TOOL IN`:")
    p("only the call into LLVM's passes or corolower is counted. Deterministic.")
    p()
    p("corolower runs with default options (the functions it changed verified) and with")
    p("`skip_output_verify` and `skip_frame_report` (no-verify; LLVM's passes here run")
    p("without a verifier and build no frame report).")
    p()
    p("| form | N | LLVM passes | corolower | corolower/LLVM | corolower no-verify | no-verify/LLVM |")
    p("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for form in forms:
        for n in sizes:
            l, c = counts.get((form, n, "llvm")), counts.get((form, n, "corolower"))
            c2 = counts.get((form, n, "corolower-noverify"))
            r = c / l if (l and c) else None
            r2 = c2 / l if (l and c2) else None
            p("| %s | %d | {:,} | {:,} | %s | {:,} | %s |".format(l or 0, c or 0, c2 or 0) % (
                form, n, "%.3f" % r if r is not None else "-", "%.3f" % r2 if r2 is not None else "-"))
            if n == 2000 and r is not None:
                goals.append(("lowering alone, %s, N = 2000: corolower/LLVM by instructions <= 0.1" % form,
                              "%.4f" % r, r <= 0.1))
            if n == 2000 and r2 is not None:
                goals.append(("lowering alone, %s, N = 2000, no-verify: corolower/LLVM by instructions <= 0.1" % form,
                              "%.4f" % r2, r2 <= 0.1))
    p()
    if len(sizes) > 1:
        p("Growth from N = %d to %d (instructions; 2.0 = linear, 4.0 = quadratic):" % (small, big))
        p()
        p("| form | LLVM passes | corolower | corolower no-verify |")
        p("| --- | ---: | ---: | ---: |")
        tools = ("llvm", "corolower", "corolower-noverify")
        for form in forms:
            g = {}
            for tool in tools:
                a, b = counts.get((form, big, tool)), counts.get((form, small, tool))
                g[tool] = a / b if (a and b) else None
            p("| %s | %s | %s | %s |" % (form, *("%.2f" % g[t] if g[t] else "-" for t in tools)))
            if small == 1000 and big == 2000 and g["corolower"]:
                goals.append(("lowering alone, %s: corolower growth N = 1000 -> 2000 by instructions <= 2.2" % form,
                              "%.3f" % g["corolower"], g["corolower"] <= 2.2))
            if small == 1000 and big == 2000 and g["corolower-noverify"]:
                goals.append(("lowering alone, %s, no-verify: growth N = 1000 -> 2000 by instructions <= 2.2" % form,
                              "%.3f" % g["corolower-noverify"], g["corolower-noverify"] <= 2.2))
        p()

# hyperfine.
hj = json.load(open(os.path.join(out_dir, "lowering_only_hyperfine.json")))
t, cpu = {}, {}
for r in hj["results"]:
    mode, form, n = r["command"].split()
    t[(mode, form, int(n))] = (r["mean"], r["stddev"] or 0.0)
    cpu[(mode, form, int(n))] = r["user"] + r["system"]
p("## Wall clock, hyperfine")
p()
p("`hyperfine -N --warmup %s --runs %s` over `passes_driver --mode=M --repeat %d IN` for" % (warmup, runs, repeat))
p("M = parse, llvm, corolower; one lowering = (mean(M) - mean(parse)) / %d, ± from both σ;" % repeat)
p("the same from the mean CPU time (user + system) hyperfine reports, which waiting for a")
p("core on a loaded machine does not inflate. (Raw export: `lowering_only_hyperfine.json`.)")
p("Wall clock on this shared 2-core VM varies by 10-20% between runs, more when others")
p("use it; the instruction counts above are the stable measure.")
p()
p("| form | N | parse+verify, then %d clones (s) | LLVM passes (s) | corolower (s) | corolower/LLVM | LLVM CPU (s) | corolower CPU (s) | corolower/LLVM CPU |" % repeat)
p("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for form in forms:
    for n in sizes:
        base = t.get(("parse", form, n))
        cells = []
        vals, cvals = {}, {}
        for tool in ("llvm", "corolower"):
            m = t.get((tool, form, n))
            if m and base:
                v = (m[0] - base[0]) / repeat
                e = (m[1] ** 2 + base[1] ** 2) ** 0.5 / repeat
                vals[tool] = v
                cells.append("%.4f ± %.4f" % (v, e))
            else:
                cells.append("-")
            if (tool, form, n) in cpu and ("parse", form, n) in cpu:
                cvals[tool] = (cpu[(tool, form, n)] - cpu[("parse", form, n)]) / repeat
        r = vals["corolower"] / vals["llvm"] if len(vals) == 2 and vals["llvm"] > 0 else None
        rc = cvals["corolower"] / cvals["llvm"] if len(cvals) == 2 and cvals["llvm"] > 0 else None
        p("| %s | %d | %.3f ± %.3f | %s | %s | %s | %s | %s | %s |" % (
            form, n, base[0], base[1], cells[0], cells[1], "%.3f" % r if r is not None else "-",
            "%.4f" % cvals["llvm"] if "llvm" in cvals else "-",
            "%.4f" % cvals["corolower"] if "corolower" in cvals else "-",
            "%.3f" % rc if rc is not None else "-"))
p()

# In-process clock.
clock = {}
for line in open(os.path.join(work, "clock.txt")):
    f = line.split()
    form, n, tool = f[0], int(f[1]), f[2]
    kv = dict(x.split("=") for x in f[3:])
    clock[(form, n, tool)] = (float(kv["median"]), float(kv["min"]))
if clock:
    p("## Wall clock, in the process")
    p()
    p("`passes_driver --mode=TOOL --time --repeat %d IN`: CLOCK_MONOTONIC around the lowering" % repeat)
    p("call alone; median (minimum) over the %d calls of one process." % repeat)
    p()
    p("| form | N | LLVM passes (s) | corolower (s) | corolower/LLVM (medians) | (minimums) |")
    p("| --- | ---: | ---: | ---: | ---: | ---: |")
    for form in forms:
        for n in sizes:
            l, c = clock.get((form, n, "llvm")), clock.get((form, n, "corolower"))
            if l and c:
                p("| %s | %d | %.4f (%.4f) | %.4f (%.4f) | %.3f | %.3f |" % (
                    form, n, l[0], l[1], c[0], c[1], c[0] / l[0], c[1] / l[1]))
    p()

# Whole CLI.
if with_cli == "1":
    p("## Whole CLI against opt-22 (bench/compile_time.sh)")
    p()
    p("Both parse text, verify, lower and write bitcode (to a scratch file);")
    p("hyperfine means, then callgrind counts of the whole process.")
    p()
    summary = open(os.path.join(work, "cli_summary.md")).read().strip()
    p(summary)
    p()
    cj = json.load(open(os.path.join(out_dir, "compile_time.json")))
    ct = {}
    for r in cj["results"]:
        tool, form, n = r["command"].split()
        ct[(tool, form, int(n))] = r["mean"]
    ci = {}
    ipath = os.path.join(out_dir, "compile_time_instructions.md")
    if os.path.exists(ipath):
        for line in open(ipath):
            f = [x.strip() for x in line.strip().strip("|").split("|")]
            if len(f) == 5 and f[1].isdigit() and f[2].isdigit() and f[3].isdigit():
                ci[(f[0], int(f[1]))] = int(f[3]) / int(f[2])
    for form, lim in (("raw", 0.25), ("simplified", 0.4)):
        l, c = ct.get(("llvm", form, 2000)), ct.get(("corolower", form, 2000))
        if l and c:
            goals.append(("whole CLI, %s, N = 2000: corolower/opt by wall clock <= %s" % (form, lim),
                          "%.4f" % (c / l), c / l <= lim))
        if (form, 2000) in ci:
            goals.append(("whole CLI, %s, N = 2000: corolower/opt by instructions <= %s" % (form, lim),
                          "%.4f" % ci[(form, 2000)], ci[(form, 2000)] <= lim))

p("## Goals")
p()
p("| goal | measured | holds |")
p("| --- | ---: | --- |")
for g, v, ok in goals:
    p("| %s | %s | %s |" % (g, v, "yes" if ok else "**no**"))
p()
text = "\n".join(L) + "\n"
open(os.path.join(out_dir, "lowering_only.md"), "w").write(text)
sys.stdout.write(text)
EOF

# Where corolower's instructions go (N = smallest against largest size).
if [ "$COUNT" = 1 ] && [ "$PROFILE" = 1 ] && command -v callgrind_annotate >/dev/null; then
  small=$(printf '%s\n' $SIZES | sort -n | head -1)
  big=$(printf '%s\n' $SIZES | sort -n | tail -1)
  {
    echo "# Where corolower's lowering spends its instructions"
    echo
    echo "From \`bench/lowering_only.sh\` ($(sed -n 's/^date: //p' "$work/facts.txt"), commit"
    echo "$(sed -n 's/^commit: //p' "$work/facts.txt")): callgrind profiles of"
    echo "\`passes_driver --mode=corolower\` counting only \`bench_run_corolower\`, summarised"
    echo "by \`bench/cg_profile.py\`: the call tree under \`crl_lower_module\` (inclusive"
    echo "instructions of each call edge, callees of at least 1% of the total), then the"
    echo "functions with the most instructions of their own. Growth = N=$big / N=$small."
    for form in $forms; do
      echo
      echo "## $form form"
      echo
      python3 "$here/cg_profile.py" --depth 5 --label "N=$small" --label "N=$big" \
        "$work/cg.corolower.$form.$small.out" "$work/cg.corolower.$form.$big.out"
    done
  } >"$work/profile.md"
  cp "$work/profile.md" "$OUT_DIR/lowering_only_profile.md"
  echo "profile: $OUT_DIR/lowering_only_profile.md" >&2
  grep -q lowering_only_profile "$OUT_DIR/lowering_only.md" ||
    printf "Where corolower's instructions go: \`lowering_only_profile.md\`.\n" >>"$OUT_DIR/lowering_only.md"
fi
